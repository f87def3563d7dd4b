// The coverage sweep eight cells at a time: FlickRaster's CoverageRun.sweepBaseline with a prefix sum.
#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

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

__attribute__((target("avx2")))
int32_t flick_raster_sweep_avx2(int32_t *cells, uint8_t *out, long count, int32_t sum, int even_odd, uint8_t *ink) {
    const __m256i one = _mm256_set1_epi32(65536), two = _mm256_set1_epi32(0x20000), mask = _mm256_set1_epi32(0x1FFFF);
    const __m256i half = _mm256_set1_epi32(0x8000), last = _mm256_set1_epi32(7);
    __m256i carry = _mm256_set1_epi32(sum);
    __m128i bytes = _mm_setzero_si128();
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cells + i));
        _mm256_storeu_si256((__m256i *)(cells + i), _mm256_setzero_si256());
        // Prefix sum within each 128-bit half, then the low half's total into the high half.
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
        const __m256i lowTotal = _mm256_shuffle_epi32(x, 0xFF);
        x = _mm256_add_epi32(x, _mm256_permute2x128_si256(lowTotal, lowTotal, 0x08));
        x = _mm256_add_epi32(x, carry);
        carry = _mm256_permutevar8x32_epi32(x, last);
        __m256i c = _mm256_abs_epi32(x);
        if (even_odd) {
            c = _mm256_and_si256(c, mask);
            c = _mm256_min_epu32(c, _mm256_sub_epi32(two, c));
        } else {
            c = _mm256_min_epu32(c, one);
        }
        c = _mm256_srli_epi32(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(c, 8), c), half), 16);
        const __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(c), _mm256_extracti128_si256(c, 1));
        const __m128i packed = _mm_packus_epi16(words, words);
        _mm_storel_epi64((__m128i *)(out + i), packed);
        bytes = _mm_or_si128(bytes, packed);
    }
    sum = _mm256_cvtsi256_si32(carry);
    uint64_t seen = (uint64_t)_mm_cvtsi128_si64(bytes);
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

#else

int32_t flick_raster_sweep_avx2(int32_t *cells, uint8_t *out, long count, int32_t sum, int even_odd, uint8_t *ink) {
    (void)cells; (void)out; (void)count; (void)even_odd; (void)ink;
    return sum;
}

#endif
