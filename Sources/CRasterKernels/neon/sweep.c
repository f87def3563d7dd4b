// The coverage sweep eight cells at a time with NEON: FlickRaster's CoverageRun.sweepBaseline with a prefix sum.
#if defined(__aarch64__)
#include "CRasterKernels.h"
#include "sweep_step.h"

/// flick_raster_sweep_wide compiled for each fill rule.
__attribute__((always_inline))
static inline int32_t sweep(int32_t *cells, uint8_t *out, long count, int32_t sum, const int even_odd, uint8_t *ink) {
    int32x4_t carry = vdupq_n_s32(sum);
    uint8x8_t bytes = vdup_n_u8(0);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const uint32x4_t low = sweep_x4(cells + i, &carry, even_odd), high = sweep_x4(cells + i + 4, &carry, even_odd);
        const uint8x8_t packed = vmovn_u16(vcombine_u16(vmovn_u32(low), vmovn_u32(high)));
        vst1_u8(out + i, packed);
        bytes = vorr_u8(bytes, packed);
    }
    return sweep_finish(cells, out, i, count, vgetq_lane_s32(carry, 0), even_odd, vget_lane_u64(vreinterpret_u64_u8(bytes), 0),
                        ink);
}

int32_t flick_raster_sweep_wide(int32_t *cells, uint8_t *out, long count, int32_t sum, int even_odd, uint8_t *ink) {
    return even_odd ? sweep(cells, out, count, sum, 1, ink) : sweep(cells, out, count, sum, 0, ink);
}

#endif
