#ifndef GRIDSIM_CCRC32C_H
#define GRIDSIM_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor has the SSE4.2 `crc32` instruction (always 0 off x86-64).
/// Asked once by the caller and cached: the answer does not change while a process runs.
int gridsim_crc32c_hardware_available(void);

/// Folds `count` bytes at `bytes` into `state`, the *inverted* running CRC-32C
/// (Castagnoli), with the `crc32` instruction eight bytes at a time. O(n), about a third
/// of a cycle per byte. Only call when `gridsim_crc32c_hardware_available()` is non-zero.
uint32_t gridsim_crc32c_hardware_fold(uint32_t state, const void *bytes, size_t count);

#endif
