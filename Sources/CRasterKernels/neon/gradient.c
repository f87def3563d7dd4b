// A gradient span on AArch64, eight pixels a step: under one table entry a pixel, eight pixels' entries lie in a
// window of eight from the lowest, and two table lookups (vqtbl2, 32 bytes) pick them out of it. Steeper ramps
// (a gradient a few pixels long) load each pixel's entry into its lane.
#include "CRasterKernels.h"
#include "pixels_neon.h"

#if defined(__aarch64__)

/// clamp(position >> 16, 0, 255) of eight pixels: saturating narrowing shifts clamp for free.
static inline uint8x8_t ramp_index_x8(int32x4_t first, int32x4_t second) {
    return vqmovn_u16(vcombine_u16(vqshrun_n_s32(first, 16), vqshrun_n_s32(second, 16)));
}

/// lut[index[from...from + 3]]: NEON has no gather, so four loads into the lanes.
static inline uint32x4_t lookup_x4(const uint32_t *lut, uint8x8_t index, const int from) {
    uint32x4_t r = vld1q_dup_u32(lut + index[from]);
    r = vld1q_lane_u32(lut + index[from + 1], r, 1);
    r = vld1q_lane_u32(lut + index[from + 2], r, 2);
    return vld1q_lane_u32(lut + index[from + 3], r, 3);
}

void flick_raster_gradient_span_wide(uint32_t *dst, const uint32_t *lut, long count, int32_t t, int32_t step) {
    const int32x4_t lanes = {0, 1, 2, 3};
    // Wrapping as the baseline's 32-bit position does.
    const int32x4_t step4 = vdupq_n_s32((int32_t)((uint32_t)step * 4));
    const int32x4_t step8 = vdupq_n_s32((int32_t)((uint32_t)step * 8));
    int32x4_t position = vmlaq_n_s32(vdupq_n_s32(t), lanes, step);
    long i = 0;
    if (step > -65536 && step < 65536) {
        for (; i + 8 <= count; i += 8) {
            const uint8x8_t index = ramp_index_x8(position, vaddq_s32(position, step4));
            const uint8_t low = vminv_u8(index);
            const uint8x16x2_t window = vld1q_u8_x2((const uint8_t *)(lut + low));
            const uint8x16x2_t taps = pixel_bytes_x8(vsub_u8(index, vdup_n_u8(low)));
            const uint8x16x2_t out = {{vqtbl2q_u8(window, taps.val[0]), vqtbl2q_u8(window, taps.val[1])}};
            vst1q_u8_x2((uint8_t *)(dst + i), out);
            position = vaddq_s32(position, step8);
        }
    } else {
        for (; i + 8 <= count; i += 8) {
            const uint8x8_t index = ramp_index_x8(position, vaddq_s32(position, step4));
            const uint32x4x2_t out = {{lookup_x4(lut, index, 0), lookup_x4(lut, index, 4)}};
            vst1q_u32_x2(dst + i, out);
            position = vaddq_s32(position, step8);
        }
    }
    for (; i < count; i++) {
        int32_t index = (int32_t)(t + (uint32_t)step * (uint32_t)i) >> 16;
        dst[i] = lut[index < 0 ? 0 : index > 255 ? 255 : index];
    }
}

#endif
