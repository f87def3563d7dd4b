// One colour under a row of coverage with NEON, four pixels a register: FlickRaster's Blend.fillBaseline.
#if defined(__aarch64__)
#include "CRasterKernels.h"
#include "fill_row.h"

void flick_raster_fill_coverage_wide(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    fill_row(dst, coverage, count, color, copy);
}

void flick_raster_fill_mask_wide(uint32_t *dst, long dstStride, const uint8_t *coverage, long coverageStride,
                                 long width, long height, uint32_t color, int copy) {
    for (long row = 0; row < height; row++) {
        fill_row(dst + row * dstStride, coverage + row * coverageStride, width, color, copy);
    }
}

#endif
