#ifndef FLICK_RASTER_KERNELS_H
#define FLICK_RASTER_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// dst[0..<count] = pixel, with the widest stores this CPU has.
void flick_raster_store(uint32_t *dst, long count, uint32_t pixel);

/// True when this CPU runs the wide kernels below: AVX2 on x86-64 (asked of the CPU), NEON on aarch64 (always
/// there); false everywhere else. Each `_wide` kernel gives exactly the pixels of the baseline FlickRaster keeps beside it.
int flick_raster_has_wide(void);

/// dst[i] = (over[i] * weight + under[i] * (256 - weight)) >> 8 per 8-bit channel, weight 0...256: a cross-fade
/// frame (FlickRaster's fadePixel) or the rows of a scaled image blended. Only call when
/// flick_raster_has_wide() is true. dst may be under.
void flick_raster_lerp_wide(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight);

/// True when this CPU runs flick_raster_pack24_wide: SSSE3 on x86-64 (asked of the CPU), NEON on aarch64; false
/// everywhere else.
int flick_raster_has_wide_pack24(void);

/// Stores count 0xXXRRGGBB pixels as 3-byte pixels: in memory B, G, R (DRM's RGB888), or R, G, B with
/// swap_red_blue (BGR888). dst needs no alignment. Only call when flick_raster_has_wide_pack24() is true.
void flick_raster_pack24_wide(uint8_t *dst, const uint32_t *src, long count, int swap_red_blue);
/// Stores count 0xXXRRGGBB pixels as RGB565 (each channel's top bits), as FlickDisplay's RGB565.converted.
/// Only call when flick_raster_has_wide() is true.
void flick_raster_rgb565_wide(uint16_t *dst, const uint32_t *src, long count);
/// Stores count 0xXXRRGGBB pixels as XBGR8888 (red and blue swapped, the top byte zero), as FlickDisplay's
/// XBGR8888.converted. Only call when flick_raster_has_wide() is true.
void flick_raster_xbgr8888_wide(uint32_t *dst, const uint32_t *src, long count);

/// dst[i] = lut[clamp((t + i * step) >> 16, 0, 255)] in wrapping 32-bit arithmetic: a gradient span in 16.16
/// fixed point. lut holds 256 + 7 entries (the last repeated) so a window of eight never reads past it. Only
/// call when flick_raster_has_wide() is true.
void flick_raster_gradient_span_wide(uint32_t *dst, const uint32_t *lut, long count, int32_t t, int32_t step);

/// Source-over of `count` bilinear samples of `image` (premultiplied, `stride` pixels a row) into dst: sample i
/// at (fu + i·fdu, fv + i·fdv) in 16.16 fixed point, rounding exactly as FlickRaster's `AffineBilinear.baseline`.
/// Every sample's four taps must lie inside the image (no clamping), and the coordinates fit 32 bits. Only call
/// when flick_raster_has_wide() is true.
void flick_raster_bilinear_over_wide(uint32_t *dst, const uint32_t *image, long stride,
                                     long fu, long fv, long fdu, long fdv, long count);

/// dst[i] = src[x] + (src[x + 1] − src[x])·w/256 per channel, with x = f >> 16 and w = (f >> 8) & 255 for
/// f = fu + i·fdu (16.16): a scaled-up image row filtered across, rounding as FlickRaster's lerp256. Every tap
/// must lie in src's `width` pixels. Handles steps 0 < fdu < 65536 only, eight pixels at a time from the start,
/// and returns how many it wrote (0 for other steps); the caller does the rest. Only call when
/// flick_raster_has_wide() is true.
long flick_raster_filter_row_wide(uint32_t *dst, const uint32_t *src, long width, long count, long fu, long fdu);

/// The passes of a turned image drawn by shears, by fractions of a pixel in sixteenths: lerp16(a, b, k) is
/// a + (b − a)·k/16 per channel, k in 0...15, as four byte averages rounding up (FlickRaster's `lerp16`). The
/// image between the first and the middle pass is complemented (~p). Only call them when flick_raster_has_wide()
/// is true.

/// dst[j·dstStride + c] = ~lerp16(src[(j + rowOffset[c])·srcStride + c], the pixel below it, weight[c]) for
/// c in 0..<columns and row firstRow + j in rowsFrom[c]..<rowsTo[c] and firstRow..<endRow (dst and src start
/// at row firstRow): a shear along columns (each column moved up by its own offset and fraction) in a band of
/// rows. weight in 0...15. A column may also be written in the rows of the others among the sixteen it is
/// computed with (c rounded down to a multiple of sixteen, and the next fifteen) within the band; every row
/// read for those must lie in src.
void flick_raster_shear_columns_wide(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, const int32_t *rowsFrom,
                                     const int32_t *rowsTo, long firstRow, long endRow, long columns);

/// Rows of the first pass for a strip of columns, with the image's edges: dst row n (n in 0..<rows, dstStride
/// pixels apart) is image row r = firstRow + n moved along by shift[r] whole pixels and weight[r] sixteenths,
/// complemented, in columns firstColumn..<firstColumn + count: dst[m] = ~lerp16(L[s], L[s + 1], weight[r]) with
/// s = firstColumn + shift[r] + m and L transparent outside the image (a row outside it all transparent).
/// shift and weight are indexed by image row. Each row asks for the image's row FLICK_RASTER_PREFETCH_ROWS below.
void flick_raster_shear_rows_wide(uint32_t *dst, long dstStride, const uint32_t *image, long imageStride, long imageWidth,
                                  long imageHeight, const int32_t *shift, const int32_t *weight, long firstRow, long rows,
                                  long firstColumn, long count);

/// Rows of the last pass: for j in 0..<rows, dst[i] = s + dst[i]·(255 − alpha of s)/255 with
/// s = lerp16(B[c], B[c + 1], weight[j]) in output row j (dst, dstStride pixels apart, from output column 0),
/// B row j being src's (srcStride apart, from B column ownedFrom), for the output columns i in
/// columnsFrom..<columnsTo whose B column c = i + shift[j] lies in ownedFrom..<ownedTo and in
/// visibleFrom[j] − 1..<visibleTo[j]. Each row asks for the output row FLICK_RASTER_PREFETCH_ROWS below, to be
/// written, within the rows.
void flick_raster_shear_over_rows_wide(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                       const int32_t *shift, const int32_t *weight, const int32_t *visibleFrom,
                                       const int32_t *visibleTo, long rows, long ownedFrom, long ownedTo,
                                       long columnsFrom, long columnsTo);

/// `size` bytes (a multiple of the page size) mapped twice, back to back: a run of bytes past the end of the
/// first mapping goes on at its start. NULL where the memory cannot be had or mapped so.
void *flick_raster_map_ring(size_t size);
/// Lets go of a ring from flick_raster_map_ring.
void flick_raster_unmap_ring(void *ring, size_t size);

/// Rows below the one being drawn that kernels ask for as they go (FlickRaster's `Canvas.prefetchRows` is this).
#define FLICK_RASTER_PREFETCH_ROWS 4

/// Adds cells[i] to sum for i in 0..<count, writing each running sum's coverage byte to coverage[i] and zeroing the
/// cell; ORs the bytes into *ink and returns the final sum. Cells are 16.16 fixed point; a byte is
/// min(|sum|, 1)·255 rounded, or with even_odd the distance to the nearest even winding: FlickRaster's
/// CoverageRun.sweepBaseline exactly. Only call when flick_raster_has_wide() is true.
int32_t flick_raster_sweep_wide(int32_t *cells, uint8_t *coverage, long count, int32_t sum, int even_odd, uint8_t *ink);

/// One premultiplied colour under per-pixel coverage into dst: source-over, or with copy an interpolation from
/// dst to the colour by coverage; FlickRaster's Blend.fillBaseline exactly. Only call when
/// flick_raster_has_wide() is true.
void flick_raster_fill_coverage_wide(uint32_t *dst, const uint8_t *coverage, long count, uint32_t color, int copy);
/// The same under every row of a mask (a glyph's), `height` rows of `width`, each row's start `dstStride` pixels and
/// `coverageStride` bytes after the last's: one call a glyph, not one a row.
void flick_raster_fill_mask_wide(uint32_t *dst, long dstStride, const uint8_t *coverage, long coverageStride,
                                 long width, long height, uint32_t color, int copy);

/// `row`'s `count` pixels copied into each of `rows` rows, each row's start `dstStride` pixels after the last's.
/// Only call when flick_raster_has_wide() is true.
void flick_raster_repeat_row_wide(uint32_t *dst, long dstStride, const uint32_t *row, long count, long rows);

/// A band of a shape swept and filled with one colour: for rows firstRow...lastRow of the cells (each `stride`
/// cells, with a bit per 2^blockShift cells in `touched`, `wordsPerRow` words a row), the pixels
/// CoverageRasterizer.sweep's coverage of `width` pixels and flick_raster_fill_coverage_wide of it give, in the
/// rows of `dst` (`dstStride` pixels apart, row 0 the band's top); the coverage is never stored. Blocks no edge
/// touched are filled under the coverage of the sum so far without being summed. Leaves the cells and bits zeroed.
/// Each row asks for the destination row FLICK_RASTER_PREFETCH_ROWS below, if it is one of the band's `rows`.
/// Only call when flick_raster_has_wide() is true.
void flick_raster_sweep_fill_wide(int32_t *cells, long stride, uint64_t *touched, long wordsPerRow, long blockShift,
                                  long firstRow, long lastRow, long rows, long width, uint32_t *dst,
                                  long dstStride, uint32_t color, int even_odd, int copy);

/// Asks for the cache line holding p ahead of a write to it; a hint, on any CPU.
static inline void flick_raster_prefetch_for_write(const void *p) { __builtin_prefetch(p, 1, 3); }

/// Asks for the cache line holding p ahead of a read of it; a hint, on any CPU.
static inline void flick_raster_prefetch_for_read(const void *p) { __builtin_prefetch(p, 0, 3); }

#endif
