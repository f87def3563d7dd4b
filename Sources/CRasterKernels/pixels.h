// Premultiplied pixel arithmetic shared by the kernels, rounding exactly as FlickRaster's Swift versions
// (lerp256, scalePixel): a kernel and its baseline must give the same pixels. Not part of the module's interface.
#ifndef FLICK_RASTER_PIXELS_H
#define FLICK_RASTER_PIXELS_H

#include <stdint.h>

/// a + (b − a)·w/256 per channel, w in 0...256.
static inline uint32_t lerp256(uint32_t a, uint32_t b, uint32_t w) {
    const uint32_t iw = 256 - w;
    const uint32_t rb = (((a & 0x00FF00FF) * iw + (b & 0x00FF00FF) * w) >> 8) & 0x00FF00FF;
    const uint32_t ag = (((a >> 8) & 0x00FF00FF) * iw + ((b >> 8) & 0x00FF00FF) * w) & 0xFF00FF00;
    return rb | ag;
}

/// p·a/255 per channel, rounded (the div255 trick).
static inline uint32_t scale_pixel(uint32_t p, uint32_t a) {
    uint32_t rb = (p & 0x00FF00FF) * a + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((p >> 8) & 0x00FF00FF) * a + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    return rb | ag;
}

/// One bilinear sample of `image` (`stride` pixels a row) at (fu, fv) in 16.16 fixed point, composited
/// source-over into *dst: FlickRaster's `AffineBilinear.baseline` for one pixel.
static inline void bilinear_over_one(uint32_t *dst, const uint32_t *image, long stride, long fu, long fv) {
    const uint32_t *top = image + (fv >> 16) * stride + (fu >> 16);
    const uint32_t wx = (uint32_t)(fu >> 8) & 0xFF, wy = (uint32_t)(fv >> 8) & 0xFF;
    const uint32_t s = lerp256(lerp256(top[0], top[1], wx), lerp256(top[stride], top[stride + 1], wx), wy);
    *dst = s + scale_pixel(*dst, 255 - (s >> 24));
}

/// The mean of a and b per channel, rounded up: x86's pavgb, ARM's urhadd, four channels at once.
static inline uint32_t avg_up(uint32_t a, uint32_t b) { return (a | b) - (((a ^ b) >> 1) & 0x7F7F7F7F); }

/// a + (b − a)·k/16 per channel, k in 0...15, as four halving steps, each rounding up: the lowest bit of k
/// first, each step halving the way toward b where its bit is set and toward a where it is not.
static inline uint32_t lerp16(uint32_t a, uint32_t b, uint32_t k) {
    uint32_t r = a;
    for (int i = 0; i < 4; i++) r = avg_up(r, (k >> i) & 1 ? b : a);
    return r;
}

#if defined(__x86_64__)
#include <immintrin.h>

/// `lerp16` of eight pixels by one k known where it is inlined: halving steps below k's lowest set bit
/// leave a as it is and are not taken.
__attribute__((target("avx2"), always_inline))
static inline __m256i lerp16_x8(__m256i a, __m256i b, const uint32_t k) {
    __m256i r = a;
    for (int i = k ? __builtin_ctz(k) : 4; i < 4; i++) r = _mm256_avg_epu8(r, (k >> i) & 1 ? b : a);
    return r;
}

/// `lerp16` of eight pixels, each by its own k: bit i of every byte of `masks[i]`'s lane is that lane's bit i
/// of k, moved to the byte's top bit (what blendv reads).
__attribute__((target("avx2"), always_inline))
static inline __m256i lerp16_lanes_x8(__m256i a, __m256i b, const __m256i masks[4]) {
    __m256i r = a;
    for (int i = 0; i < 4; i++) r = _mm256_avg_epu8(r, _mm256_blendv_epi8(a, b, masks[i]));
    return r;
}

// Eight pixels, one per 32-bit lane; 16-bit halves hold (blue, red) in their low bytes and (green, alpha) in
// their high bytes, as the scalar formulas treat them two channels at a time.

/// `lerp256` of eight pixels, each with its weight in both 16-bit halves of its lane (`w16`, `iw16` = 256 − w).
__attribute__((target("avx2")))
static inline __m256i lerp256_x8(__m256i a, __m256i b, __m256i w16, __m256i iw16) {
    const __m256i low = _mm256_set1_epi16(0x00FF), high = _mm256_set1_epi16((short)0xFF00);
    const __m256i rb = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low), iw16),
                                                          _mm256_mullo_epi16(_mm256_and_si256(b, low), w16)), 8);
    const __m256i ag = _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), iw16),
                                                         _mm256_mullo_epi16(_mm256_srli_epi16(b, 8), w16)), high);
    return _mm256_or_si256(rb, ag);
}

/// `scale_pixel` of eight pixels, each lane's factor in both its 16-bit halves.
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

/// A value per 32-bit lane (0...256) copied into both of its 16-bit halves.
__attribute__((target("avx2")))
static inline __m256i both_halves(__m256i w) { return _mm256_or_si256(w, _mm256_slli_epi32(w, 16)); }

/// Lanes 0..<n of eight (n < 8): the last pixels of a row, read and written as eight where only theirs are touched.
__attribute__((target("avx2"), always_inline))
static inline __m256i tail_mask(long n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

#endif
#endif
