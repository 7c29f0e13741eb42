#ifndef INTERMISSION_ALLOCATION_COUNTER_H
#define INTERMISSION_ALLOCATION_COUNTER_H

#include <stdint.h>

/// 1 when allocations are counted; 0 in sanitizer builds, where the sanitizer owns malloc.
int allocation_counter_is_available(void);

/// Starts counting heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
/// memalign) made by the calling thread.
void allocation_counter_begin(void);

/// Stops counting on the calling thread and returns how many allocations it made since begin.
uint64_t allocation_counter_end(void);

/// The heap bytes (usable sizes) the calling thread allocated since begin, less those it freed,
/// while counting: what its work since begin still holds. 0 where counting is not available.
int64_t allocation_counter_held_bytes(void);

#endif
