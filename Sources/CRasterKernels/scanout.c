// 32-bit pixels to RGB565 and XBGR8888 scan-out rows, eight pixels a step (AVX2, chosen at run time: the
// x86-64 baseline Swift compiles for stops at SSE2, where packing 32-bit lanes to 16 takes several steps).
#include "CRasterKernels.h"
#include "scanout_pixel.h"

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2")))
static inline __m256i rgb565_x8(__m256i p) {
    const __m256i r = _mm256_and_si256(_mm256_srli_epi32(p, 8), _mm256_set1_epi32(0xF800));
    const __m256i g = _mm256_and_si256(_mm256_srli_epi32(p, 5), _mm256_set1_epi32(0x07E0));
    const __m256i b = _mm256_and_si256(_mm256_srli_epi32(p, 3), _mm256_set1_epi32(0x001F));
    return _mm256_or_si256(_mm256_or_si256(r, g), b);
}

__attribute__((target("avx2")))
void flick_raster_rgb565_wide(uint16_t *dst, const uint32_t *src, long count) {
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const __m256i a = rgb565_x8(_mm256_loadu_si256((const __m256i *)(src + i)));
        const __m256i b = rgb565_x8(_mm256_loadu_si256((const __m256i *)(src + i + 8)));
        // packus works within 128-bit halves (a0-3 b0-3 a4-7 b4-7): the permute puts the quarters in order.
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8));
    }
    for (; i < count; i++) dst[i] = rgb565_pixel(src[i]);
}

__attribute__((target("avx2")))
void flick_raster_xbgr8888_wide(uint32_t *dst, const uint32_t *src, long count) {
    // Red and blue swap places; the unused byte is zero, as the baseline stores it.
    const __m256i order = _mm256_setr_epi8(2, 1, 0, -1, 6, 5, 4, -1, 10, 9, 8, -1, 14, 13, 12, -1,
                                           2, 1, 0, -1, 6, 5, 4, -1, 10, 9, 8, -1, 14, 13, 12, -1);
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(src + i));
        const __m256i b = _mm256_loadu_si256((const __m256i *)(src + i + 8));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_shuffle_epi8(a, order));
        _mm256_storeu_si256((__m256i *)(dst + i + 8), _mm256_shuffle_epi8(b, order));
    }
    for (; i < count; i++) dst[i] = xbgr8888_pixel(src[i]);
}

#elif !defined(__aarch64__)

void flick_raster_rgb565_wide(uint16_t *dst, const uint32_t *src, long count) { (void)dst; (void)src; (void)count; }
void flick_raster_xbgr8888_wide(uint32_t *dst, const uint32_t *src, long count) { (void)dst; (void)src; (void)count; }

#endif
