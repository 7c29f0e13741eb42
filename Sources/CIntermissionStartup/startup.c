// Stop signals noted from before Swift's `main`: an ELF constructor, linked only into programs on
// Intermission's launcher (IntermissionHost), never into libintermission.so or a game's own loop.
#define _GNU_SOURCE
#include "CIntermissionStartup.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "CIntermissionSupport.h"

/// How long after the constructor a stop signal is only noted, waiting for the launcher to take
/// the signals over. A process that links the launcher but never runs it (a test bundle) gets its
/// old behaviour back after it.
static const long claim_window_ns = 1000L * 1000L * 1000L;

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction previous[3];
static struct timespec installed_at;

static long elapsed_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - installed_at.tv_sec) * 1000000000L + (now.tv_nsec - installed_at.tv_nsec);
}

static void note_early_stop(int sig)
{
    int saved = errno;
    if (elapsed_ns() < claim_window_ns) {
        intermission_note_stop_signal(sig);
    } else {
        // Nobody took the signals over: what the process would have done without us.
        for (int i = 0; i < 3; i++) {
            if (stop_signals[i] != sig) continue;
            sigaction(sig, &previous[i], NULL);
            if (previous[i].sa_handler == SIG_DFL) raise(sig);
        }
    }
    errno = saved;
}

__attribute__((constructor(101))) static void install_early_stop_signals(void)
{
    clock_gettime(CLOCK_MONOTONIC, &installed_at);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_early_stop;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; i++) sigaction(stop_signals[i], &action, &previous[i]);
}

int intermission_early_stop_signals_installed(void) { return installed_at.tv_sec != 0 || installed_at.tv_nsec != 0; }
