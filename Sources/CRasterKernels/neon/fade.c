// The cross-fade on AArch64, where NEON is always there: sixteen pixels a step, each source one 64-byte load.
#include <string.h>
#include "CRasterKernels.h"
#include "pixels_neon.h"

#if defined(__aarch64__)

int flick_raster_has_wide(void) { return 1; }

void flick_raster_lerp_wide(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    // The ends of a fade are copies; between them both weights fit a byte, for widening byte multiplies.
    if (weight == 0 || weight == 256) {
        const uint32_t *src = weight ? over : under;
        if (dst != src && count > 0) memmove(dst, src, (size_t)count * sizeof *dst);
        return;
    }
    const uint8x16_t w = vdupq_n_u8((uint8_t)weight), iw = vdupq_n_u8((uint8_t)(256 - weight));
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const uint8x16x4_t s = vld1q_u8_x4((const uint8_t *)(over + i));
        const uint8x16x4_t d = vld1q_u8_x4((const uint8_t *)(under + i));
        const uint8x16x4_t r = {{lerp256_x4_by_bytes(d.val[0], s.val[0], w, iw),
                                 lerp256_x4_by_bytes(d.val[1], s.val[1], w, iw),
                                 lerp256_x4_by_bytes(d.val[2], s.val[2], w, iw),
                                 lerp256_x4_by_bytes(d.val[3], s.val[3], w, iw)}};
        vst1q_u8_x4((uint8_t *)(dst + i), r);
    }
    for (; i + 4 <= count; i += 4) store_x4(dst + i, lerp256_x4_by_bytes(load_x4(under + i), load_x4(over + i), w, iw));
    for (; i < count; i++) dst[i] = lerp256(under[i], over[i], weight);
}

#endif
