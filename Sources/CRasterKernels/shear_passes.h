// What the shear passes' kernels share on every architecture (shear.c's AVX2 and scalar ones, neon/shear.c's): a
// column's pixels one at a time, the sixteen compiled row loops, and the walk over rows and the image's edges that
// each architecture's row loops are handed to. Not part of the module's interface.
#ifndef FLICK_RASTER_SHEAR_PASSES_H
#define FLICK_RASTER_SHEAR_PASSES_H

#include "CRasterKernels.h"
#include "pixels.h"
#include <limits.h>

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

/// The rows of the band any of columns c..<c + count is written in, counted from `first` (empty: from ≥ to): a
/// wide kernel writes a group of columns in the same rows.
static inline void group_rows(const int32_t *rowsFrom, const int32_t *rowsTo, long c, long count, long first, long end,
                              long *from, long *to) {
    *from = LONG_MAX;
    *to = LONG_MIN;
    for (long m = c; m < c + count; m++) {
        long f, t;
        band_rows(rowsFrom, rowsTo, m, first, end, &f, &t);
        if (f >= t) continue;
        if (f < *from) *from = f;
        if (t > *to) *to = t;
    }
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

/// One copy of `loop` for k = K, a constant.
#define SIXTEENTHS_LOOP(attributes, loop, K)                                                                 \
    attributes static void loop##_##K(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) { \
        (void)k;                                                                                              \
        loop(dst, src, count, K, ahead);                                                                      \
    }

/// `name`, a sixteenths_loop that calls `loop` (always inlined, `attributes` its target) compiled with k a constant,
/// each of the sixteen with only the averages its k needs, picked from a table. Not a switch over sixteen inlined
/// calls: clang for aarch64 merges those back into one loop with k in a register, each average then five
/// instructions more (the photo card's row passes took four times the instructions).
#define SIXTEENTHS_LOOPS(attributes, name, loop)                                                                      \
    SIXTEENTHS_LOOP(attributes, loop, 0) SIXTEENTHS_LOOP(attributes, loop, 1) SIXTEENTHS_LOOP(attributes, loop, 2)    \
    SIXTEENTHS_LOOP(attributes, loop, 3) SIXTEENTHS_LOOP(attributes, loop, 4) SIXTEENTHS_LOOP(attributes, loop, 5)    \
    SIXTEENTHS_LOOP(attributes, loop, 6) SIXTEENTHS_LOOP(attributes, loop, 7) SIXTEENTHS_LOOP(attributes, loop, 8)    \
    SIXTEENTHS_LOOP(attributes, loop, 9) SIXTEENTHS_LOOP(attributes, loop, 10) SIXTEENTHS_LOOP(attributes, loop, 11)  \
    SIXTEENTHS_LOOP(attributes, loop, 12) SIXTEENTHS_LOOP(attributes, loop, 13) SIXTEENTHS_LOOP(attributes, loop, 14) \
    SIXTEENTHS_LOOP(attributes, loop, 15)                                                                             \
    static void name(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {                       \
        static const sixteenths_loop loops[16] = {                                                                    \
            loop##_0, loop##_1, loop##_2, loop##_3, loop##_4, loop##_5, loop##_6, loop##_7,                           \
            loop##_8, loop##_9, loop##_10, loop##_11, loop##_12, loop##_13, loop##_14, loop##_15};                    \
        loops[k & 15](dst, src, count, k, ahead);                                                                     \
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

/// The two public row-pass kernels (CRasterKernels.h) over an architecture's row loops `row` (for shear_rows) and
/// `over` (for shear_over_rows): each architecture's shear file defines them with this, once.
#define SHEAR_ROW_PASSES(row, over)                                                                                     \
    void flick_raster_shear_rows_wide(uint32_t *dst, long dstStride, const uint32_t *image, long imageStride,         \
                                      long imageWidth, long imageHeight, const int32_t *shift, const int32_t *weight, \
                                      long firstRow, long rows, long firstColumn, long count) {                       \
        shear_rows(dst, dstStride, image, imageStride, imageWidth, imageHeight, shift, weight, firstRow, rows,        \
                   firstColumn, count, row);                                                                          \
    }                                                                                                                 \
    void flick_raster_shear_over_rows_wide(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,        \
                                           const int32_t *shift, const int32_t *weight, const int32_t *visibleFrom,   \
                                           const int32_t *visibleTo, long rows, long ownedFrom, long ownedTo,         \
                                           long columnsFrom, long columnsTo) {                                        \
        shear_over_rows(dst, dstStride, src, srcStride, shift, weight, visibleFrom, visibleTo, rows, ownedFrom,       \
                        ownedTo, columnsFrom, columnsTo, over);                                                       \
    }

#endif
