// sweep_step.h's step with NEON, shared by the sweep (coverage bytes) and the sweep-and-fill of one colour: four
// cells' running sum and their coverage. Not part of the module's interface.
#ifndef FLICK_RASTER_SWEEP_STEP_NEON_H
#define FLICK_RASTER_SWEEP_STEP_NEON_H

#if defined(__aarch64__)
#include <arm_neon.h>
#include "../sweep_step.h"

/// Four cells added to the running sum `*carry` (in every lane), which moves on to the last of them; returns their
/// coverage, 0...255 a 32-bit lane. Zeroes the cells.
static inline uint32x4_t sweep_x4(int32_t *cells, int32x4_t *carry, int even_odd) {
    const int32x4_t zero = vdupq_n_s32(0);
    int32x4_t x = vld1q_s32(cells);
    vst1q_s32(cells, zero);
    // A prefix sum: each lane plus the one before it, then plus the two before those.
    x = vaddq_s32(x, vextq_s32(zero, x, 3));
    x = vaddq_s32(vaddq_s32(x, vextq_s32(zero, x, 2)), *carry);
    *carry = vdupq_laneq_s32(x, 3);
    // |sum| as the scalar magnitude: the most negative sum stays 2^31, as unsigned.
    uint32x4_t c = vreinterpretq_u32_s32(vabsq_s32(x));
    if (even_odd) {
        c = vandq_u32(c, vdupq_n_u32(0x1FFFF));
        c = vminq_u32(c, vsubq_u32(vdupq_n_u32(0x20000), c));
    } else {
        c = vminq_u32(c, vdupq_n_u32(65536));
    }
    // (c·255 + 0x8000) >> 16, the rounding shift adding the half.
    return vrshrq_n_u32(vmulq_n_u32(c, 255), 16);
}

#endif
#endif
