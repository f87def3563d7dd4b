#if arch(x86_64) || arch(arm64)
import CRasterKernels
import Glibc

/// Asked once: whether this CPU runs the wide kernels, AVX2 on x86-64 or NEON on aarch64 (the baseline beside each
/// runs everywhere else, as on an Atom without AVX2). With FLICK_NO_WIDE_KERNELS set in the environment the baselines
/// run here too: to time them, or to compare their pixels.
package let hasWideKernels = flick_raster_has_wide() != 0 && getenv("FLICK_NO_WIDE_KERNELS") == nil
#else
package let hasWideKernels = false
#endif
