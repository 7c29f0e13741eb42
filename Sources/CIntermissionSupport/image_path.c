// Where the code that contains this file was loaded from: the shared library or the executable.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

#include "CIntermissionSupport.h"

const char *intermission_image_path(void)
{
    Dl_info info;
    if (dladdr((const void *)&intermission_image_path, &info) == 0) return NULL;
    return info.dli_fname;
}
