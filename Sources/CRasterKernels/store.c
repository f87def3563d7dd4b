// One pixel value stored count times: glibc's wmemset (32-bit units on Linux) picks the widest stores the CPU has
// at run time, which a baseline x86-64 build cannot (a plain loop measured slower on a full-screen fill).
#include <wchar.h>
#include "CRasterKernels.h"

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset stores 32-bit units");

void flick_raster_store(uint32_t *dst, long count, uint32_t pixel) {
    wmemset((wchar_t *)dst, (wchar_t)pixel, (size_t)count);
}
