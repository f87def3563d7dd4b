// One colour under a row of coverage, eight pixels at a time: FlickRaster's Blend.fillBaseline.
#include "CRasterKernels.h"
#include "pixels.h"

#if defined(__x86_64__)

__attribute__((target("avx2")))
void flick_raster_fill_coverage_avx2(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    const __m256i color8 = _mm256_set1_epi32((int)color), all = _mm256_set1_epi32(255);
    const int opaque = copy || color >> 24 == 255;
    const __m256i inverse = _mm256_set1_epi32((int)((255 - (color >> 24)) * 0x10001u));
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t group;
        __builtin_memcpy(&group, coverage + i, 8);
        if (group == 0) continue;
        __m256i *p = (__m256i *)(dst + i);
        if (group == UINT64_MAX) {
            // Inside the shape: the colour, or the colour over what is there at its own alpha.
            const __m256i out = opaque ? color8 : _mm256_add_epi32(color8, scale_x8(_mm256_loadu_si256(p), inverse));
            _mm256_storeu_si256(p, out);
            continue;
        }
        const __m256i c = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)group));
        const __m256i d = _mm256_loadu_si256(p);
        const __m256i s = scale_x8(color8, both_halves(c));
        const __m256i keep = copy ? _mm256_sub_epi32(all, c) : _mm256_sub_epi32(all, _mm256_srli_epi32(s, 24));
        _mm256_storeu_si256(p, _mm256_add_epi32(s, scale_x8(d, both_halves(keep))));
    }
    for (; i < count; i++) {
        const uint32_t c = coverage[i];
        if (c == 0) continue;
        const uint32_t s = scale_pixel(color, c);
        dst[i] = s + scale_pixel(dst[i], copy ? 255 - c : 255 - (s >> 24));
    }
}

#else

void flick_raster_fill_coverage_avx2(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    (void)dst; (void)coverage; (void)count; (void)color; (void)copy;
}

#endif
