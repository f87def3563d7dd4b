// A row of an image scaled up, filtered across, on AArch64: eight device pixels read at most nine consecutive
// image pixels when the step is under one, so their taps are table lookups (vqtbl2) in two windows of eight.
#include "CRasterKernels.h"
#include "pixels_neon.h"

#if defined(__aarch64__)

long flick_raster_filter_row_wide(uint32_t *dst, const uint32_t *src, long width, long count, long fu, long fdu) {
    if (fdu <= 0 || fdu >= 65536) return 0;
    const uint32x4_t lanes = {0, 1, 2, 3};
    const uint32x4_t first = vmulq_n_u32(lanes, (uint32_t)fdu);
    const uint32x4_t second = vaddq_u32(first, vdupq_n_u32((uint32_t)(4 * fdu)));
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const long f = fu + i * fdu, base = f >> 16;
        // The second window reads up to base + 8: stop where that passes the row (where the x86 kernel stops).
        if (base + 8 >= width) break;
        // Positions from the window's first pixel: under 8·65536, so 32 bits hold them.
        const uint32x4_t start = vdupq_n_u32((uint32_t)(f & 0xFFFF));
        const uint32x4_t low = vaddq_u32(start, first), high = vaddq_u32(start, second);
        const uint8x16_t lowTaps = pixel_bytes_x4(vshrq_n_u32(low, 16));
        const uint8x16_t highTaps = pixel_bytes_x4(vshrq_n_u32(high, 16));
        const uint8x16_t lowWeights = lane_byte_x4(vreinterpretq_u8_u32(low), 1);
        const uint8x16_t highWeights = lane_byte_x4(vreinterpretq_u8_u32(high), 1);
        const uint8x16x2_t left = vld1q_u8_x2((const uint8_t *)(src + base));
        const uint8x16x2_t right = vld1q_u8_x2((const uint8_t *)(src + base + 1));
        const uint8x16x2_t out = {{
            lerp256_x4_bytes(vqtbl2q_u8(left, lowTaps), vqtbl2q_u8(right, lowTaps), lowWeights),
            lerp256_x4_bytes(vqtbl2q_u8(left, highTaps), vqtbl2q_u8(right, highTaps), highWeights),
        }};
        vst1q_u8_x2((uint8_t *)(dst + i), out);
    }
    return i;
}

#endif
