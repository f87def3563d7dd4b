// One colour under a row of coverage, eight pixels at a time: FlickRaster's Blend.fillBaseline.
#include "CRasterKernels.h"
#include "pixels.h"

#if defined(__x86_64__)

/// Eight pixels under their eight coverage bytes, the colour over them (or interpolated to it with copy).
__attribute__((target("avx2")))
static inline __m256i blend_x8(__m256i d, uint64_t group, __m256i color8, int copy) {
    const __m256i all = _mm256_set1_epi32(255);
    const __m256i c = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)group));
    const __m256i s = scale_x8(color8, both_halves(c));
    const __m256i keep = copy ? _mm256_sub_epi32(all, c) : _mm256_sub_epi32(all, _mm256_srli_epi32(s, 24));
    return _mm256_add_epi32(s, scale_x8(d, both_halves(keep)));
}

__attribute__((target("avx2"), always_inline))
static inline void fill_row(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    const __m256i color8 = _mm256_set1_epi32((int)color);
    const int opaque = copy || color >> 24 == 255;
    const __m256i inverse = _mm256_set1_epi32((int)((255 - (color >> 24)) * 0x10001u));
    if (count < 8) {
        // A short row (a glyph's, mostly): one group of eight read and written through a mask of its lanes.
        uint64_t group = 0;
        __builtin_memcpy(&group, coverage, (size_t)count);
        if (group == 0) return;
        const __m256i lanes = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)count), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        const __m256i d = _mm256_maskload_epi32((const int *)dst, lanes);
        _mm256_maskstore_epi32((int *)dst, lanes, blend_x8(d, group, color8, copy));
        return;
    }
    // The last one to seven pixels go as the row's last eight, blended from what was there before the loop and
    // stored after it: the pixels that group shares with the loop's last get the same values twice.
    const long tail = count >= 8 && count % 8 != 0 ? count - 8 : -1;
    uint64_t tailGroup = 0;
    __m256i tailOut = _mm256_setzero_si256();
    if (tail >= 0) {
        __builtin_memcpy(&tailGroup, coverage + tail, 8);
        if (tailGroup != 0) tailOut = blend_x8(_mm256_loadu_si256((const __m256i *)(dst + tail)), tailGroup, color8, copy);
    }
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
        _mm256_storeu_si256(p, blend_x8(_mm256_loadu_si256(p), group, color8, copy));
    }
    if (tail >= 0) {
        if (tailGroup != 0) _mm256_storeu_si256((__m256i *)(dst + tail), tailOut);
        return;
    }
    for (; i < count; i++) {
        const uint32_t c = coverage[i];
        if (c == 0) continue;
        const uint32_t s = scale_pixel(color, c);
        dst[i] = s + scale_pixel(dst[i], copy ? 255 - c : 255 - (s >> 24));
    }
}

__attribute__((target("avx2")))
void flick_raster_fill_coverage_avx2(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    fill_row(dst, coverage, count, color, copy);
}

__attribute__((target("avx2")))
void flick_raster_fill_mask_avx2(uint32_t *dst, long dstStride, const uint8_t *coverage, long coverageStride,
                                 long width, long height, uint32_t color, int copy) {
    for (long row = 0; row < height; row++) {
        fill_row(dst + row * dstStride, coverage + row * coverageStride, width, color, copy);
    }
}

#else

void flick_raster_fill_mask_avx2(uint32_t *dst, long dstStride, const uint8_t *coverage, long coverageStride,
                                 long width, long height, uint32_t color, int copy) {
    (void)dst; (void)dstStride; (void)coverage; (void)coverageStride; (void)width; (void)height; (void)color; (void)copy;
}

void flick_raster_fill_coverage_avx2(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    (void)dst; (void)coverage; (void)count; (void)color; (void)copy;
}

#endif
