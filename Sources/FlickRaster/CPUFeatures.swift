#if arch(x86_64)
import CRasterKernels

/// Asked once: whether this CPU runs the AVX2 kernels (the baseline beside each runs everywhere else).
let hasAVX2 = flick_raster_has_avx2() != 0
#else
let hasAVX2 = false
#endif
