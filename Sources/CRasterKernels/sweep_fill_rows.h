// The walk over a band's rows and blocks of flick_raster_sweep_fill_wide, shared by the AVX2 and NEON versions, which
// hand it their sweep-and-fill of a run of cells and their fill under one coverage byte. Not part of the module's
// interface.
#ifndef FLICK_RASTER_SWEEP_FILL_ROWS_H
#define FLICK_RASTER_SWEEP_FILL_ROWS_H

#include "CRasterKernels.h"
#include "sweep_step.h"
#include <string.h>

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

/// flick_raster_sweep_wide of `count` cells (a multiple of eight) and a fill of the first `pixels` of them under
/// their coverage, without storing it; returns the sum after the last cell.
typedef int32_t (*sweep_fill_run_loop)(int32_t *cells, uint32_t *dst, long count, long pixels, int32_t sum,
                                       int even_odd, uint32_t color, int copy);
/// `count` pixels filled under one coverage byte `c`.
typedef void (*fill_constant_loop)(uint32_t *dst, long count, uint32_t color, uint32_t c, int copy);

/// flick_raster_sweep_fill_wide with an architecture's `sweep_fill_run` and `fill_constant`.
__attribute__((always_inline))
static inline void sweep_fill_rows(int32_t *cells, long stride, uint64_t *touched, long wordsPerRow, long blockShift,
                                   long firstRow, long lastRow, long rows, long width, uint32_t *dst, long dstStride,
                                   uint32_t color, int even_odd, int copy, sweep_fill_run_loop sweep_fill_run,
                                   fill_constant_loop fill_constant) {
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

#endif
