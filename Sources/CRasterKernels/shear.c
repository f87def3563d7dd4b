// The two passes of a turned layer (`ShearedLayer`) that are not a plain lerp of two rows: a shear along
// columns, where each column has its own row offset and weight, and the last horizontal shear composited
// source-over straight into the frame. Same arithmetic as FlickRaster's baselines.
#include "CRasterKernels.h"
#include "pixels.h"

static inline void shear_column_pixel(uint32_t *dst, const uint32_t *src, long srcStride, const int32_t *rowOffset,
                                      const int32_t *weight, long c, long j) {
    const uint32_t *top = src + (j + rowOffset[c]) * srcStride + c;
    *dst = lerp256(top[0], top[srcStride], (uint32_t)weight[c]);
}

static inline uint32_t lerp_over_one(uint32_t over, uint32_t under, uint32_t d, uint32_t weight) {
    const uint32_t s = lerp256(under, over, weight);
    return s + scale_pixel(d, 255 - (s >> 24));
}

#if defined(__x86_64__)

__attribute__((target("avx2")))
void flick_raster_shear_columns_avx2(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, long columns, long rows) {
    const __m256i w256 = _mm256_set1_epi32(256);
    // Blocks of columns narrow enough that the source rows one output row reads stay in the first-level cache
    // from row to row; in a block, row by row, so src and dst are read and written in order.
    const long block = 64;
    for (long start = 0; start < columns; start += block) {
        const long end = start + block < columns ? start + block : columns;
        for (long j = 0; j < rows; j++) {
            uint32_t *out = dst + j * dstStride;
            long c = start;
            for (; c + 8 <= end; c += 8) {
                const int32_t first = rowOffset[c], last = rowOffset[c + 7];
                const int32_t low = first < last ? first : last, spread = first < last ? last - first : first - last;
                if (spread >= 8) {
                    for (long k = c; k < c + 8; k++) shear_column_pixel(out + k, src, srcStride, rowOffset, weight, k, j);
                    continue;
                }
                // Lane l reads rows low + lane[l] and the one below: row d of the window is chosen where lane ≥ d.
                const __m256i lane = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)(rowOffset + c)), _mm256_set1_epi32(low));
                const __m256i w = _mm256_loadu_si256((const __m256i *)(weight + c));
                const uint32_t *row = src + (j + low) * srcStride + c;
                __m256i below = _mm256_loadu_si256((const __m256i *)(row + srcStride));
                __m256i top = _mm256_loadu_si256((const __m256i *)row), bottom = below;
                for (int d = 1; d <= spread; d++) {
                    const __m256i next = _mm256_loadu_si256((const __m256i *)(row + (d + 1) * srcStride));
                    const __m256i chosen = _mm256_cmpgt_epi32(lane, _mm256_set1_epi32(d - 1));
                    top = _mm256_blendv_epi8(top, below, chosen);
                    bottom = _mm256_blendv_epi8(bottom, next, chosen);
                    below = next;
                }
                _mm256_storeu_si256((__m256i *)(out + c),
                                    lerp256_x8(top, bottom, both_halves(w), both_halves(_mm256_sub_epi32(w256, w))));
            }
            for (; c < end; c++) shear_column_pixel(out + c, src, srcStride, rowOffset, weight, c, j);
        }
    }
}

__attribute__((target("avx2")))
void flick_raster_lerp_over_avx2(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    const __m256i w16 = _mm256_set1_epi16((short)weight), iw16 = _mm256_set1_epi16((short)(256 - weight));
    const __m256i byte = _mm256_set1_epi32(0xFF), opaque = _mm256_set1_epi32((int)0xFF000000);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i s = lerp256_x8(_mm256_loadu_si256((const __m256i *)(under + i)),
                                     _mm256_loadu_si256((const __m256i *)(over + i)), w16, iw16);
        // Eight opaque pixels (a photo's inside) hide what is under them: it need not be read.
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_or_si256(s, opaque), s)) == -1) {
            _mm256_storeu_si256((__m256i *)(dst + i), s);
            continue;
        }
        const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        const __m256i inverse = both_halves(_mm256_sub_epi32(byte, _mm256_srli_epi32(s, 24)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi32(s, scale_x8(d, inverse)));
    }
    for (; i < count; i++) dst[i] = lerp_over_one(over[i], under[i], dst[i], weight);
}

#else

void flick_raster_shear_columns_avx2(uint32_t *dst, long dstStride, const uint32_t *src, long srcStride,
                                     const int32_t *rowOffset, const int32_t *weight, long columns, long rows) {
    for (long c = 0; c < columns; c++)
        for (long j = 0; j < rows; j++) shear_column_pixel(dst + j * dstStride + c, src, srcStride, rowOffset, weight, c, j);
}

void flick_raster_lerp_over_avx2(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    for (long i = 0; i < count; i++) dst[i] = lerp_over_one(over[i], under[i], dst[i], weight);
}

#endif
