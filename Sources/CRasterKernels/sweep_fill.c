// A shape's rows swept and filled with one colour in one call: what CoverageRasterizer.sweep and Blend.fill do a
// row at a time, without a call back into Swift for each row.
#include "CRasterKernels.h"
#include "fill_row.h"
#include "sweep_fill_rows.h"

#if defined(__x86_64__)

/// flick_raster_sweep_wide of `count` cells (a multiple of eight) and fill_row of the first `pixels` of them, eight
/// at a time without storing the coverage: the running sum's dependency chain overlaps the blending. Returns the
/// sum after the last cell.
__attribute__((target("avx2"), always_inline))
static inline int32_t sweep_fill_run(int32_t *cells, uint32_t *dst, long count, long pixels, int32_t sum,
                                     int even_odd, uint32_t color, int copy) {
    const __m256i full = _mm256_set1_epi32(255);
    const __m256i color8 = _mm256_set1_epi32((int)color);
    const int opaque = copy || color >> 24 == 255;
    const __m256i inverse = _mm256_set1_epi32((int)((255 - (color >> 24)) * 0x10001u));
    __m256i carry = _mm256_set1_epi32(sum);
    for (long i = 0; i < count; i += 8) {
        const __m256i c = sweep_x8(cells + i, &carry, even_odd);
        if (_mm256_testz_si256(c, c)) continue;
        __m256i *p = (__m256i *)(dst + i);
        if (i + 8 > pixels) {
            // The group the width ends in: only its pixels inside the width are read and written.
            const __m256i inside = tail_mask(pixels - i);
            const __m256i d = _mm256_maskload_epi32((const int *)p, inside);
            _mm256_maskstore_epi32((int *)p, inside, blend_lanes_x8(d, c, color8, copy));
        } else if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(c, full)) == -1) {
            _mm256_storeu_si256(p, opaque ? color8 : _mm256_add_epi32(color8, scale_x8(_mm256_loadu_si256(p), inverse)));
        } else {
            _mm256_storeu_si256(p, blend_lanes_x8(_mm256_loadu_si256(p), c, color8, copy));
        }
    }
    return _mm256_cvtsi256_si32(carry);
}

__attribute__((target("avx2")))
void flick_raster_sweep_fill_wide(int32_t *cells, long stride, uint64_t *touched, long wordsPerRow, long blockShift,
                                  long firstRow, long lastRow, long rows, long width, uint32_t *dst,
                                  long dstStride, uint32_t color, int even_odd, int copy) {
    sweep_fill_rows(cells, stride, touched, wordsPerRow, blockShift, firstRow, lastRow, rows, width, dst, dstStride, color,
                    even_odd, copy, sweep_fill_run, fill_constant);
}

#elif !defined(__aarch64__)

void flick_raster_sweep_fill_wide(int32_t *cells, long stride, uint64_t *touched, long wordsPerRow, long blockShift,
                                  long firstRow, long lastRow, long rows, long width, uint32_t *dst,
                                  long dstStride, uint32_t color, int even_odd, int copy) {
    (void)cells; (void)stride; (void)touched; (void)wordsPerRow; (void)blockShift; (void)firstRow; (void)lastRow; (void)rows;
    (void)width; (void)dst; (void)dstStride; (void)color; (void)even_odd; (void)copy;
}

#endif
