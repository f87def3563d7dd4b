// What the shear passes' kernels share on every architecture (shear.c's AVX2 and scalar ones, neon/shear.c's): a
// column's pixels one at a time, the sixteen compiled row loops, and the walk over rows and the image's edges that
// each architecture's row loops are handed to. Not part of the module's interface.
#ifndef FLICK_RASTER_SHEAR_PASSES_H
#define FLICK_RASTER_SHEAR_PASSES_H

#include "CRasterKernels.h"
#include "pixels.h"

static inline void shear_column_pixel(uint32_t *dst, const uint32_t *src, long srcStride, const int32_t *rowOffset,
                                      const int32_t *weight, long c, long j) {
    const uint32_t *top = src + (j + rowOffset[c]) * srcStride + c;
    *dst = ~lerp16(top[0], top[srcStride], (uint32_t)weight[c]);
}

/// Column c's rows of the band from `first` to `end`, counted from `first` (empty: from ≥ to).
static inline void band_rows(const int32_t *rowsFrom, const int32_t *rowsTo, long c, long first, long end, long *from, long *to) {
    *from = (rowsFrom[c] > first ? rowsFrom[c] : first) - first;
    *to = (rowsTo[c] < end ? rowsTo[c] : end) - first;
}

/// Column c of the band, one pixel at a time.
static inline void shear_column(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride, const int32_t *rowOffset,
                                const int32_t *weight, const int32_t *rowsFrom, const int32_t *rowsTo, long first, long end,
                                long c) {
    long from, to;
    band_rows(rowsFrom, rowsTo, c, first, end, &from, &to);
    for (long j = from; j < to; j++) shear_column_pixel(dst + j * dstStride + c, src, srcStride, rowOffset, weight, c, j);
}

/// lerp16(src[0], src[1], k) composited source-over d: a pixel of the last pass.
static inline uint32_t shear_over_pixel(const uint32_t *src, uint32_t d, uint32_t k) {
    const uint32_t s = lerp16(src[0], src[1], k);
    return s + scale_pixel(d, 255 - (s >> 24));
}

/// A loop over a whole row that moves it by k sixteenths, asking for the cache lines `ahead` pixels on (0: none):
/// the first pass's (complemented) or the last's (composited).
typedef void (*sixteenths_loop)(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead);

/// `loop` called with k a constant, so that each of the sixteen is compiled with only the averages its k needs.
__attribute__((always_inline))
static inline void by_sixteenths(sixteenths_loop loop, uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    switch (k) {
#define SIXTEENTHS_CASE(K) case K: loop(dst, src, count, K, ahead); break;
    SIXTEENTHS_CASE(0) SIXTEENTHS_CASE(1) SIXTEENTHS_CASE(2) SIXTEENTHS_CASE(3) SIXTEENTHS_CASE(4) SIXTEENTHS_CASE(5)
    SIXTEENTHS_CASE(6) SIXTEENTHS_CASE(7) SIXTEENTHS_CASE(8) SIXTEENTHS_CASE(9) SIXTEENTHS_CASE(10)
    SIXTEENTHS_CASE(11) SIXTEENTHS_CASE(12) SIXTEENTHS_CASE(13) SIXTEENTHS_CASE(14) SIXTEENTHS_CASE(15)
#undef SIXTEENTHS_CASE
    }
}

/// The image pixel at x of a row `width` wide, transparent outside it.
static inline uint32_t row_pixel(const uint32_t *row, long width, long x) { return x >= 0 && x < width ? row[x] : 0; }

/// flick_raster_shear_rows_wide with `shear_row` (dst[i] = ~lerp16(src[i], src[i + 1], k)) for the pixels whose
/// taps both lie in the image.
__attribute__((always_inline))
static inline void shear_rows(uint32_t *dst, long dstStride, const uint32_t *image, long imageStride, long imageWidth,
                              long imageHeight, const int32_t *shift, const int32_t *weight, long firstRow, long rows,
                              long firstColumn, long count, sixteenths_loop shear_row) {
    const uint32_t transparent = ~0u;
    for (long n = 0; n < rows; n++, dst += dstStride) {
        const long r = firstRow + n;
        if (r < 0 || r >= imageHeight) {
            for (long m = 0; m < count; m++) dst[m] = transparent;
            continue;
        }
        const uint32_t *source = image + r * imageStride, k = (uint32_t)weight[r];
        const long s0 = firstColumn + shift[r]; // the left tap of dst[0]
        // Both taps in the row from `first`, up to `end`; one pixel on either side reads one tap; the rest none.
        long first = -s0 < 0 ? 0 : -s0, end = imageWidth - 1 - s0;
        if (first > count) first = count;
        if (end > count) end = count;
        if (end < first) end = first;
        const long before = first > 0 ? first - 1 : 0, after = end < count ? end + 1 : count;
        for (long m = 0; m < before; m++) dst[m] = transparent;
        for (long m = before; m < first; m++) dst[m] = ~lerp16(0, row_pixel(source, imageWidth, s0 + m + 1), k);
        if (end > first)
            shear_row(dst + first, source + s0 + first, end - first, k,
                      r + FLICK_RASTER_PREFETCH_ROWS < imageHeight ? FLICK_RASTER_PREFETCH_ROWS * imageStride : 0);
        for (long m = end; m < after; m++)
            dst[m] = ~lerp16(row_pixel(source, imageWidth, s0 + m), row_pixel(source, imageWidth, s0 + m + 1), k);
        for (long m = after; m < count; m++) dst[m] = transparent;
    }
}

/// flick_raster_shear_over_rows_wide with `shear_over` (dst[i] = shear_over_pixel(src + i, dst[i], k)) for each
/// row's run of pixels.
__attribute__((always_inline))
static inline void shear_over_rows(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride, const int32_t *shift,
                                   const int32_t *weight, const int32_t *visibleFrom, const int32_t *visibleTo, long rows,
                                   long ownedFrom, long ownedTo, long columnsFrom, long columnsTo, sixteenths_loop shear_over) {
    for (long j = 0; j < rows; j++, dst += dstStride, src += srcStride) {
        // Output pixels whose B column (i + shift) is owned and may not be transparent: it or the next is visible.
        long first = (ownedFrom > visibleFrom[j] - 1 ? ownedFrom : visibleFrom[j] - 1) - shift[j];
        long end = (ownedTo < visibleTo[j] ? ownedTo : visibleTo[j]) - shift[j];
        if (first < columnsFrom) first = columnsFrom;
        if (end > columnsTo) end = columnsTo;
        if (first >= end) continue;
        shear_over(dst + first, src + first + shift[j] - ownedFrom, end - first, (uint32_t)weight[j],
                   j + FLICK_RASTER_PREFETCH_ROWS < rows ? FLICK_RASTER_PREFETCH_ROWS * dstStride : 0);
    }
}

#endif
