// A shape's rows swept and filled with one colour in one call: what CoverageRasterizer.sweep and Blend.fill do a
// row at a time, without a call back into Swift for each row.
#include "CRasterKernels.h"
#include "fill_row.h"
#include "sweep_step.h"
#include <string.h>

#if defined(__x86_64__)

/// The first block past `block` whose bit differs from `block`'s (or `blocks`): runs of touched and untouched
/// blocks found a word at a time.
static inline long run_end(const uint64_t *words, long block, long blocks, int touched) {
    long next = block;
    for (;;) {
        const uint64_t w = words[next >> 6] >> (next & 63);
        const uint64_t differing = touched ? ~w : w;
        const long left = 64 - (next & 63);
        long same = differing ? __builtin_ctzll(differing) : left;
        if (same > left) same = left;
        next += same;
        if (same < left || next >= blocks) break;
    }
    return next < blocks ? next : blocks;
}

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
    const long blocks = (stride + (1L << blockShift) - 1) >> blockShift;
    for (long y = firstRow; y <= lastRow; y++) {
        if (y + FLICK_RASTER_PREFETCH_ROWS < rows) {
            const char *ahead = (const char *)(dst + (y + FLICK_RASTER_PREFETCH_ROWS) * dstStride);
            for (long offset = 0; offset < width * 4; offset += 64) flick_raster_prefetch_for_write(ahead + offset);
            flick_raster_prefetch_for_write(ahead + width * 4 - 1);
        }
        int32_t *line = cells + y * stride;
        uint64_t *words = touched + y * wordsPerRow;
        uint32_t *row = dst + y * dstStride;
        int32_t sum = 0;
        for (long block = 0; block < blocks;) {
            const int isTouched = (words[block >> 6] >> (block & 63)) & 1;
            const long next = run_end(words, block, blocks, isTouched);
            const long start = block << blockShift, end = next << blockShift < width ? next << blockShift : width;
            if (!isTouched) {
                if (start < end) fill_constant(row + start, end - start, color, coverage_byte(sum, even_odd), copy);
            } else {
                // Past the width the sum is back to zero: the bytes there are zero and not filled.
                const long rounded = (width + 7) & ~7L, summed = next << blockShift < rounded ? next << blockShift : rounded;
                if (start < summed) {
                    sum = sweep_fill_run(line + start, row + start, summed - start, end - start, sum, even_odd, color, copy);
                }
                const long cleared = start > summed ? start : summed;
                const long blockEnd = next << blockShift < stride ? next << blockShift : stride;
                if (cleared < blockEnd) memset(line + cleared, 0, (size_t)(blockEnd - cleared) * 4);
            }
            block = next;
        }
        memset(words, 0, (size_t)wordsPerRow * 8);
    }
}

#else

void flick_raster_sweep_fill_wide(int32_t *cells, long stride, uint64_t *touched, long wordsPerRow, long blockShift,
                                  long firstRow, long lastRow, long rows, long width, uint32_t *dst,
                                  long dstStride, uint32_t color, int even_odd, int copy) {
    (void)cells; (void)stride; (void)touched; (void)wordsPerRow; (void)blockShift; (void)firstRow; (void)lastRow; (void)rows;
    (void)width; (void)dst; (void)dstStride; (void)color; (void)even_odd; (void)copy;
}

#endif
