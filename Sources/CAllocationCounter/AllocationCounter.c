// Interposes glibc's allocator for the binary that links this target, counting the calling
// thread's allocations between begin and end. Used by the benchmark only.
#include "CAllocationCounter.h"

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

#else

int allocation_counter_is_available(void) { return 1; }

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread int counting = 0;
static __thread uint64_t count = 0;

static inline void note(void) {
  if (counting) count += 1;
}

void allocation_counter_begin(void) {
  count = 0;
  counting = 1;
}

uint64_t allocation_counter_end(void) {
  counting = 0;
  return count;
}

void *malloc(size_t size) {
  note();
  return __libc_malloc(size);
}

void *calloc(size_t n, size_t size) {
  note();
  return __libc_calloc(n, size);
}

void *realloc(void *pointer, size_t size) {
  note();
  return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  note();
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  note();
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer) return 12;  // ENOMEM
  *out = pointer;
  return 0;
}

#endif
