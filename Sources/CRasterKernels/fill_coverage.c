// One colour under a row of coverage, eight pixels at a time: FlickRaster's Blend.fillBaseline.
#include "CRasterKernels.h"
#include "fill_row.h"

#if defined(__x86_64__)

__attribute__((target("avx2")))
void flick_raster_fill_coverage_wide(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    fill_row(dst, coverage, count, color, copy);
}

__attribute__((target("avx2")))
void flick_raster_fill_mask_wide(uint32_t *dst, long dstStride, const uint8_t *coverage, long coverageStride,
                                 long width, long height, uint32_t color, int copy) {
    for (long row = 0; row < height; row++) {
        fill_row(dst + row * dstStride, coverage + row * coverageStride, width, color, copy);
    }
}

#elif !defined(__aarch64__)

void flick_raster_fill_mask_wide(uint32_t *dst, long dstStride, const uint8_t *coverage, long coverageStride,
                                 long width, long height, uint32_t color, int copy) {
    (void)dst; (void)dstStride; (void)coverage; (void)coverageStride; (void)width; (void)height; (void)color; (void)copy;
}

void flick_raster_fill_coverage_wide(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy) {
    (void)dst; (void)coverage; (void)count; (void)color; (void)copy;
}

#endif
