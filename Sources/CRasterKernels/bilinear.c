// The inside of a turned image (a photo card under a finger): bilinear samples gathered eight at a time and
// composited source-over, for CPUs with AVX2. Same arithmetic as FlickRaster's `AffineBilinear.baseline`.
#include "CRasterKernels.h"
#include "pixels.h"

#if defined(__x86_64__)

__attribute__((target("avx2")))
void flick_raster_bilinear_over_wide(uint32_t *dst, const uint32_t *image, long stride,
                                     long fu, long fv, long fdu, long fdv, long count) {
    const __m256i steps = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i byte = _mm256_set1_epi32(0xFF), w256 = _mm256_set1_epi32(256);
    const __m256i stride8 = _mm256_set1_epi32((int)stride);
    __m256i u = _mm256_add_epi32(_mm256_set1_epi32((int)fu), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int)fdu)));
    __m256i v = _mm256_add_epi32(_mm256_set1_epi32((int)fv), _mm256_mullo_epi32(steps, _mm256_set1_epi32((int)fdv)));
    const __m256i du8 = _mm256_set1_epi32((int)(8 * fdu)), dv8 = _mm256_set1_epi32((int)(8 * fdv));
    const int *tl = (const int *)image, *tr = (const int *)(image + 1);
    const int *bl = (const int *)(image + stride), *br = (const int *)(image + stride + 1);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i index = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(v, 16), stride8), _mm256_srai_epi32(u, 16));
        const __m256i wx = _mm256_and_si256(_mm256_srai_epi32(u, 8), byte), wy = _mm256_and_si256(_mm256_srai_epi32(v, 8), byte);
        const __m256i wx16 = both_halves(wx), iwx16 = both_halves(_mm256_sub_epi32(w256, wx));
        const __m256i upper = lerp256_x8(_mm256_i32gather_epi32(tl, index, 4), _mm256_i32gather_epi32(tr, index, 4), wx16, iwx16);
        const __m256i lower = lerp256_x8(_mm256_i32gather_epi32(bl, index, 4), _mm256_i32gather_epi32(br, index, 4), wx16, iwx16);
        const __m256i s = lerp256_x8(upper, lower, both_halves(wy), both_halves(_mm256_sub_epi32(w256, wy)));
        const __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        const __m256i inverse = both_halves(_mm256_sub_epi32(byte, _mm256_srli_epi32(s, 24)));
        _mm256_storeu_si256((__m256i *)(dst + i), _mm256_add_epi32(s, scale_x8(d, inverse)));
        u = _mm256_add_epi32(u, du8);
        v = _mm256_add_epi32(v, dv8);
    }
    for (; i < count; i++) bilinear_over_one(dst + i, image, stride, fu + i * fdu, fv + i * fdv);
}

#elif !defined(__aarch64__)

void flick_raster_bilinear_over_wide(uint32_t *dst, const uint32_t *image, long stride,
                                     long fu, long fv, long fdu, long fdv, long count) {
    for (long i = 0; i < count; i++) bilinear_over_one(dst + i, image, stride, fu + i * fdu, fv + i * fdv);
}

#endif
