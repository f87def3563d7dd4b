// One colour under coverage, eight pixels at a time: FlickRaster's Blend.fillBaseline. Shared by the coverage fill,
// the glyph mask fill and the shape sweep; not part of the module's interface.
#ifndef FLICK_RASTER_FILL_ROW_H
#define FLICK_RASTER_FILL_ROW_H

#include "pixels.h"

#if defined(__x86_64__)

/// Eight pixels under their coverage (0...255, one a 32-bit lane), the colour over them (or interpolated to it
/// with copy).
__attribute__((target("avx2"), always_inline))
static inline __m256i blend_lanes_x8(__m256i d, __m256i c, __m256i color8, int copy) {
    const __m256i all = _mm256_set1_epi32(255);
    const __m256i s = scale_x8(color8, both_halves(c));
    const __m256i keep = copy ? _mm256_sub_epi32(all, c) : _mm256_sub_epi32(all, _mm256_srli_epi32(s, 24));
    return _mm256_add_epi32(s, scale_x8(d, both_halves(keep)));
}

/// The same under eight coverage bytes.
__attribute__((target("avx2"), always_inline))
static inline __m256i blend_x8(__m256i d, uint64_t group, __m256i color8, int copy) {
    return blend_lanes_x8(d, _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)group)), color8, copy);
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
        const __m256i lanes = tail_mask(count);
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

/// `count` pixels under one coverage byte `c` (a shape's inside or a stretch of one edge's row far from it): what
/// `fill_row` gives under `count` bytes of `c`.
__attribute__((target("avx2"), always_inline))
static inline void fill_constant(uint32_t *dst, long count, uint32_t color, uint32_t c, int copy) {
    if (c == 0) return;
    const __m256i color8 = _mm256_set1_epi32((int)color);
    const uint64_t group = c * 0x0101010101010101ull;
    const int opaque = copy || color >> 24 == 255;
    const __m256i inverse = _mm256_set1_epi32((int)((255 - (color >> 24)) * 0x10001u));
    long i = 0;
    if (c == 255 && opaque) {
        for (; i + 8 <= count; i += 8) _mm256_storeu_si256((__m256i *)(dst + i), color8);
    } else if (c == 255) {
        for (; i + 8 <= count; i += 8) {
            __m256i *p = (__m256i *)(dst + i);
            _mm256_storeu_si256(p, _mm256_add_epi32(color8, scale_x8(_mm256_loadu_si256(p), inverse)));
        }
    } else {
        for (; i + 8 <= count; i += 8) {
            __m256i *p = (__m256i *)(dst + i);
            _mm256_storeu_si256(p, blend_x8(_mm256_loadu_si256(p), group, color8, copy));
        }
    }
    if (i < count) {
        const __m256i lanes = tail_mask(count - i);
        const __m256i d = _mm256_maskload_epi32((const int *)(dst + i), lanes);
        _mm256_maskstore_epi32((int *)(dst + i), lanes, blend_x8(d, group, color8, copy));
    }
}

#endif
#endif
