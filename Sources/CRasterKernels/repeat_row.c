// One row copied into many: a horizontal gradient's shaded row down the frame. The row stays in L1; plain
// 32-byte loads and stores beat a glibc memcpy a row (see Blend.repeatRow).
#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
void flick_raster_repeat_row_wide(uint32_t *dst, long dstStride, const uint32_t *row, long count, long rows) {
    for (long y = 0; y < rows; y++, dst += dstStride) {
        long i = 0;
        for (; i + 32 <= count; i += 32) {
            const __m256i a = _mm256_loadu_si256((const __m256i *)(row + i));
            const __m256i b = _mm256_loadu_si256((const __m256i *)(row + i + 8));
            const __m256i c = _mm256_loadu_si256((const __m256i *)(row + i + 16));
            const __m256i d = _mm256_loadu_si256((const __m256i *)(row + i + 24));
            _mm256_storeu_si256((__m256i *)(dst + i), a);
            _mm256_storeu_si256((__m256i *)(dst + i + 8), b);
            _mm256_storeu_si256((__m256i *)(dst + i + 16), c);
            _mm256_storeu_si256((__m256i *)(dst + i + 24), d);
        }
        for (; i + 8 <= count; i += 8)
            _mm256_storeu_si256((__m256i *)(dst + i), _mm256_loadu_si256((const __m256i *)(row + i)));
        for (; i < count; i++) dst[i] = row[i];
    }
}

#elif !defined(__aarch64__)

void flick_raster_repeat_row_wide(uint32_t *dst, long dstStride, const uint32_t *row, long count, long rows) {
    (void)dst; (void)dstStride; (void)row; (void)count; (void)rows;
}

#endif
