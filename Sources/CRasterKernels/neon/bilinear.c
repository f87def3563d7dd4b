// The inside of a turned image on AArch64, four samples a step. NEON has no gather, but a sample's two upper taps
// are neighbours, and so are its two lower ones: each pair is one 8-byte load, and unzipping four samples' pairs
// gives the left and right taps in order. Same arithmetic as FlickRaster's `AffineBilinear.baseline`.
#include "CRasterKernels.h"
#include "pixels_neon.h"

#if defined(__aarch64__)

/// Taps [0] and [1] of the four pixels `bytes[0...3]` bytes after `image`, as the left and right four. (Offsets in
/// bytes load with the offset register's sign extension and no shift, which an 8-byte load's addressing allows.)
static inline uint8x16x2_t tap_pairs_x4(const uint32_t *image, int32x4_t bytes) {
    const uint8_t *base = (const uint8_t *)image;
    const uint32x4_t pairs01 = vcombine_u32(vld1_u32((const uint32_t *)(base + vgetq_lane_s32(bytes, 0))),
                                            vld1_u32((const uint32_t *)(base + vgetq_lane_s32(bytes, 1))));
    const uint32x4_t pairs23 = vcombine_u32(vld1_u32((const uint32_t *)(base + vgetq_lane_s32(bytes, 2))),
                                            vld1_u32((const uint32_t *)(base + vgetq_lane_s32(bytes, 3))));
    return (uint8x16x2_t){{vreinterpretq_u8_u32(vuzp1q_u32(pairs01, pairs23)),
                           vreinterpretq_u8_u32(vuzp2q_u32(pairs01, pairs23))}};
}

void flick_raster_bilinear_over_wide(uint32_t *dst, const uint32_t *image, long stride,
                                     long fu, long fv, long fdu, long fdv, long count) {
    const int32x4_t steps = {0, 1, 2, 3};
    // The coordinates fit 32 bits (the header's contract), and so does a sample's offset in bytes: an image is far
    // under 2 GiB.
    int32x4_t u = vmlaq_n_s32(vdupq_n_s32((int32_t)fu), steps, (int32_t)fdu);
    int32x4_t v = vmlaq_n_s32(vdupq_n_s32((int32_t)fv), steps, (int32_t)fdv);
    const int32x4_t du4 = vdupq_n_s32((int32_t)(4 * fdu)), dv4 = vdupq_n_s32((int32_t)(4 * fdv));
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        const int32x4_t bytes = vshlq_n_s32(vmlaq_n_s32(vshrq_n_s32(u, 16), vshrq_n_s32(v, 16), (int32_t)stride), 2);
        const uint8x16x2_t upper = tap_pairs_x4(image, bytes), lower = tap_pairs_x4(image + stride, bytes);
        const uint8x16_t wx = lane_byte_x4(vreinterpretq_u8_s32(u), 1), wy = lane_byte_x4(vreinterpretq_u8_s32(v), 1);
        const uint8x16_t s = lerp256_x4_bytes(lerp256_x4_bytes(upper.val[0], upper.val[1], wx),
                                              lerp256_x4_bytes(lower.val[0], lower.val[1], wx), wy);
        store_x4(dst + i, over_x4(s, load_x4(dst + i)));
        u = vaddq_s32(u, du4);
        v = vaddq_s32(v, dv4);
    }
    for (; i < count; i++) bilinear_over_one(dst + i, image, stride, fu + i * fdu, fv + i * fdv);
}

#endif
