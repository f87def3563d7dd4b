#if arch(x86_64)
import CRasterKernels
import Glibc

/// Asked once: whether this CPU runs the AVX2 kernels (the baseline beside each runs everywhere else). With
/// FLICK_NO_AVX2 set in the environment the baselines run here too, as on an Atom or an ARM board: to time them.
package let hasAVX2 = flick_raster_has_avx2() != 0 && getenv("FLICK_NO_AVX2") == nil
#else
package let hasAVX2 = false
#endif
