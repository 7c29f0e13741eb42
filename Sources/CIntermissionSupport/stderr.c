// Standard error pointed away and back, around library calls that print diagnostics of their own.
#include <fcntl.h>
#include <unistd.h>

#include "CIntermissionSupport.h"

int intermission_silence_stderr(void)
{
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
    if (saved < 0) return -1;
    int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (null < 0 || dup2(null, STDERR_FILENO) < 0) {
        if (null >= 0) close(null);
        close(saved);
        return -1;
    }
    close(null);
    return saved;
}

void intermission_restore_stderr(int saved)
{
    if (saved < 0) return;
    dup2(saved, STDERR_FILENO);
    close(saved);
}
