// A gradient span eight pixels a step: each index is a fixed-point position's integer part, and neighbouring
// pixels of a frame-wide gradient share or step through a few table entries, so eight of them are one
// permute of eight consecutive entries rather than eight loads.
#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
void flick_raster_gradient_span_wide(uint32_t *dst, const uint32_t *lut, long count, int32_t t, int32_t step) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi32(255);
    __m256i position = _mm256_add_epi32(_mm256_set1_epi32(t), _mm256_mullo_epi32(lanes, _mm256_set1_epi32(step)));
    const __m256i stride = _mm256_set1_epi32(step * 8);
    long i = 0;
    if (step > -65536 && step < 65536) {
        // Under one entry a pixel, eight pixels span at most eight entries from the lowest, which is the first
        // lane on a rising ramp and the last on a falling one.
        const int32_t lowestLane = step >= 0 ? 0 : 7;
        for (; i + 8 <= count; i += 8) {
            const __m256i index = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(position, 16), zero), top);
            int32_t low = (int32_t)(t + (uint32_t)step * (uint32_t)(i + lowestLane)) >> 16;
            low = low < 0 ? 0 : low > 255 ? 255 : low;
            const __m256i window = _mm256_loadu_si256((const __m256i *)(lut + low));
            _mm256_storeu_si256((__m256i *)(dst + i),
                                _mm256_permutevar8x32_epi32(window, _mm256_sub_epi32(index, _mm256_set1_epi32(low))));
            position = _mm256_add_epi32(position, stride);
        }
    } else {
        for (; i + 8 <= count; i += 8) {
            const __m256i index = _mm256_min_epi32(_mm256_max_epi32(_mm256_srai_epi32(position, 16), zero), top);
            _mm256_storeu_si256((__m256i *)(dst + i), _mm256_i32gather_epi32((const int *)lut, index, 4));
            position = _mm256_add_epi32(position, stride);
        }
    }
    for (; i < count; i++) {
        int32_t index = (int32_t)(t + (uint32_t)step * (uint32_t)i) >> 16;
        dst[i] = lut[index < 0 ? 0 : index > 255 ? 255 : index];
    }
}

#elif !defined(__aarch64__)

void flick_raster_gradient_span_wide(uint32_t *dst, const uint32_t *lut, long count, int32_t t, int32_t step) {
    (void)dst; (void)lut; (void)count; (void)t; (void)step;
}

#endif
