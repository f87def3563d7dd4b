// Memory mapped twice, back to back, for rows kept round a ring (FlickRaster's `ShearRing`).
#define _GNU_SOURCE
#include "CRasterKernels.h"
#include <sys/mman.h>
#include <unistd.h>

void *flick_raster_map_ring(size_t size) {
    const int memory = memfd_create("flick-shear-ring", MFD_CLOEXEC);
    if (memory < 0) return NULL;
    void *ring = NULL;
    if (ftruncate(memory, (off_t)size) == 0) {
        // Both halves inside one reservation, so nothing else can be mapped between them.
        char *reserved = mmap(NULL, 2 * size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (reserved != MAP_FAILED) {
            if (mmap(reserved, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, memory, 0) != MAP_FAILED &&
                mmap(reserved + size, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, memory, 0) != MAP_FAILED) {
                ring = reserved;
            } else {
                munmap(reserved, 2 * size);
            }
        }
    }
    close(memory);
    return ring;
}

void flick_raster_unmap_ring(void *ring, size_t size) { munmap(ring, 2 * size); }
