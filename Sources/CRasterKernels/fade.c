// Kernels that need a wider vector unit than the x86-64 baseline (SSE2) Swift compiles for, chosen at run
// time: many kiosk panel PCs have AVX2, the Atoms and Celerons in others do not.
#include "CRasterKernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

int flick_raster_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

__attribute__((target("avx2")))
void flick_raster_lerp_avx2(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    const uint32_t a = weight, inv = 256 - a;
    // 16-bit lanes: the low byte of each lane (blue, red) and the high byte (green, alpha) separately.
    const __m256i a16 = _mm256_set1_epi16((short)a), inv16 = _mm256_set1_epi16((short)inv);
    const __m256i low = _mm256_set1_epi16(0x00FF), high = _mm256_set1_epi16((short)0xFF00);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i s = _mm256_loadu_si256((const __m256i *)(over + i));
        const __m256i d = _mm256_loadu_si256((const __m256i *)(under + i));
        const __m256i rb = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(s, low), a16),
                                                              _mm256_mullo_epi16(_mm256_and_si256(d, low), inv16)), 8);
        const __m256i ag = _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(s, 8), a16),
                                                             _mm256_mullo_epi16(_mm256_srli_epi16(d, 8), inv16)), high);
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_or_si256(rb, ag));
    }
    for (; i < count; i++) {
        const uint32_t s = over[i], d = under[i];
        const uint32_t rb = (((s & 0x00FF00FF) * a + (d & 0x00FF00FF) * inv) >> 8) & 0x00FF00FF;
        const uint32_t ag = (((s >> 8) & 0x00FF00FF) * a + ((d >> 8) & 0x00FF00FF) * inv) & 0xFF00FF00;
        dst[i] = rb | ag;
    }
}

#else

int flick_raster_has_avx2(void) { return 0; }

void flick_raster_lerp_avx2(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    (void)dst; (void)over; (void)under; (void)count; (void)weight;
}

#endif
