// A shape's rows swept and filled with one colour in one call, with NEON: sweep_fill.c's walk over the blocks, eight
// cells a step.
#if defined(__aarch64__)
#include "../sweep_fill_rows.h"
#include "fill_row.h"
#include "sweep_step.h"

/// flick_raster_sweep_wide of `count` cells (a multiple of eight) and fill_row of the first `pixels` of them, eight
/// at a time without storing the coverage. Returns the sum after the last cell.
__attribute__((always_inline))
static inline int32_t sweep_fill_by_rule(int32_t *cells, uint32_t *dst, long count, long pixels, int32_t sum,
                                         const int even_odd, uint32_t color, int copy) {
    const uint8x16_t color4 = vreinterpretq_u8_u32(vdupq_n_u32(color));
    const int opaque = copy || color >> 24 == 255;
    const uint8x16_t inverse = vdupq_n_u8((uint8_t)(255 - (color >> 24)));
    int32x4_t carry = vdupq_n_s32(sum);
    for (long i = 0; i < count; i += 8) {
        const uint32x4_t c[2] = {sweep_x4(cells + i, &carry, even_odd), sweep_x4(cells + i + 4, &carry, even_odd)};
        if (vmaxvq_u32(vorrq_u32(c[0], c[1])) == 0) continue;
        uint32_t *p = dst + i;
        if (i + 8 > pixels) {
            // The group the width ends in: only its pixels inside the width are read and written.
            uint32_t coverage[8];
            vst1q_u32(coverage, c[0]);
            vst1q_u32(coverage + 4, c[1]);
            for (long m = 0; m < pixels - i; m++) if (coverage[m]) p[m] = blend_pixel(p[m], coverage[m], color, copy);
        } else if (vminvq_u32(vandq_u32(c[0], c[1])) == 255) {
            for (int q = 0; q < 2; q++) store_x4(p + 4 * q, opaque ? color4 : sum_x4(color4, scale_x4(load_x4(p + 4 * q), inverse)));
        } else {
            for (int q = 0; q < 2; q++) {
                const uint8x16_t coverage = vreinterpretq_u8_u32(vmulq_n_u32(c[q], 0x01010101));
                store_x4(p + 4 * q, blend_x4(load_x4(p + 4 * q), coverage, color4, copy));
            }
        }
    }
    return vgetq_lane_s32(carry, 0);
}

/// `sweep_fill_by_rule` compiled for each fill rule.
static inline int32_t sweep_fill_run(int32_t *cells, uint32_t *dst, long count, long pixels, int32_t sum,
                                     int even_odd, uint32_t color, int copy) {
    return even_odd ? sweep_fill_by_rule(cells, dst, count, pixels, sum, 1, color, copy)
                    : sweep_fill_by_rule(cells, dst, count, pixels, sum, 0, color, copy);
}

void flick_raster_sweep_fill_wide(int32_t *cells, long stride, uint64_t *touched, long wordsPerRow, long blockShift,
                                  long firstRow, long lastRow, long rows, long width, uint32_t *dst,
                                  long dstStride, uint32_t color, int even_odd, int copy) {
    sweep_fill_rows(cells, stride, touched, wordsPerRow, blockShift, firstRow, lastRow, rows, width, dst, dstStride, color,
                    even_odd, copy, sweep_fill_run, fill_constant);
}

#endif
