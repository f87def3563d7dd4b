// The coverage sweep eight cells at a time: FlickRaster's CoverageRun.sweepBaseline with a prefix sum.
#include "CRasterKernels.h"
#include "sweep_step.h"

#if defined(__x86_64__)

__attribute__((target("avx2")))
int32_t flick_raster_sweep_wide(int32_t *cells, uint8_t *out, long count, int32_t sum, int even_odd, uint8_t *ink) {
    __m256i carry = _mm256_set1_epi32(sum);
    __m128i bytes = _mm_setzero_si128();
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i c = sweep_x8(cells + i, &carry, even_odd);
        const __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(c), _mm256_extracti128_si256(c, 1));
        const __m128i packed = _mm_packus_epi16(words, words);
        _mm_storel_epi64((__m128i *)(out + i), packed);
        bytes = _mm_or_si128(bytes, packed);
    }
    return sweep_finish(cells, out, i, count, _mm256_cvtsi256_si32(carry), even_odd, (uint64_t)_mm_cvtsi128_si64(bytes), ink);
}

#elif !defined(__aarch64__)

int32_t flick_raster_sweep_wide(int32_t *cells, uint8_t *out, long count, int32_t sum, int even_odd, uint8_t *ink) {
    (void)cells; (void)out; (void)count; (void)even_odd; (void)ink;
    return sum;
}

#endif
