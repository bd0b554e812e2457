// The SSE4.2 `crc32` instruction for CRC-32C, enabled on this one function through the
// target attribute rather than for the whole target with -msse4.2: packages that depend on
// this one cannot use unsafe compiler flags, and the rest of the code must still run on
// processors without SSE4.2 (the caller checks at run time and keeps a software fallback).

#include "ccrc32c.h"

#include <string.h>

#if defined(__x86_64__)

#include <nmmintrin.h>

int gridsim_crc32c_hardware_available(void) {
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t gridsim_crc32c_hardware_fold(uint32_t state, const void *bytes, size_t count) {
    const unsigned char *p = (const unsigned char *)bytes;
    uint64_t wide = state;
    while (count >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);  // unaligned load; compiles to one mov
        wide = _mm_crc32_u64(wide, word);
        p += 8;
        count -= 8;
    }
    uint32_t narrow = (uint32_t)wide;
    if (count >= 4) {
        uint32_t word;
        memcpy(&word, p, 4);
        narrow = _mm_crc32_u32(narrow, word);
        p += 4;
        count -= 4;
    }
    if (count >= 2) {
        uint16_t half;
        memcpy(&half, p, 2);
        narrow = _mm_crc32_u16(narrow, half);
        p += 2;
        count -= 2;
    }
    while (count > 0) {
        narrow = _mm_crc32_u8(narrow, *p);
        p += 1;
        count -= 1;
    }
    return narrow;
}

#else

int gridsim_crc32c_hardware_available(void) { return 0; }

uint32_t gridsim_crc32c_hardware_fold(uint32_t state, const void *bytes, size_t count) {
    (void)bytes;
    (void)count;
    return state;  // never called: hardware_available() is 0 here
}

#endif
