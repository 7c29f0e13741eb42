#ifndef INTERMISSION_STARTUP_H
#define INTERMISSION_STARTUP_H

/// Stop signals (SIGINT, SIGTERM, SIGHUP) are noted from before `main`: an ELF constructor of this
/// target installs flag-only handlers, which `intermission_install_stop_signals` (the launcher's
/// first step) replaces. Until then a stop signal only sets the flag that the launcher reads, so a
/// stop asked for while the Swift runtime starts ends the program cleanly. A process that never
/// installs the launcher's handlers gets its own stop signals' behaviour back 1 s after start.
///
/// Returns 1 once the constructor has run (always, in a program that links this target).
int intermission_early_stop_signals_installed(void);

#endif
