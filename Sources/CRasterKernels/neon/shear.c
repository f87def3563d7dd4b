// shear.c's three passes of a turned image with NEON, four pixels a register: the same pixels as the AVX2 kernels
// and FlickRaster's baselines.
#if defined(__aarch64__)
#include "../shear_passes.h"
#include "pixels_neon.h"

__attribute__((always_inline))
static inline void shear_row_by(uint32_t *dst, const uint32_t *src, long count, const uint32_t k, long ahead) {
    long i = 0;
    // Sixteen pixels (a cache line of the row read) a step, as the AVX2 kernel, then four, then one.
    for (; i + 16 <= count; i += 16) {
        if (ahead) flick_raster_prefetch_for_read(src + i + ahead);
        const uint8x16x4_t a = load_x16(src + i), b = load_x16(src + i + 1);
        uint8x16x4_t r;
        for (int q = 0; q < 4; q++) r.val[q] = vmvnq_u8(lerp16_x4(a.val[q], b.val[q], k));
        store_x16(dst + i, r);
    }
    if (ahead && i < count) flick_raster_prefetch_for_read(src + i + ahead);
    for (; i + 4 <= count; i += 4) store_x4(dst + i, vmvnq_u8(lerp16_x4(load_x4(src + i), load_x4(src + i + 1), k)));
    for (; i < count; i++) dst[i] = ~lerp16(src[i], src[i + 1], k);
}

SIXTEENTHS_LOOPS(, shear_row, shear_row_by)

__attribute__((always_inline))
static inline void shear_over_by(uint32_t *dst, const uint32_t *src, long count, const uint32_t k, long ahead) {
    long i = 0;
    // Sixteen pixels (a cache line of the row written) a step, then four, then one. Opaque pixels (a photo's
    // inside) hide what is under them: it is not read.
    for (; i + 16 <= count; i += 16) {
        if (ahead) flick_raster_prefetch_for_write(dst + i + ahead);
        const uint8x16x4_t a = load_x16(src + i), b = load_x16(src + i + 1);
        uint8x16x4_t s;
        for (int q = 0; q < 4; q++) s.val[q] = lerp16_x4(a.val[q], b.val[q], k);
        if (!opaque_x4(vandq_u8(vandq_u8(s.val[0], s.val[1]), vandq_u8(s.val[2], s.val[3])))) {
            const uint8x16x4_t d = load_x16(dst + i);
            for (int q = 0; q < 4; q++) s.val[q] = over_x4(s.val[q], d.val[q]);
        }
        store_x16(dst + i, s);
    }
    if (ahead && i < count) flick_raster_prefetch_for_write(dst + i + ahead);
    for (; i + 4 <= count; i += 4) {
        const uint8x16_t s = lerp16_x4(load_x4(src + i), load_x4(src + i + 1), k);
        store_x4(dst + i, opaque_x4(s) ? s : over_x4(s, load_x4(dst + i)));
    }
    for (; i < count; i++) dst[i] = shear_over_pixel(src + i, dst[i], k);
}

SIXTEENTHS_LOOPS(, shear_over, shear_over_by)

SHEAR_ROW_PASSES(shear_row, shear_over)

// The middle pass. Each lane of four columns reads its own rows, at most `depth` − 1 apart: a window of `depth`
// rows is loaded and each lane's bytes picked from its row with a table lookup (tbl across two to four registers;
// a window of one row needs none). The sixteenths differ from lane to lane too, so the lerp is the sum that
// lerp16's four rounded-up halvings make: lerp16(a, b, k) = ⌈((16 − k)·a + k·b) / 16⌉, and complemented
// ⌊(4080 − (16 − k)·a − k·b) / 16⌋: two multiply-adds and a narrowing shift a half, where halvings chosen lane by
// lane would take a select and an average in each of four steps.

/// The most rows apart a window's lanes can be read from by a table lookup (four registers).
#define SHEAR_WINDOW_ROWS 4

/// A vector of four columns going down the rows: its window's top row, which window row and byte each byte of the
/// output takes, and 16 − k and k in each byte of its lane.
struct column_vector { const uint32_t *row; uint8x16_t pick, weightTop, weightBottom; };

/// Four lanes' pixels from a window of `depth` rows from `row`, each from the row `pick` says.
__attribute__((always_inline))
static inline uint8x16_t window_pixels(const uint32_t *row, long stride, uint8x16_t pick, const int depth) {
    switch (depth) {
    case 1: return load_x4(row);
    case 2: { const uint8x16x2_t t = {{load_x4(row), load_x4(row + stride)}}; return vqtbl2q_u8(t, pick); }
    case 3: {
        const uint8x16x3_t t = {{load_x4(row), load_x4(row + stride), load_x4(row + 2 * stride)}};
        return vqtbl3q_u8(t, pick);
    }
    default: {
        const uint8x16x4_t t = {{load_x4(row), load_x4(row + stride), load_x4(row + 2 * stride), load_x4(row + 3 * stride)}};
        return vqtbl4q_u8(t, pick);
    }
    }
}

/// ~lerp16(top, bottom, k) with each lane's 16 − k and k in its bytes.
__attribute__((always_inline))
static inline uint8x16_t not_lerp16_lanes_x4(uint8x16_t top, uint8x16_t bottom, uint8x16_t weightTop, uint8x16_t weightBottom) {
    const uint16x8_t all = vdupq_n_u16(16 * 255);
    const uint16x8_t low = vmlal_u8(vmull_u8(vget_low_u8(top), vget_low_u8(weightTop)), vget_low_u8(bottom), vget_low_u8(weightBottom));
    const uint16x8_t high = vmlal_high_u8(vmull_high_u8(top, weightTop), bottom, weightBottom);
    return vcombine_u8(vshrn_n_u16(vsubq_u16(all, low), 4), vshrn_n_u16(vsubq_u16(all, high), 4));
}

/// `rows` output rows of `vectors` vectors of four columns side by side (a cache line of each row for four), in
/// turns down the rows: each row's bottom window is the next row's top.
__attribute__((always_inline))
static inline void column_vectors(uint32_t *out, long dstStride, const struct column_vector *v, long srcStride, long rows,
                                  const int vectors, const int depth) {
    const uint32_t *row[4];
    uint8x16_t top[4];
    // Unrolled, so that the rows, windows and weights stay in registers (rolled, clang kept them on the stack:
    // twice the instructions).
#pragma clang loop unroll(full)
    for (int n = 0; n < vectors; n++) {
        row[n] = v[n].row;
        top[n] = window_pixels(row[n], srcStride, v[n].pick, depth);
    }
    for (long j = 0; j < rows; j++, out += dstStride) {
        uint8x16x4_t lerped;
#pragma clang loop unroll(full)
        for (int n = 0; n < vectors; n++) {
            row[n] += srcStride;
            const uint8x16_t bottom = window_pixels(row[n], srcStride, v[n].pick, depth);
            lerped.val[n] = not_lerp16_lanes_x4(top[n], bottom, v[n].weightTop, v[n].weightBottom);
            top[n] = bottom;
        }
        if (vectors == 4) {
            store_x16(out, lerped);
        } else {
            for (int n = 0; n < vectors; n++) store_x4(out + 4 * n, lerped.val[n]);
        }
    }
}

/// `column_vectors` compiled for each count of vectors (four, or two at the end) and window depth.
static void column_group(uint32_t *out, long dstStride, const struct column_vector *v, long srcStride, long rows,
                         int vectors, int depth) {
    switch (vectors * 8 + depth) {
#define GROUP_CASE(V, D) case (V) * 8 + (D): column_vectors(out, dstStride, v, srcStride, rows, (V), (D)); break;
    GROUP_CASE(4, 1) GROUP_CASE(4, 2) GROUP_CASE(4, 3) GROUP_CASE(4, 4)
    GROUP_CASE(2, 1) GROUP_CASE(2, 2) GROUP_CASE(2, 3) GROUP_CASE(2, 4)
#undef GROUP_CASE
    }
}

void flick_raster_shear_columns_wide(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, const int32_t *rowsFrom,
                                     const int32_t *rowsTo, long firstRow, long endRow, long columns) {
    // Columns grouped as the AVX2 kernel groups them (sixteen, eight at the end), so that each is written in the
    // same rows.
    const long wide = columns / 8 * 8;
    const uint8x16_t bytes = vreinterpretq_u8_u32(vdupq_n_u32(0x03020100)), sixteen = vdupq_n_u8(16);
    const uint32x4_t lanes = {0, 4, 8, 12};
    for (long c = 0; c < wide; c += 16) {
        const int vectors = c + 16 <= wide ? 4 : 2;
        long from, to;
        group_rows(rowsFrom, rowsTo, c, 4 * vectors, firstRow, endRow, &from, &to);
        if (from >= to) continue;
        // The window's depth: the most rows apart the lanes of one vector read.
        int32_t lows[4], high = INT32_MIN, depth = 1;
        for (int n = 0; n < vectors; n++) {
            const int32x4_t offsets = vld1q_s32(rowOffset + c + 4 * n);
            const int32_t highest = vmaxvq_s32(offsets);
            lows[n] = vminvq_s32(offsets);
            if (highest > high) high = highest;
            if (highest - lows[n] + 1 > depth) depth = highest - lows[n] + 1;
        }
        if (depth > SHEAR_WINDOW_ROWS) {
            for (long m = c; m < c + 4 * vectors; m++)
                for (long j = from; j < to; j++) shear_column_pixel(dst + j * dstStride + m, src, srcStride, rowOffset, weight, m, j);
            continue;
        }
        struct column_vector v[4];
        for (int n = 0; n < vectors; n++) {
            // The window from the vector's first row, or from an earlier one where it would run past the group's
            // last: the rows it reads lie between those the group's columns read, which the caller has in src.
            const int32_t base = lows[n] < high - (depth - 1) ? lows[n] : high - (depth - 1);
            const long first = c + 4 * n;
            const uint32x4_t inWindow = vreinterpretq_u32_s32(vsubq_s32(vld1q_s32(rowOffset + first), vdupq_n_s32(base)));
            v[n].row = src + (from + base) * srcStride + first;
            v[n].pick = vaddq_u8(vreinterpretq_u8_u32(vmulq_n_u32(vmlaq_n_u32(lanes, inWindow, 16), 0x01010101)), bytes);
            v[n].weightBottom = vreinterpretq_u8_u32(vmulq_n_u32(vreinterpretq_u32_s32(vld1q_s32(weight + first)), 0x01010101));
            v[n].weightTop = vsubq_u8(sixteen, v[n].weightBottom);
        }
        column_group(dst + from * dstStride + c, dstStride, v, srcStride, to - from, vectors, depth);
    }
    for (long c = wide; c < columns; c++)
        shear_column(dst, dstStride, src, srcStride, rowOffset, weight, rowsFrom, rowsTo, firstRow, endRow, c);
}

#endif
