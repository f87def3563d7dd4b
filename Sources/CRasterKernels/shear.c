// The three passes of a turned image drawn by shears (FlickRaster's `Canvas.drawSheared`): a row moved by a
// fraction of a pixel, each column moved down by its own offset and fraction, and a row moved and composited
// source-over straight into the frame. Fractions are sixteenths, each lerp four byte averages (`lerp16`):
// the same pixels as FlickRaster's baselines. The first pass writes its image complemented (every channel
// 255 − c) and the middle pass complements it back, so the middle pass's averages, rounding up there, round
// down in the picture, between two passes that round up: the three do not add up to a brighter picture.
#include "shear_passes.h"
#include <stdint.h>

#if defined(__x86_64__)

/// Eight pixels of a row moved by k sixteenths, complemented, from i.
__attribute__((target("avx2"), always_inline))
static inline void shear_row_8(uint32_t *dst, const uint32_t *src, long i, const uint32_t k) {
    const __m256i a = _mm256_loadu_si256((const __m256i *)(src + i)), b = _mm256_loadu_si256((const __m256i *)(src + i + 1));
    _mm256_storeu_si256((__m256i *)(dst + i), _mm256_xor_si256(lerp16_x8(a, b, k), _mm256_set1_epi32(-1)));
}

__attribute__((target("avx2"), always_inline))
static inline void shear_row_by(uint32_t *dst, const uint32_t *src, long count, const uint32_t k, long ahead) {
    long i = 0;
    // Sixteen pixels a step (a cache line of the row read: measured 7–8 % of a turning card's frame, with the
    // last pass's, against eight a step), eight, and then what is left.
    for (; i + 16 <= count; i += 16) {
        if (ahead) __builtin_prefetch(src + i + ahead, 0, 3);
        shear_row_8(dst, src, i, k);
        shear_row_8(dst, src, i + 8, k);
    }
    if (i + 8 <= count) {
        if (ahead) __builtin_prefetch(src + i + ahead, 0, 3);
        shear_row_8(dst, src, i, k);
        i += 8;
    }
    if (i < count) {
        const __m256i mask = tail_mask(count - i);
        const __m256i a = _mm256_maskload_epi32((const int *)(src + i), mask), b = _mm256_maskload_epi32((const int *)(src + i + 1), mask);
        _mm256_maskstore_epi32((int *)(dst + i), mask, _mm256_xor_si256(lerp16_x8(a, b, k), _mm256_set1_epi32(-1)));
    }
}

/// dst[i] = ~lerp16(src[i], src[i + 1], k) for i in 0..<count: a row moved by a fraction of a pixel, asking for
/// the cache lines `ahead` pixels past those read as it goes (a later row's; 0: none).
SIXTEENTHS_LOOPS(__attribute__((target("avx2"))), shear_row, shear_row_by)

/// Lane l of the result is row `lane[l]` of eight columns from `row` (`stride` pixels a row), lane[l] in
/// 0...spread: the rows in turn, each taken where the lane reaches it (`reaches[d − 1]`: lane ≥ d).
__attribute__((target("avx2"), always_inline))
static inline __m256i rows_of_lanes(const uint32_t *row, long stride, int spread, const __m256i *reaches) {
    __m256i r = _mm256_loadu_si256((const __m256i *)row);
    for (int d = 1; d <= spread; d++)
        r = _mm256_blendv_epi8(r, _mm256_loadu_si256((const __m256i *)(row + d * stride)), reaches[d - 1]);
    return r;
}

/// Eight columns' lanes for `column_groups`: each lane's row past the group's lowest (`lane`, up to `spread`)
/// and its sixteenths as the four masks `lerp16_lanes_x8` takes.
struct column_lanes { __m256i reaches[7], masks[4]; };

__attribute__((target("avx2"), always_inline))
static inline struct column_lanes column_lanes(__m256i lane, __m256i k, const int spread) {
    struct column_lanes l;
    for (int d = 1; d <= spread; d++) l.reaches[d - 1] = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(d - 1));
    for (int i = 0; i < 4; i++) l.masks[i] = _mm256_slli_epi16(k, 7 - i);
    return l;
}

/// `rows` rows of eight columns, or two groups of eight side by side (spread1 ≥ 0), lane l of group g's output
/// row j lerp16 of rows j + lane[l] and the one below from `row[g]`, by k's lanes: compiled for each group's
/// spread (its largest lane) so their rows stay in registers. Two groups fill whole cache lines of each row
/// and work in turns.
__attribute__((target("avx2"), always_inline))
static inline void column_groups(uint32_t *out, long dstStride, const uint32_t *row[2], long srcStride, long rows,
                                 const struct column_lanes lanes[2], const int spread0, const int spread1) {
    const uint32_t *r0 = row[0], *r1 = row[1];
    __m256i top0 = rows_of_lanes(r0, srcStride, spread0, lanes[0].reaches), top1 = top0;
    if (spread1 >= 0) top1 = rows_of_lanes(r1, srcStride, spread1, lanes[1].reaches);
    for (long j = 0; j < rows; j++) {
        r0 += srcStride;
        const __m256i bottom0 = rows_of_lanes(r0, srcStride, spread0, lanes[0].reaches);
        _mm256_storeu_si256((__m256i *)out, _mm256_xor_si256(lerp16_lanes_x8(top0, bottom0, lanes[0].masks), _mm256_set1_epi32(-1)));
        top0 = bottom0;
        if (spread1 >= 0) {
            r1 += srcStride;
            const __m256i bottom1 = rows_of_lanes(r1, srcStride, spread1, lanes[1].reaches);
            _mm256_storeu_si256((__m256i *)(out + 8), _mm256_xor_si256(lerp16_lanes_x8(top1, bottom1, lanes[1].masks), _mm256_set1_epi32(-1)));
            top1 = bottom1;
        }
        out += dstStride;
    }
}

/// The lanes of the eight columns from c for `column_groups`, their rows counted from `low` (the group's lowest).
__attribute__((target("avx2"), always_inline))
static inline void column_group_lanes(const int32_t *rowOffset, const int32_t *weight, long c, int32_t low, int spread,
                                      struct column_lanes *lanes) {
    const __m256i everyByte = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                               0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const __m256i lane = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)(rowOffset + c)), _mm256_set1_epi32(low));
    *lanes = column_lanes(lane, _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(weight + c)), everyByte), spread);
}

/// `column_groups` for one group of eight columns from `src` (spread[1] < 0) or two side by side, dispatched to
/// the version compiled for their spreads (0...7, the second at most one from the first).
__attribute__((target("avx2")))
static void column_pair(uint32_t *out, long dstStride, const uint32_t *src, long srcStride, long rows,
                        const int32_t *rowOffset, const int32_t *weight, const int32_t low[2], const int32_t spread[2]) {
    struct column_lanes lanes[2];
    const uint32_t *row[2] = {src + low[0] * srcStride, src + low[1] * srcStride + 8};
    switch (spread[0] * 16 + (spread[1] < 0 ? 15 : spread[1])) {
#define GROUP_CASE(S0, S1) case (S0) * 16 + ((S1) < 0 ? 15 : (S1)): \
        column_group_lanes(rowOffset, weight, 0, low[0], (S0), &lanes[0]); \
        if ((S1) >= 0) column_group_lanes(rowOffset, weight, 8, low[1], (S1), &lanes[1]); \
        column_groups(out, dstStride, row, srcStride, rows, lanes, (S0), (S1)); \
        break;
#define SPREAD_CASES(S) GROUP_CASE(S, -1) GROUP_CASE(S, S) GROUP_CASE(S, (S) + 1) GROUP_CASE((S) + 1, S)
    SPREAD_CASES(0) SPREAD_CASES(1) SPREAD_CASES(2) SPREAD_CASES(3) SPREAD_CASES(4) SPREAD_CASES(5) SPREAD_CASES(6)
    GROUP_CASE(7, -1) GROUP_CASE(7, 7)
#undef SPREAD_CASES
#undef GROUP_CASE
    }
}

__attribute__((target("avx2")))
void flick_raster_shear_columns_wide(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, const int32_t *rowsFrom,
                                     const int32_t *rowsTo, long firstRow, long endRow, long columns) {
    const long wide = columns / 8 * 8;
    // Sixteen columns at a time (eight at the end), down the rows: lane l of row j reads rows j + rowOffset[c + l]
    // and the one below, and the lower of the two is the upper one of row j + 1, so each row takes one new row
    // of lanes.
    for (long c = 0; c < wide; c += 16) {
        const int groups = c + 16 <= wide ? 2 : 1;
        long from, to;
        group_rows(rowsFrom, rowsTo, c, 8 * groups, firstRow, endRow, &from, &to);
        if (from >= to) continue;
        int32_t low[2] = {0, 0}, spread[2] = {-1, -1};
        for (int g = 0; g < groups; g++) {
            const int32_t first = rowOffset[c + 8 * g], last = rowOffset[c + 8 * g + 7];
            low[g] = first < last ? first : last;
            spread[g] = first < last ? last - first : first - last;
        }
        if (spread[0] >= 8 || spread[1] >= 8) {
            for (long m = c; m < c + 8 * groups; m++)
                for (long j = from; j < to; j++) shear_column_pixel(dst + j * dstStride + m, src, srcStride, rowOffset, weight, m, j);
            continue;
        }
        // A straight edge's two groups spread alike or a row apart; any others go one group at a time.
        if (groups == 2 && spread[0] - spread[1] <= 1 && spread[1] - spread[0] <= 1) {
            column_pair(dst + from * dstStride + c, dstStride, src + from * srcStride + c, srcStride, to - from,
                        rowOffset + c, weight + c, low, spread);
        } else {
            for (int g = 0; g < groups; g++) {
                const int32_t one_low[2] = {low[g], 0}, one_spread[2] = {spread[g], -1};
                column_pair(dst + from * dstStride + c + 8 * g, dstStride, src + from * srcStride + c + 8 * g, srcStride,
                            to - from, rowOffset + c + 8 * g, weight + c + 8 * g, one_low, one_spread);
            }
        }
    }
    for (long c = wide; c < columns; c++)
        shear_column(dst, dstStride, src, srcStride, rowOffset, weight, rowsFrom, rowsTo, firstRow, endRow, c);
}

/// src[i] and src[i + 1] moved by k sixteenths, for eight pixels from i.
__attribute__((target("avx2"), always_inline))
static inline __m256i shear_lerp_8(const uint32_t *src, long i, const uint32_t k) {
    return lerp16_x8(_mm256_loadu_si256((const __m256i *)(src + i)), _mm256_loadu_si256((const __m256i *)(src + i + 1)), k);
}

/// Each byte of s that is an opaque pixel's: all ones.
__attribute__((target("avx2"), always_inline))
static inline __m256i opaque_bytes(__m256i s) {
    return _mm256_cmpeq_epi8(_mm256_or_si256(s, _mm256_set1_epi32((int)0xFF000000)), s);
}

/// s composited source-over d, eight pixels.
__attribute__((target("avx2"), always_inline))
static inline __m256i over_8(__m256i s, __m256i d) {
    const __m256i inverse = both_halves(_mm256_sub_epi32(_mm256_set1_epi32(0xFF), _mm256_srli_epi32(s, 24)));
    return _mm256_add_epi32(s, scale_x8(d, inverse));
}

__attribute__((target("avx2"), always_inline))
static inline void shear_over_by(uint32_t *dst, const uint32_t *src, long count, const uint32_t k, long ahead) {
    long i = 0;
    // Sixteen pixels a step (a cache line of the row written; measured with the first pass's above), eight, and
    // then what is left. Sixteen opaque pixels (a photo's inside) hide what is under them: it is not read.
    for (; i + 16 <= count; i += 16) {
        if (ahead) __builtin_prefetch(dst + i + ahead, 1, 3);
        __m256i s0 = shear_lerp_8(src, i, k), s1 = shear_lerp_8(src, i + 8, k);
        if (_mm256_movemask_epi8(_mm256_and_si256(opaque_bytes(s0), opaque_bytes(s1))) != -1) {
            s0 = over_8(s0, _mm256_loadu_si256((const __m256i *)(dst + i)));
            s1 = over_8(s1, _mm256_loadu_si256((const __m256i *)(dst + i + 8)));
        }
        _mm256_storeu_si256((__m256i *)(dst + i), s0);
        _mm256_storeu_si256((__m256i *)(dst + i + 8), s1);
    }
    if (i + 8 <= count) {
        if (ahead) __builtin_prefetch(dst + i + ahead, 1, 3);
        __m256i s = shear_lerp_8(src, i, k);
        if (_mm256_movemask_epi8(opaque_bytes(s)) != -1) s = over_8(s, _mm256_loadu_si256((const __m256i *)(dst + i)));
        _mm256_storeu_si256((__m256i *)(dst + i), s);
        i += 8;
    }
    if (i < count) {
        const __m256i mask = tail_mask(count - i);
        const __m256i s = lerp16_x8(_mm256_maskload_epi32((const int *)(src + i), mask),
                                    _mm256_maskload_epi32((const int *)(src + i + 1), mask), k);
        _mm256_maskstore_epi32((int *)(dst + i), mask, over_8(s, _mm256_maskload_epi32((const int *)(dst + i), mask)));
    }
}

/// dst[i] = s + dst[i]·(255 − alpha of s)/255 with s = lerp16(src[i], src[i + 1], k): a row moved by a fraction
/// of a pixel and composited source-over, asking for the cache lines `ahead` pixels past those written, to be
/// written, as it goes.
SIXTEENTHS_LOOPS(__attribute__((target("avx2"))), shear_over, shear_over_by)

#elif !defined(__aarch64__)

static void shear_row(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    (void)ahead;
    for (long i = 0; i < count; i++) dst[i] = ~lerp16(src[i], src[i + 1], k);
}

void flick_raster_shear_columns_wide(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, const int32_t *rowsFrom,
                                     const int32_t *rowsTo, long firstRow, long endRow, long columns) {
    for (long c = 0; c < columns; c++)
        shear_column(dst, dstStride, src, srcStride, rowOffset, weight, rowsFrom, rowsTo, firstRow, endRow, c);
}

static void shear_over(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    (void)ahead;
    for (long i = 0; i < count; i++) dst[i] = shear_over_pixel(src + i, dst[i], k);
}

#endif

#if !defined(__aarch64__)

SHEAR_ROW_PASSES(shear_row, shear_over)

#endif
