import CRasterKernels
import Glibc

/// The rows of A (the first pass's image) for a strip's bands, kept round a ring of memory mapped twice back to
/// back: the rows a band needs are one run even where they pass the ring's end, and those the next band needs
/// again stay where they are instead of being moved up. Where memory cannot be mapped so, it is one plain run
/// and every band's rows are computed afresh.
final class ShearRing {
    private var base: UnsafeMutableRawPointer
    /// Bytes round the ring.
    private(set) var size = 0
    /// Mapped twice: rows written round the ring stay until it comes round to them again.
    private(set) var wraps = false

    /// Mapped twice where it can be (`mapsTwice`: tests ask for the plain run).
    private let mapsTwice: Bool

    init(mapsTwice: Bool = true) {
        self.mapsTwice = mapsTwice
        base = .allocate(byteCount: 64, alignment: 64)
    }

    deinit { release() }

    /// Room for `bytes` in one run, rounded up to whole pages. What the ring held is gone when it grows.
    func reserve(bytes: Int) {
        guard bytes > size else { return }
        release()
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))
        let rounded = (bytes + page - 1) / page * page
        if mapsTwice, let ring = flick_raster_map_ring(rounded) {
            (base, wraps) = (ring, true)
        } else {
            (base, wraps) = (.allocate(byteCount: rounded, alignment: 64), false)
        }
        size = rounded
        base.bindMemory(to: UInt32.self, capacity: (wraps ? 2 : 1) * rounded / 4)
    }

    /// Where the row `n` rows of `rowBytes` from the ring's start lies: a run of the rows from it that fits in
    /// the ring reads on as one. Without the second mapping every run starts at the beginning.
    func row(_ n: Int, rowBytes: Int) -> UnsafeMutablePointer<UInt32> {
        let offset = wraps ? n * rowBytes % size : 0
        return (base + offset).assumingMemoryBound(to: UInt32.self)
    }

    private func release() {
        if wraps { flick_raster_unmap_ring(base, size) } else { base.deallocate() }
        wraps = false
    }
}
