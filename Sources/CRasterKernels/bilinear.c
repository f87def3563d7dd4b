// The inside of a turned image (a photo card under a finger): bilinear samples gathered eight at a time and
// composited source-over, for CPUs with AVX2. Same arithmetic as FlickRaster's `AffineBilinear.baseline`.
#include "CRasterKernels.h"

static inline uint32_t lerp256(uint32_t a, uint32_t b, uint32_t w) {
    const uint32_t iw = 256 - w;
    const uint32_t rb = (((a & 0x00FF00FF) * iw + (b & 0x00FF00FF) * w) >> 8) & 0x00FF00FF;
    const uint32_t ag = (((a >> 8) & 0x00FF00FF) * iw + ((b >> 8) & 0x00FF00FF) * w) & 0xFF00FF00;
    return rb | ag;
}

static inline uint32_t scale_pixel(uint32_t p, uint32_t a) {
    uint32_t rb = (p & 0x00FF00FF) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((p >> 8) & 0x00FF00FF) * a + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    return rb | ag;
}

static inline void bilinear_over_one(uint32_t *dst, const uint32_t *image, long stride, long fu, long fv) {
    const uint32_t *top = image + (fv >> 16) * stride + (fu >> 16);
    const uint32_t wx = (uint32_t)(fu >> 8) & 0xFF, wy = (uint32_t)(fv >> 8) & 0xFF;
    const uint32_t s = lerp256(lerp256(top[0], top[1], wx), lerp256(top[stride], top[stride + 1], wx), wy);
    *dst = s + scale_pixel(*dst, 255 - (s >> 24));
}

#if defined(__x86_64__)
#include <immintrin.h>

// Each 32-bit lane a pixel; 16-bit halves hold (blue, red) in their low bytes and (green, alpha) in their high
// bytes, as the scalar formulas treat them two channels at a time.
__attribute__((target("avx2")))
static inline __m256i lerp256_x8(__m256i a, __m256i b, __m256i w16, __m256i iw16) {
    const __m256i low = _mm256_set1_epi16(0x00FF), high = _mm256_set1_epi16((short)0xFF00);
    const __m256i rb = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low), iw16),
                                                          _mm256_mullo_epi16(_mm256_and_si256(b, low), w16)), 8);
    const __m256i ag = _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), iw16),
                                                         _mm256_mullo_epi16(_mm256_srli_epi16(b, 8), w16)), high);
    return _mm256_or_si256(rb, ag);
}

__attribute__((target("avx2")))
static inline __m256i scale_x8(__m256i p, __m256i a16) {
    const __m256i low = _mm256_set1_epi16(0x00FF), high = _mm256_set1_epi16((short)0xFF00);
    const __m256i half = _mm256_set1_epi16(0x0080);
    __m256i rb = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low), a16), half);
    rb = _mm256_srli_epi16(_mm256_add_epi16(rb, _mm256_srli_epi16(rb, 8)), 8);
    __m256i ag = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), a16), half);
    ag = _mm256_and_si256(_mm256_add_epi16(ag, _mm256_srli_epi16(ag, 8)), high);
    return _mm256_or_si256(rb, ag);
}

/// A weight per 32-bit lane (0...256) copied into both of its 16-bit halves.
__attribute__((target("avx2")))
static inline __m256i both_halves(__m256i w) { return _mm256_or_si256(w, _mm256_slli_epi32(w, 16)); }

__attribute__((target("avx2")))
void flick_raster_bilinear_over_avx2(uint32_t *dst, const uint32_t *image, long stride,
                                     long fu, long fv, long fdu, long fdv, long count) {
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i byte = _mm256_set1_epi32(0xFF), w256 = _mm256_set1_epi32(256);
    const __m256i stride8 = _mm256_set1_epi32((int)stride);
    __m256i u = _mm256_add_epi32(_mm256_set1_epi32((int)fu), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int)fdu)));
    __m256i v = _mm256_add_epi32(_mm256_set1_epi32((int)fv), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int)fdv)));
    const __m256i du8 = _mm256_set1_epi32((int)(8 * fdu)), dv8 = _mm256_set1_epi32((int)(8 * fdv));
    const int *tl = (const int *)image, *tr = (const int *)(image + 1);
    const int *bl = (const int *)(image + stride), *br = (const int *)(image + stride + 1);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(v, 16), stride8), _mm256_srai_epi32(u, 16));
        const __m256i wx = _mm256_and_si256(_mm256_srai_epi32(u, 8), byte), wy = _mm256_and_si256(_mm256_srai_epi32(v, 8), byte);
        const __m256i wx16 = both_halves(wx), iwx16 = both_halves(_mm256_sub_epi32(w256, wx));
        const __m256i upper = lerp256_x8(_mm256_i32gather_epi32(tl, index, 4), _mm256_i32gather_epi32(tr, index, 4), wx16, iwx16);
        const __m256i lower = lerp256_x8(_mm256_i32gather_epi32(bl, index, 4), _mm256_i32gather_epi32(br, index, 4), wx16, iwx16);
        const __m256i s = lerp256_x8(upper, lower, both_halves(wy), both_halves(_mm256_sub_epi32(w256, wy)));
        const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        const __m256i inverse = both_halves(_mm256_sub_epi32(byte, _mm256_srli_epi32(s, 24)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi32(s, scale_x8(d, inverse)));
        u = _mm256_add_epi32(u, du8);
        v = _mm256_add_epi32(v, dv8);
    }
    for (; i < count; i++) bilinear_over_one(dst + i, image, stride, fu + i * fdu, fv + i * fdv);
}

#else

void flick_raster_bilinear_over_avx2(uint32_t *dst, const uint32_t *image, long stride,
                                     long fu, long fv, long fdu, long fdv, long count) {
    for (long i = 0; i < count; i++) bilinear_over_one(dst + i, image, stride, fu + i * fdu, fv + i * fdv);
}

#endif
