// fill_row.h's one colour under coverage with NEON, four pixels a register: FlickRaster's Blend.fillBaseline. Shared
// by the coverage fill, the glyph mask fill and the shape sweep; not part of the module's interface.
#ifndef FLICK_RASTER_FILL_ROW_NEON_H
#define FLICK_RASTER_FILL_ROW_NEON_H

#if defined(__aarch64__)
#include "pixels_neon.h"
#include <string.h>

/// A pixel under coverage c (0...255): the colour over it, or interpolated to the colour with copy.
static inline uint32_t blend_pixel(uint32_t d, uint32_t c, uint32_t color, int copy) {
    const uint32_t s = scale_pixel(color, c);
    return s + scale_pixel(d, copy ? 255 - c : 255 - (s >> 24));
}

/// Four pixels under their coverage (each pixel's in its four bytes).
static inline uint8x16_t blend_x4(uint8x16_t d, uint8x16_t c, uint8x16_t color4, int copy) {
    const uint8x16_t s = scale_x4(color4, c);
    return sum_x4(s, scale_x4(d, copy ? vmvnq_u8(c) : alpha_x4(vmvnq_u8(s))));
}

/// Coverage bytes 4·q ..< 4·q + 4 of `coverage`, each in its pixel's four bytes.
static inline uint8x16_t coverage_x4(uint8x16_t coverage, int q) {
    static const uint8_t spread[16] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    return vqtbl1q_u8(coverage, vaddq_u8(vld1q_u8(spread), vdupq_n_u8((uint8_t)(4 * q))));
}

/// Four coverage bytes from p, each in its pixel's four bytes.
static inline uint8x16_t load_coverage_x4(const uint8_t *p) {
    uint32_t group;
    memcpy(&group, p, 4);
    return coverage_x4(vreinterpretq_u8_u32(vdupq_n_u32(group)), 0);
}

__attribute__((always_inline))
static inline void fill_row(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    if (count < 4) {
        for (long i = 0; i < count; i++) if (coverage[i]) dst[i] = blend_pixel(dst[i], coverage[i], color, copy);
        return;
    }
    const uint8x16_t color4 = vreinterpretq_u8_u32(vdupq_n_u32(color));
    const int opaque = copy || color >> 24 == 255;
    const uint8x16_t inverse = vdupq_n_u8((uint8_t)(255 - (color >> 24)));
    // The last one to three pixels go as the row's last four, blended from what was there before the loop and stored
    // after it: the pixels that group shares with the loop's last get the same values twice.
    const long tail = count % 4 != 0 ? count - 4 : -1;
    uint32_t tailGroup = 0;
    uint8x16_t tailOut = color4;
    if (tail >= 0) {
        memcpy(&tailGroup, coverage + tail, 4);
        if (tailGroup != 0) tailOut = blend_x4(load_x4(dst + tail), load_coverage_x4(coverage + tail), color4, copy);
    }
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const uint8x16_t group = vld1q_u8(coverage + i);
        const uint64x2_t halves = vreinterpretq_u64_u8(group);
        const uint64_t any = vgetq_lane_u64(halves, 0) | vgetq_lane_u64(halves, 1);
        const uint64_t all = vgetq_lane_u64(halves, 0) & vgetq_lane_u64(halves, 1);
        if (any == 0) continue;
        uint32_t *p = dst + i;
        uint8x16x4_t out;
        // Inside the shape (all 255): the colour, or the colour over what is there at its own alpha.
        if (all == UINT64_MAX && opaque) {
            for (int q = 0; q < 4; q++) out.val[q] = color4;
        } else {
            const uint8x16x4_t d = load_x16(p);
            for (int q = 0; q < 4; q++) {
                out.val[q] = all == UINT64_MAX ? sum_x4(color4, scale_x4(d.val[q], inverse))
                                               : blend_x4(d.val[q], coverage_x4(group, q), color4, copy);
            }
        }
        store_x16(p, out);
    }
    for (; i + 4 <= count; i += 4) {
        uint32_t group;
        memcpy(&group, coverage + i, 4);
        if (group == 0) continue;
        uint32_t *p = dst + i;
        if (group == UINT32_MAX) {
            store_x4(p, opaque ? color4 : sum_x4(color4, scale_x4(load_x4(p), inverse)));
        } else {
            store_x4(p, blend_x4(load_x4(p), load_coverage_x4(coverage + i), color4, copy));
        }
    }
    if (tail >= 0 && tailGroup != 0) store_x4(dst + tail, tailOut);
}

/// `count` pixels under one coverage byte `c` (a shape's inside or a stretch of one edge's row far from it): what
/// `fill_row` gives under `count` bytes of `c`, each pixel s + d·keep/255 with s and keep the same for all.
__attribute__((always_inline))
static inline void fill_constant(uint32_t *dst, long count, uint32_t color, uint32_t c, int copy) {
    if (c == 0) return;
    const uint32_t s = scale_pixel(color, c), keep = copy ? 255 - c : 255 - (s >> 24);
    const uint8x16_t s4 = vreinterpretq_u8_u32(vdupq_n_u32(s)), keep4 = vdupq_n_u8((uint8_t)keep);
    long i = 0;
    if (keep == 0) {
        const uint8x16x4_t s16 = {{s4, s4, s4, s4}};
        for (; i + 16 <= count; i += 16) store_x16(dst + i, s16);
        for (; i + 4 <= count; i += 4) store_x4(dst + i, s4);
        for (; i < count; i++) dst[i] = s;
        return;
    }
    if (count < 4) {
        for (; i < count; i++) dst[i] = s + scale_pixel(dst[i], keep);
        return;
    }
    // The last one to three pixels as in fill_row.
    const long tail = count % 4 != 0 ? count - 4 : -1;
    const uint8x16_t tailOut = tail >= 0 ? sum_x4(s4, scale_x4(load_x4(dst + tail), keep4)) : s4;
    for (; i + 16 <= count; i += 16) {
        uint8x16x4_t d = load_x16(dst + i);
        for (int q = 0; q < 4; q++) d.val[q] = sum_x4(s4, scale_x4(d.val[q], keep4));
        store_x16(dst + i, d);
    }
    for (; i + 4 <= count; i += 4) store_x4(dst + i, sum_x4(s4, scale_x4(load_x4(dst + i), keep4)));
    if (tail >= 0) store_x4(dst + tail, tailOut);
}

#endif
#endif
