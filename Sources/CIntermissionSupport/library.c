// Shared libraries loaded at run time, symbol by symbol.
#include <dlfcn.h>
#include <stdio.h>

#include "CIntermissionSupport.h"

int intermission_load_library(const char *name, const struct intermission_symbol *symbols, size_t count,
                              char *error, size_t size)
{
    void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        if (error && size) snprintf(error, size, "%s", dlerror());
        return -1;
    }
    for (size_t index = 0; index < count; index++) {
        *symbols[index].slot = dlsym(library, symbols[index].name);
        if (!*symbols[index].slot) {
            if (error && size) snprintf(error, size, "%s has no %s", name, symbols[index].name);
            dlclose(library);
            return -1;
        }
    }
    return 0;
}
