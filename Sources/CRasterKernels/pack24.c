// 32-bit pixels to 24-bit scan-out rows with one byte shuffle per four pixels (SSSE3, chosen at run time: the
// x86-64 baseline Swift compiles for stops at SSE2).
#include "CRasterKernels.h"
#include "scanout_pixel.h"

#if defined(__x86_64__)
#include <immintrin.h>

int flick_raster_has_wide_pack24(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}

__attribute__((target("ssse3")))
void flick_raster_pack24_wide(uint8_t *dst, const uint32_t *src, long count, int swap_red_blue) {
    // Each 16-byte load (four pixels) becomes 12 bytes at the bottom of the register: B G R (or R G B) per pixel.
    const __m128i order = swap_red_blue
        ? _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1)
        : _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    long i = 0;
    for (; i + 16 <= count; i += 16, dst += 48) {
        const __m128i a = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + i)), order);
        const __m128i b = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + i + 4)), order);
        const __m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + i + 8)), order);
        const __m128i d = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(src + i + 12)), order);
        _mm_storeu_si128((__m128i *)dst, _mm_or_si128(a, _mm_slli_si128(b, 12)));
        _mm_storeu_si128((__m128i *)(dst + 16), _mm_or_si128(_mm_srli_si128(b, 4), _mm_slli_si128(c, 8)));
        _mm_storeu_si128((__m128i *)(dst + 32), _mm_or_si128(_mm_srli_si128(c, 8), _mm_slli_si128(d, 4)));
    }
    for (; i < count; i++, dst += 3) store_pixel24(dst, src[i], swap_red_blue);
}

#elif !defined(__aarch64__)

int flick_raster_has_wide_pack24(void) { return 0; }
void flick_raster_pack24_wide(uint8_t *dst, const uint32_t *src, long count, int swap_red_blue) {
    (void)dst; (void)src; (void)count; (void)swap_red_blue;
}

#endif
