// A row of an image scaled up, filtered across: each device pixel a lerp of two neighbouring image pixels.
// Eight device pixels read at most nine consecutive image pixels when the step is under one, so their taps
// are two permutes of two windows of eight rather than sixteen loads.
#include "CRasterKernels.h"
#include "pixels.h"

#if defined(__x86_64__)

__attribute__((target("avx2")))
long flick_raster_filter_row_wide(uint32_t *dst, const uint32_t *src, long width, long count, long fu, long fdu) {
    if (fdu <= 0 || fdu >= 65536) return 0;
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i full = _mm256_set1_epi16(256);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const long f = fu + i * fdu, base = f >> 16;
        // The second window reads up to base + 8: stop where that passes the row.
        if (base + 8 >= width) break;
        const __m256i position = _mm256_add_epi32(_mm256_set1_epi32((int)(f - (base << 16))),
                                                  _mm256_mullo_epi32(lanes, _mm256_set1_epi32((int)fdu)));
        const __m256i rel = _mm256_srli_epi32(position, 16);
        const __m256i w = _mm256_and_si256(_mm256_srli_epi32(position, 8), _mm256_set1_epi32(0xFF));
        const __m256i w16 = both_halves(w), iw16 = _mm256_sub_epi16(full, w16);
        const __m256i a = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(src + base)), rel);
        const __m256i b = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(src + base + 1)), rel);
        _mm256_storeu_si256((__m256i *)(dst + i), lerp256_x8(a, b, w16, iw16));
    }
    return i;
}

#elif !defined(__aarch64__)

long flick_raster_filter_row_wide(uint32_t *dst, const uint32_t *src, long width, long count, long fu, long fdu) {
    (void)dst; (void)src; (void)width; (void)count; (void)fu; (void)fdu;
    return 0;
}

#endif
