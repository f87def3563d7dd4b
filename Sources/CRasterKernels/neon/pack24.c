// 32-bit pixels to 24-bit scan-out rows on AArch64: ld4 splits sixteen pixels into channel planes and st3 stores
// three of them interleaved, in either order (a loop for each, so the order is not chosen per step).
#include "CRasterKernels.h"
#include "../scanout_pixel.h"

#if defined(__aarch64__)
#include <arm_neon.h>

int flick_raster_has_wide_pack24(void) { return 1; }

void flick_raster_pack24_wide(uint8_t *dst, const uint32_t *src, long count, int swap_red_blue) {
    const long wide = count > 0 ? count & ~15L : 0;
    if (swap_red_blue) {
        for (long i = 0; i < wide; i += 16) {
            const uint8x16x4_t p = vld4q_u8((const uint8_t *)(src + i));
            const uint8x16x3_t out = {{p.val[2], p.val[1], p.val[0]}};
            vst3q_u8(dst + 3 * i, out);
        }
    } else {
        for (long i = 0; i < wide; i += 16) {
            const uint8x16x4_t p = vld4q_u8((const uint8_t *)(src + i));
            const uint8x16x3_t out = {{p.val[0], p.val[1], p.val[2]}};
            vst3q_u8(dst + 3 * i, out);
        }
    }
    for (long i = wide; i < count; i++) store_pixel24(dst + 3 * i, src[i], swap_red_blue);
}

#endif
