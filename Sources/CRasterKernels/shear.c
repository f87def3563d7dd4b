// The three passes of a turned image drawn by shears (FlickRaster's `Canvas.drawSheared`): a row moved by a
// fraction of a pixel, each column moved down by its own offset and fraction, and a row moved and composited
// source-over straight into the frame. Fractions are sixteenths, each lerp four byte averages (`lerp16`):
// the same pixels as FlickRaster's baselines. The first pass writes its image complemented (every channel
// 255 − c) and the middle pass complements it back, so the middle pass's averages, rounding up there, round
// down in the picture, between two passes that round up: the three do not add up to a brighter picture.
#include "CRasterKernels.h"
#include "pixels.h"
#include <stdint.h>


static inline void shear_column_pixel(uint32_t *dst, const uint32_t *src, long srcStride, const int32_t *rowOffset,
                                      const int32_t *weight, long c, long j) {
    const uint32_t *top = src + (j + rowOffset[c]) * srcStride + c;
    *dst = ~lerp16(top[0], top[srcStride], (uint32_t)weight[c]);
}

static inline uint32_t shear_over_one(const uint32_t *src, uint32_t d, uint32_t k) {
    const uint32_t s = lerp16(src[0], src[1], k);
    return s + scale_pixel(d, 255 - (s >> 24));
}

#if defined(__x86_64__)

/// A loop over a row that moves it by k sixteenths; `by_sixteenths` calls it with k a constant, so each of
/// the sixteen is compiled with only the averages its k needs.
typedef long (*sixteenths_loop)(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead);

__attribute__((target("avx2"), always_inline))
static inline long by_sixteenths(sixteenths_loop loop, uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    switch (k) {
#define SIXTEENTHS_CASE(K) case K: return loop(dst, src, count, K, ahead);
    SIXTEENTHS_CASE(0) SIXTEENTHS_CASE(1) SIXTEENTHS_CASE(2) SIXTEENTHS_CASE(3) SIXTEENTHS_CASE(4) SIXTEENTHS_CASE(5)
    SIXTEENTHS_CASE(6) SIXTEENTHS_CASE(7) SIXTEENTHS_CASE(8) SIXTEENTHS_CASE(9) SIXTEENTHS_CASE(10)
    SIXTEENTHS_CASE(11) SIXTEENTHS_CASE(12) SIXTEENTHS_CASE(13) SIXTEENTHS_CASE(14) SIXTEENTHS_CASE(15)
#undef SIXTEENTHS_CASE
    }
    return 0;
}

__attribute__((target("avx2"), always_inline))
static inline long shear_row_by(uint32_t *dst, const uint32_t *src, long count, const uint32_t k, long ahead) {
    const __m256i ones = _mm256_set1_epi32(-1);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        if (ahead && (i & 15) == 0) __builtin_prefetch(src + i + ahead, 0, 3);
        const __m256i a = _mm256_loadu_si256((const __m256i *)(src + i)), b = _mm256_loadu_si256((const __m256i *)(src + i + 1));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_xor_si256(lerp16_x8(a, b, k), ones));
    }
    return i;
}

__attribute__((target("avx2")))
void flick_raster_shear_row_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    for (long i = by_sixteenths(shear_row_by, dst, src, count, k, ahead); i < count; i++) dst[i] = ~lerp16(src[i], src[i + 1], k);
}

/// Lane l of the result is row `lane[l]` of eight columns from `row` (`stride` pixels a row), lane[l] in
/// 0...spread: the rows in turn, each taken where the lane reaches it (`reaches[d − 1]`: lane ≥ d).
__attribute__((target("avx2"), always_inline))
static inline __m256i rows_of_lanes(const uint32_t *row, long stride, int spread, const __m256i *reaches) {
    __m256i r = _mm256_loadu_si256((const __m256i *)row);
    for (int d = 1; d <= spread; d++)
        r = _mm256_blendv_epi8(r, _mm256_loadu_si256((const __m256i *)(row + d * stride)), reaches[d - 1]);
    return r;
}

/// `rows` rows of eight columns, lane l of output row j lerp16 of rows j + lane[l] and the one below from
/// `row`, by k's lanes: compiled for each spread (the largest lane) so its rows stay in registers.
__attribute__((target("avx2"), always_inline))
static inline void column_group(uint32_t *out, long dstStride, const uint32_t *row, long srcStride, long rows,
                                __m256i lane, __m256i k, const int spread) {
    __m256i reaches[7], masks[4];
    for (int d = 1; d <= spread; d++) reaches[d - 1] = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(d - 1));
    for (int i = 0; i < 4; i++) masks[i] = _mm256_slli_epi16(k, 7 - i);
    __m256i top = rows_of_lanes(row, srcStride, spread, reaches);
    for (long j = 0; j < rows; j++) {
        row += srcStride;
        const __m256i bottom = rows_of_lanes(row, srcStride, spread, reaches);
        _mm256_storeu_si256((__m256i *)out, _mm256_xor_si256(lerp16_lanes_x8(top, bottom, masks), _mm256_set1_epi32(-1)));
        top = bottom;
        out += dstStride;
    }
}

__attribute__((target("avx2")))
void flick_raster_shear_columns_avx2(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, const int32_t *rowsFrom,
                                     const int32_t *rowsTo, long columns) {
    const __m256i everyByte = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                               0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const long wide = columns / 8 * 8;
    // Eight columns at a time, down the rows: lane l of row j reads rows j + rowOffset[c + l] and the one below,
    // and the lower of the two is the upper one of row j + 1, so each row takes one new row of lanes.
    for (long c = 0; c < wide; c += 8) {
        int32_t from = INT32_MAX, to = INT32_MIN;
        for (long m = c; m < c + 8; m++) {
            if (rowsFrom[m] >= rowsTo[m]) continue;
            if (rowsFrom[m] < from) from = rowsFrom[m];
            if (rowsTo[m] > to) to = rowsTo[m];
        }
        if (from >= to) continue;
        const int32_t first = rowOffset[c], last = rowOffset[c + 7];
        const int32_t low = first < last ? first : last, spread = first < last ? last - first : first - last;
        if (spread >= 8) {
            for (long m = c; m < c + 8; m++)
                for (long j = from; j < to; j++) shear_column_pixel(dst + j * dstStride + m, src, srcStride, rowOffset, weight, m, j);
            continue;
        }
        const __m256i lane = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)(rowOffset + c)), _mm256_set1_epi32(low));
        const __m256i k = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(weight + c)), everyByte);
        const uint32_t *row = src + (from + low) * srcStride + c;
        uint32_t *out = dst + from * dstStride + c;
        switch (spread) {
#define SPREAD_CASE(S) case S: column_group(out, dstStride, row, srcStride, to - from, lane, k, S); break;
        SPREAD_CASE(0) SPREAD_CASE(1) SPREAD_CASE(2) SPREAD_CASE(3) SPREAD_CASE(4) SPREAD_CASE(5) SPREAD_CASE(6)
        SPREAD_CASE(7)
#undef SPREAD_CASE
        }
    }
    for (long c = wide; c < columns; c++)
        for (long j = rowsFrom[c]; j < rowsTo[c]; j++) shear_column_pixel(dst + j * dstStride + c, src, srcStride, rowOffset, weight, c, j);
}

__attribute__((target("avx2"), always_inline))
static inline long shear_over_by(uint32_t *dst, const uint32_t *src, long count, const uint32_t k, long ahead) {
    const __m256i byte = _mm256_set1_epi32(0xFF), opaque = _mm256_set1_epi32((int)0xFF000000);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        if (ahead && (i & 15) == 0) __builtin_prefetch(dst + i + ahead, 1, 3);
        const __m256i s = lerp16_x8(_mm256_loadu_si256((const __m256i *)(src + i)),
                                    _mm256_loadu_si256((const __m256i *)(src + i + 1)), k);
        // Eight opaque pixels (a photo's inside) hide what is under them: it need not be read.
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_or_si256(s, opaque), s)) == -1) {
            _mm256_storeu_si256((__m256i *)(dst + i), s);
            continue;
        }
        const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        const __m256i inverse = both_halves(_mm256_sub_epi32(byte, _mm256_srli_epi32(s, 24)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi32(s, scale_x8(d, inverse)));
    }
    return i;
}

__attribute__((target("avx2")))
void flick_raster_shear_over_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    for (long i = by_sixteenths(shear_over_by, dst, src, count, k, ahead); i < count; i++) dst[i] = shear_over_one(src + i, dst[i], k);
}

#else

void flick_raster_shear_row_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    (void)ahead;
    for (long i = 0; i < count; i++) dst[i] = ~lerp16(src[i], src[i + 1], k);
}

void flick_raster_shear_columns_avx2(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, const int32_t *rowsFrom,
                                     const int32_t *rowsTo, long columns) {
    for (long c = 0; c < columns; c++)
        for (long j = rowsFrom[c]; j < rowsTo[c]; j++)
            shear_column_pixel(dst + j * dstStride + c, src, srcStride, rowOffset, weight, c, j);
}

void flick_raster_shear_over_avx2(uint32_t *dst, const uint32_t *src, long count, uint32_t k, long ahead) {
    (void)ahead;
    for (long i = 0; i < count; i++) dst[i] = shear_over_one(src + i, dst[i], k);
}

#endif
