#ifndef INTERMISSION_SUPPORT_H
#define INTERMISSION_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// Installs SIGINT, SIGTERM and SIGHUP handlers that record the signal (and wake the loop, once
/// `intermission_set_stop_wake_fd` has named a pipe), ignores SIGPIPE so that a closed reader is a
/// write error, and unblocks the stop signals. Call it first thing in `main`.
/// Returns 0 on success, -1 with errno set on failure.
int intermission_install_stop_signals(void);

/// Names the write end of a non-blocking self-pipe that a stop signal writes one byte to, so that a
/// loop blocked in poll(2) wakes at once; -1 names none.
void intermission_set_stop_wake_fd(int wake_fd);

/// The signal number that asked the program to stop, or 0 if none has arrived yet.
int intermission_stop_signal(void);

/// Records `sig` as the signal that asked the program to stop, as the handlers do. Async-signal-safe:
/// the early handlers of CIntermissionStartup call it before `main`.
void intermission_note_stop_signal(int sig);

/// Creates a non-blocking, close-on-exec pipe. Returns 0 on success, -1 with errno set.
int intermission_make_wake_pipe(int fds[2]);

/// Waits until `fd` is readable or `timeout_ms` passes (-1 waits forever); drains what is readable.
/// Returns 1 if woken, 0 on time-out; EINTR counts as woken.
int intermission_wait_readable(int fd, int timeout_ms);

/// Writes one byte to `fd`, ignoring a full pipe. Async-signal-safe.
void intermission_wake(int fd);

/// The path of the file this code was loaded from: `libintermission.so` when it is linked into
/// that library, else the executable; NULL if the loader does not know.
const char *intermission_image_path(void);

/// Points standard error at /dev/null, for a call into a library that writes its own diagnostics
/// there (ALSA does, when a machine has no sound card). Returns a duplicate of the old standard
/// error for `intermission_restore_stderr`, or -1 (nothing changed) on failure.
int intermission_silence_stderr(void);

/// Puts back the standard error that `intermission_silence_stderr` saved, and closes the duplicate.
/// Does nothing for -1.
void intermission_restore_stderr(int saved);

/// One symbol to look up in a library that is loaded at run time: its name, and the function
/// pointer it fills.
struct intermission_symbol {
    const char *name;
    void **slot;
};

/// Loads the shared library `name` with dlopen and fills every symbol's slot (the library then
/// stays loaded for the life of the process, as a linked one would). Libraries that a run may not
/// need (SDL2_mixer, libcurl, SQLite) come this way, so that a run without them never maps them.
/// Returns 0, or -1 with the reason in `error` (no slot is then to be used).
int intermission_load_library(const char *name, const struct intermission_symbol *symbols, size_t count,
                              char *error, size_t size);

#endif
