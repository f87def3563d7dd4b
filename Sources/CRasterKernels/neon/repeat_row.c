// One row copied into many on AArch64: 64-byte loads and stores (one instruction each) from a row that stays in L1.
#include "CRasterKernels.h"

#if defined(__aarch64__)
#include <arm_neon.h>

void flick_raster_repeat_row_wide(uint32_t *dst, long dstStride, const uint32_t *row, long count, long rows) {
    for (long y = 0; y < rows; y++, dst += dstStride) {
        long i = 0;
        for (; i + 16 <= count; i += 16) vst1q_u32_x4(dst + i, vld1q_u32_x4(row + i));
        for (; i + 4 <= count; i += 4) vst1q_u32(dst + i, vld1q_u32(row + i));
        for (; i < count; i++) dst[i] = row[i];
    }
}

#endif
