// The coverage sweep's step, shared by the sweep (coverage bytes) and the sweep-and-fill of one colour: eight
// cells' running sum and their coverage. Not part of the module's interface.
#ifndef FLICK_RASTER_SWEEP_STEP_H
#define FLICK_RASTER_SWEEP_STEP_H

#include <stdint.h>

/// CoverageRun.coverage: min(|s|, 1) or the distance to the nearest even winding, in 16.16, to a byte.
static inline uint8_t coverage_byte(int32_t sum, int even_odd) {
    uint32_t a = sum < 0 ? 0u - (uint32_t)sum : (uint32_t)sum, c;
    if (even_odd) {
        const uint32_t f = a & 0x1FFFF;
        c = f < 0x20000 - f ? f : 0x20000 - f;
    } else {
        c = a < 65536 ? a : 65536;
    }
    return (uint8_t)(((c << 8) - c + 0x8000) >> 16);
}

/// The sweep's cells from i on, one at a time, after its wide steps: each added to sum, its byte written and ORed into
/// `seen` (the wide steps' bytes ORed together, eight to the word), which is then folded into *ink. Returns the sum.
static inline int32_t sweep_finish(int32_t *cells, uint8_t *out, long i, long count, int32_t sum, int even_odd,
                                   uint64_t seen, uint8_t *ink) {
    for (; i < count; i++) {
        sum += cells[i];
        cells[i] = 0;
        out[i] = coverage_byte(sum, even_odd);
        seen |= out[i];
    }
    seen |= seen >> 32;
    seen |= seen >> 16;
    *ink |= (uint8_t)(seen | seen >> 8);
    return sum;
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Eight cells added to the running sum `*carry` (in every lane), which moves on to the last of them; returns
/// their coverage, 0...255 a 32-bit lane. Zeroes the cells.
__attribute__((target("avx2"), always_inline))
static inline __m256i sweep_x8(int32_t *cells, __m256i *carry, int even_odd) {
    __m256i x = _mm256_loadu_si256((const __m256i *)cells);
    _mm256_storeu_si256((__m256i *)cells, _mm256_setzero_si256());
    // Prefix sum within each 128-bit half, then the low half's total into the high half.
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    const __m256i lowTotal = _mm256_shuffle_epi32(x, 0xFF);
    x = _mm256_add_epi32(x, _mm256_permute2x128_si256(lowTotal, lowTotal, 0x08));
    x = _mm256_add_epi32(x, *carry);
    *carry = _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(7));
    __m256i c = _mm256_abs_epi32(x);
    if (even_odd) {
        c = _mm256_and_si256(c, _mm256_set1_epi32(0x1FFFF));
        c = _mm256_min_epu32(c, _mm256_sub_epi32(_mm256_set1_epi32(0x20000), c));
    } else {
        c = _mm256_min_epu32(c, _mm256_set1_epi32(65536));
    }
    return _mm256_srli_epi32(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(c, 8), c), _mm256_set1_epi32(0x8000)), 16);
}

#endif
#endif
