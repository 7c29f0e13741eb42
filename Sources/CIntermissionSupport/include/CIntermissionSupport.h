#ifndef INTERMISSION_SUPPORT_H
#define INTERMISSION_SUPPORT_H

#include <stdint.h>

/// Installs SIGINT and SIGTERM handlers that record the signal and write one byte to `wake_fd`
/// (the write end of a non-blocking self-pipe), so a loop blocked in poll(2) wakes at once.
/// Returns 0 on success, -1 with errno set on failure.
int intermission_install_stop_signals(int wake_fd);

/// The signal number that asked the program to stop, or 0 if none has arrived yet.
int intermission_stop_signal(void);

/// Creates a non-blocking, close-on-exec pipe. Returns 0 on success, -1 with errno set.
int intermission_make_wake_pipe(int fds[2]);

/// Waits until `fd` is readable or `timeout_ms` passes (-1 waits forever); drains what is readable.
/// Returns 1 if woken, 0 on time-out; EINTR counts as woken.
int intermission_wait_readable(int fd, int timeout_ms);

/// Writes one byte to `fd`, ignoring a full pipe. Async-signal-safe.
void intermission_wake(int fd);

#endif
