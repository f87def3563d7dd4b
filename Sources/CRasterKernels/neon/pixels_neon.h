// pixels.h's arithmetic for four pixels in a NEON register (16 bytes: B, G, R, A of each pixel in turn), rounding
// exactly as the scalar versions there: a NEON kernel and its baseline must give the same pixels. AArch64 always has
// NEON, so these need no run-time check. Not part of the module's interface.
#ifndef FLICK_RASTER_PIXELS_NEON_H
#define FLICK_RASTER_PIXELS_NEON_H

#if defined(__aarch64__)
#include <arm_neon.h>
#include "../pixels.h"

/// `lerp256` of four pixels: a + (b − a)·w/256 per channel, truncated. Each u16 lane of `w` holds the weight
/// (0...256) of its channel and `iw` 256 − w; `low` covers pixels 0 and 1, `high` pixels 2 and 3 (the same vectors
/// twice for one weight; see weights_x4 for one weight a pixel).
static inline uint8x16_t lerp256_x4(uint8x16_t a, uint8x16_t b, uint16x8_t wLow, uint16x8_t iwLow, uint16x8_t wHigh,
                                    uint16x8_t iwHigh) {
    const uint16x8_t low = vmlaq_u16(vmulq_u16(vmovl_u8(vget_low_u8(a)), iwLow), vmovl_u8(vget_low_u8(b)), wLow);
    const uint16x8_t high = vmlaq_u16(vmulq_u16(vmovl_high_u8(a), iwHigh), vmovl_high_u8(b), wHigh);
    return vcombine_u8(vshrn_n_u16(low, 8), vshrn_n_u16(high, 8));
}

/// `lerp256` of four pixels by one weight w in 0...256.
static inline uint8x16_t lerp256_x4_by(uint8x16_t a, uint8x16_t b, uint32_t w) {
    const uint16x8_t w16 = vdupq_n_u16((uint16_t)w), iw16 = vdupq_n_u16((uint16_t)(256 - w));
    return lerp256_x4(a, b, w16, iw16, w16, iw16);
}

/// One u16 value a pixel (each of `v`'s four lanes, 0...256) spread over its pixel's four channels: pixels 0 and 1
/// in *low, 2 and 3 in *high.
static inline void channels_x4(uint32x4_t v, uint16x8_t *low, uint16x8_t *high) {
    const uint16x4_t narrow = vmovn_u32(v);
    const uint16x4x2_t pairs = vzip_u16(narrow, narrow);
    const uint16x4x2_t lowPairs = vzip_u16(pairs.val[0], pairs.val[0]);
    const uint16x4x2_t highPairs = vzip_u16(pairs.val[1], pairs.val[1]);
    *low = vcombine_u16(lowPairs.val[0], lowPairs.val[1]);
    *high = vcombine_u16(highPairs.val[0], highPairs.val[1]);
}

/// `scale_pixel` of four pixels: p·a/255 per channel, rounded as the div255 trick rounds; `a` holds each channel's
/// factor (0...255) in its byte.
static inline uint8x16_t scale_x4(uint8x16_t p, uint8x16_t a) {
    // With x = p·a: (x + 128 + ((x + 128) >> 8)) >> 8, as rounding shifts.
    const uint16x8_t low = vmull_u8(vget_low_u8(p), vget_low_u8(a));
    const uint16x8_t high = vmull_high_u8(p, a);
    return vcombine_u8(vrshrn_n_u16(vrsraq_n_u16(low, low, 8), 8), vrshrn_n_u16(vrsraq_n_u16(high, high, 8), 8));
}

/// Each pixel's alpha byte copied into all four of its bytes.
static inline uint8x16_t alpha_x4(uint8x16_t p) {
    static const uint8_t order[16] = {3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15};
    return vqtbl1q_u8(p, vld1q_u8(order));
}

/// `lerp16` of four pixels by one k (0...15): halving steps rounding up (urhadd), those below k's lowest set bit
/// leaving a as it is and not taken.
static inline uint8x16_t lerp16_x4(uint8x16_t a, uint8x16_t b, uint32_t k) {
    uint8x16_t r = a;
    for (int i = k ? __builtin_ctz(k) : 4; i < 4; i++) r = vrhaddq_u8(r, (k >> i) & 1 ? b : a);
    return r;
}

/// `lerp256` of four pixels by one weight w in 1...255, where both w and 256 − w fit a byte: two widening
/// multiplies a half (`w` and `iw` = 256 − w in every byte).
static inline uint8x16_t lerp256_x4_by_bytes(uint8x16_t a, uint8x16_t b, uint8x16_t w, uint8x16_t iw) {
    const uint16x8_t low = vmlal_u8(vmull_u8(vget_low_u8(a), vget_low_u8(iw)), vget_low_u8(b), vget_low_u8(w));
    const uint16x8_t high = vmlal_high_u8(vmull_high_u8(a, iw), b, w);
    return vshrn_high_n_u16(vshrn_n_u16(low, 8), high, 8);
}

/// `lerp256` of four pixels, each channel by the weight (0...255) in its byte of `w`: a·256 − a·w + b·w, which
/// 16 bits hold exactly (it wraps on the way, but ends in 0...65280), then its top byte.
static inline uint8x16_t lerp256_x4_bytes(uint8x16_t a, uint8x16_t b, uint8x16_t w) {
    uint16x8_t low = vshll_n_u8(vget_low_u8(a), 8), high = vshll_high_n_u8(a, 8);
    low = vmlal_u8(vmlsl_u8(low, vget_low_u8(a), vget_low_u8(w)), vget_low_u8(b), vget_low_u8(w));
    high = vmlal_high_u8(vmlsl_high_u8(high, a, w), b, w);
    return vshrn_high_n_u16(vshrn_n_u16(low, 8), high, 8);
}

/// Byte `k` (0...3) of each 32-bit lane copied into all four of its bytes: bits 8...15 of a 16.16 position are
/// its lerp256 weight, byte 1.
static inline uint8x16_t lane_byte_x4(uint8x16_t v, const int k) {
    const uint8x16_t lanes = {0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12};
    return vqtbl1q_u8(v, vaddq_u8(lanes, vdupq_n_u8((uint8_t)k)));
}

/// The vqtbl byte indices of pixels `index` (each 0...3 for one table register, 0...7 for two) of a table:
/// 4·index + 0, 1, 2, 3 in each lane's bytes.
static inline uint8x16_t pixel_bytes_x4(uint32x4_t index) {
    return vreinterpretq_u8_u32(vmlaq_n_u32(vdupq_n_u32(0x03020100), index, 0x04040404));
}

/// The vqtbl byte indices of eight pixels `index` (each 0...7) of a two-register table, pixels 0...3 in val[0]:
/// 4·index + 0, 1, 2, 3, each index spread over its pixel's four bytes.
static inline uint8x16x2_t pixel_bytes_x8(uint8x8_t index) {
    const uint8x16_t scaled = vcombine_u8(vshl_n_u8(index, 2), vdup_n_u8(0));
    const uint8x16_t first = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}, second = vaddq_u8(first, vdupq_n_u8(4));
    const uint8x16_t bytes = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};
    return (uint8x16x2_t){{vaddq_u8(vqtbl1q_u8(scaled, first), bytes), vaddq_u8(vqtbl1q_u8(scaled, second), bytes)}};
}

static inline uint8x16_t load_x4(const uint32_t *p) { return vld1q_u8((const uint8_t *)p); }
static inline void store_x4(uint32_t *p, uint8x16_t v) { vst1q_u8((uint8_t *)p, v); }

#endif
#endif
