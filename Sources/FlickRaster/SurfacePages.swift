#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The pages of surfaces big enough to map on their own. A full-screen layer drawn from nothing used to spend
/// more time having the kernel fault in, zero and later unmap its pages than drawing: so surfaces of a huge page
/// or more start on a 2 MiB boundary, marked for transparent huge pages (four faults instead of two thousand at
/// 1920x1080), and the pages of the last one made from these pages to go are kept for the next of the same size,
/// cleared with one memset — the layer a page renders again after its detail closes, a neighbour prepared as
/// another is let go. Whoever makes such surfaces again and again owns one (a view tree, for its layers' caches);
/// it is safe to share between threads.
/// Pages are kept for one surface of a huge page or more and one smaller one (a list's row re-rendered as it
/// scrolls in) — memory that was in use a moment before. They go as soon as a surface of another size in their
/// class is made; the smaller one's also when a surface of a huge page or more is.
package final class SurfacePages: Sendable {
    static let hugePage = 2 << 20

    /// Keeps no pages yet.
    package init() {}

    private struct Spare: @unchecked Sendable {
        let pages: UnsafeMutableRawPointer
        let bytes: Int
    }

    /// Kept pages by size class: a huge page or more (index 1), or less (index 0).
    private let spares = Mutex<[Spare?]>([nil, nil])

    private static func slot(_ bytes: Int) -> Int { bytes >= hugePage ? 1 : 0 }

    deinit {
        for kept in spares.withLock({ $0 }) {
            if let kept { munmap(kept.pages, kept.bytes) }
        }
    }

    /// `bytes` of memory, zeroed when `cleared` (else kept pages hold what they held), or nil when the system
    /// has none.
    func take(_ bytes: Int, cleared: Bool = true) -> UnsafeMutableRawPointer? {
        let (kept, small) = spares.withLock { spares -> (Spare?, Spare?) in
            let slot = Self.slot(bytes)
            // A screen-sized surface coming lets a row's kept pages go: the kiosk's peak memory is its screens.
            defer { spares[slot] = nil; if slot == 1 { spares[0] = nil } }
            return (spares[slot], slot == 1 ? spares[0] : nil)
        }
        if let small { munmap(small.pages, small.bytes) }
        if let kept {
            if kept.bytes == bytes {
                if cleared { memset(kept.pages, 0, bytes) }
                return kept.pages
            }
            munmap(kept.pages, kept.bytes)
        }
        return Self.map(bytes)
    }

    /// Gives back what `take` returned.
    func give(_ pages: UnsafeMutableRawPointer, bytes: Int) {
        let replaced = spares.withLock { spares -> Spare? in
            defer { spares[Self.slot(bytes)] = Spare(pages: pages, bytes: bytes) }
            return spares[Self.slot(bytes)]
        }
        if let replaced { munmap(replaced.pages, replaced.bytes) }
    }

    /// Anonymous pages (zeroed by the kernel when first touched), aligned and marked for huge pages when
    /// there is at least one.
    static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let padded = bytes >= hugePage ? bytes + hugePage : bytes
        guard let raw = mmap(nil, padded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { return nil }
        guard padded > bytes else { return raw }
        let start = (Int(bitPattern: raw) + hugePage - 1) & ~(hugePage - 1)
        let head = start - Int(bitPattern: raw), tail = padded - head - bytes
        if head > 0 { munmap(raw, head) }
        if tail > 0 { munmap(UnsafeMutableRawPointer(bitPattern: start + bytes), tail) }
        let aligned = UnsafeMutableRawPointer(bitPattern: start)!
        madvise(aligned, bytes, MADV_HUGEPAGE)
        return aligned
    }
}
