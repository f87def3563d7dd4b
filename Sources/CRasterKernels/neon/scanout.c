// 32-bit pixels to RGB565 and XBGR8888 scan-out rows on AArch64, sixteen pixels a step: ld4 splits the pixels
// into planes of blue, green, red and alpha, which RGB565 packs with two shift-and-inserts; XBGR8888 is one
// table lookup per four pixels.
#include "CRasterKernels.h"
#include "../scanout_pixel.h"

#if defined(__aarch64__)
#include <arm_neon.h>

/// Red's top five bits, green's six and blue's five of eight pixels, from their channels each widened to the top
/// byte of a 16-bit lane.
static inline uint16x8_t rgb565_x8(uint16x8_t red, uint16x8_t green, uint16x8_t blue) {
    return vsriq_n_u16(vsriq_n_u16(red, green, 5), blue, 11);
}

void flick_raster_rgb565_wide(uint16_t *dst, const uint32_t *src, long count) {
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const uint8x16x4_t p = vld4q_u8((const uint8_t *)(src + i));
        const uint16x8x2_t out = {{
            rgb565_x8(vshll_n_u8(vget_low_u8(p.val[2]), 8), vshll_n_u8(vget_low_u8(p.val[1]), 8),
                      vshll_n_u8(vget_low_u8(p.val[0]), 8)),
            rgb565_x8(vshll_high_n_u8(p.val[2], 8), vshll_high_n_u8(p.val[1], 8), vshll_high_n_u8(p.val[0], 8)),
        }};
        vst1q_u16_x2(dst + i, out);
    }
    for (; i < count; i++) dst[i] = rgb565_pixel(src[i]);
}

void flick_raster_xbgr8888_wide(uint32_t *dst, const uint32_t *src, long count) {
    // Red and blue swap places; the unused byte is zero (an index past the table), as the baseline stores it.
    const uint8x16_t order = {2, 1, 0, 255, 6, 5, 4, 255, 10, 9, 8, 255, 14, 13, 12, 255};
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const uint8x16x4_t p = vld1q_u8_x4((const uint8_t *)(src + i));
        const uint8x16x4_t out = {{vqtbl1q_u8(p.val[0], order), vqtbl1q_u8(p.val[1], order),
                                   vqtbl1q_u8(p.val[2], order), vqtbl1q_u8(p.val[3], order)}};
        vst1q_u8_x4((uint8_t *)(dst + i), out);
    }
    for (; i < count; i++) dst[i] = xbgr8888_pixel(src[i]);
}

#endif
