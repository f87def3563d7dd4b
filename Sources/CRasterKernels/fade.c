// Kernels that need a wider vector unit than the x86-64 baseline (SSE2) Swift compiles for, chosen at run
// time: many kiosk panel PCs have AVX2, the Atoms and Celerons in others do not.
#include "CRasterKernels.h"
#include "pixels.h"

#if defined(__x86_64__)

int flick_raster_has_wide(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

__attribute__((target("avx2")))
void flick_raster_lerp_wide(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    const __m256i w16 = _mm256_set1_epi16((short)weight), iw16 = _mm256_set1_epi16((short)(256 - weight));
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i s = _mm256_loadu_si256((const __m256i *)(over + i));
        const __m256i d = _mm256_loadu_si256((const __m256i *)(under + i));
        _mm256_storeu_si256((__m256i *)(dst + i), lerp256_x8(d, s, w16, iw16));
    }
    for (; i < count; i++) dst[i] = lerp256(under[i], over[i], weight);
}

#elif !defined(__aarch64__)

int flick_raster_has_wide(void) { return 0; }

void flick_raster_lerp_wide(uint32_t *dst, const uint32_t *over, const uint32_t *under, long count, uint32_t weight) {
    (void)dst; (void)over; (void)under; (void)count; (void)weight;
}

#endif
