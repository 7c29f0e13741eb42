// Interposes glibc's allocator for the binary that links this target, counting the calling
// thread's allocations between begin and end, and the bytes they hold. Used by the benchmark and
// by tests that bound memory.
#include "CAllocationCounter.h"

#include <malloc.h>
#include <stddef.h>

// Sanitizers bring their own allocator and interpose malloc themselves; a second interposer runs
// inside their start-up and crashes it. Under a sanitizer the counter is off (and says so).
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define INTERMISSION_UNDER_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define INTERMISSION_UNDER_SANITIZER 1
#endif

#ifdef INTERMISSION_UNDER_SANITIZER

int allocation_counter_is_available(void) { return 0; }
void allocation_counter_begin(void) {}
uint64_t allocation_counter_end(void) { return 0; }
int64_t allocation_counter_held_bytes(void) { return 0; }

#else

int allocation_counter_is_available(void) { return 1; }

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static __thread int counting = 0;
static __thread uint64_t count = 0;
static __thread int64_t held = 0;

static inline void note(void) {
  if (counting) count += 1;
}

/// Adds (or, with -1, takes away) the usable size of `pointer` to the thread's held bytes.
static inline void hold(void *pointer, int64_t sign) {
  if (counting && pointer) held += sign * (int64_t)malloc_usable_size(pointer);
}

void allocation_counter_begin(void) {
  count = 0;
  held = 0;
  counting = 1;
}

int64_t allocation_counter_held_bytes(void) { return held; }

uint64_t allocation_counter_end(void) {
  counting = 0;
  return count;
}

void *malloc(size_t size) {
  note();
  void *pointer = __libc_malloc(size);
  hold(pointer, 1);
  return pointer;
}

void *calloc(size_t n, size_t size) {
  note();
  void *pointer = __libc_calloc(n, size);
  hold(pointer, 1);
  return pointer;
}

void *realloc(void *pointer, size_t size) {
  note();
  hold(pointer, -1);
  void *moved = __libc_realloc(pointer, size);
  // A failed realloc keeps the old block.
  hold(moved ? moved : (size ? pointer : NULL), 1);
  return moved;
}

void free(void *pointer) {
  hold(pointer, -1);
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  note();
  void *pointer = __libc_memalign(alignment, size);
  hold(pointer, 1);
  return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
  note();
  void *pointer = __libc_memalign(alignment, size);
  hold(pointer, 1);
  return pointer;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  note();
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer) return 12;  // ENOMEM
  hold(pointer, 1);
  *out = pointer;
  return 0;
}

#endif
