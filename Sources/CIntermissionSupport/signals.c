#define _GNU_SOURCE
#include "CIntermissionSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stop_signal = 0;
static volatile sig_atomic_t wake_write_fd = -1;

static void handle_stop(int sig) {
  int saved = errno;
  stop_signal = sig;
  if (wake_write_fd >= 0) {
    intermission_wake(wake_write_fd);
  }
  errno = saved;
}

int intermission_install_stop_signals(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handle_stop;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(SIGINT, &action, NULL) != 0) return -1;
  if (sigaction(SIGTERM, &action, NULL) != 0) return -1;
  if (sigaction(SIGHUP, &action, NULL) != 0) return -1;
  // A closed reader (`--trace /dev/stdout | head -1`) is a write error to report, not a death.
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  if (sigaction(SIGPIPE, &ignore, NULL) != 0) return -1;
  // A parent may have started us with these signals blocked (the mask is inherited); unblock them.
  sigset_t stops;
  sigemptyset(&stops);
  sigaddset(&stops, SIGINT);
  sigaddset(&stops, SIGTERM);
  sigaddset(&stops, SIGHUP);
  return pthread_sigmask(SIG_UNBLOCK, &stops, NULL) == 0 ? 0 : -1;
}

void intermission_set_stop_wake_fd(int wake_fd) { wake_write_fd = wake_fd; }

int intermission_stop_signal(void) { return stop_signal; }

void intermission_note_stop_signal(int sig) { stop_signal = sig; }

int intermission_make_wake_pipe(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }

int intermission_wait_readable(int fd, int timeout_ms) {
  struct pollfd entry = {.fd = fd, .events = POLLIN, .revents = 0};
  int ready = poll(&entry, 1, timeout_ms);
  if (ready < 0) return errno == EINTR ? 1 : 0;
  if (ready == 0) return 0;
  char buffer[64];
  while (read(fd, buffer, sizeof buffer) > 0) {
  }
  return 1;
}

void intermission_wake(int fd) {
  char byte = 1;
  ssize_t ignored = write(fd, &byte, 1);
  (void)ignored;
}
