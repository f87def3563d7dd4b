#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The pages of surfaces big enough to map on their own. A full-screen layer drawn from nothing used to spend
/// more time having the kernel fault in, zero and later unmap its pages than drawing: so surfaces of a huge page
/// or more start on a 2 MiB boundary, marked for transparent huge pages (four faults instead of two thousand at
/// 1920x1080), and the pages of the last one to go are kept for the next of the same size, cleared with one
/// memset — the layer a page renders again after its detail closes, a neighbour prepared as another is let go.
/// At most one surface's pages are kept — memory that was in use a moment before — and they go as soon as a
/// surface of another size is made.
final class SurfacePages: Sendable {
    static let hugePage = 2 << 20
    /// Where every surface's pages come from and go.
    static let shared = SurfacePages()

    private struct Spare: @unchecked Sendable {
        let pages: UnsafeMutableRawPointer
        let bytes: Int
    }

    private let spare = Mutex<Spare?>(nil)

    deinit {
        if let kept = spare.withLock({ $0 }) { munmap(kept.pages, kept.bytes) }
    }

    /// `bytes` of memory, zeroed when `cleared` (else kept pages hold what they held), or nil when the system
    /// has none.
    func take(_ bytes: Int, cleared: Bool = true) -> UnsafeMutableRawPointer? {
        let kept = spare.withLock { kept -> Spare? in
            defer { kept = nil }
            return kept
        }
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
        guard bytes >= Self.hugePage else {
            munmap(pages, bytes)
            return
        }
        let replaced = spare.withLock { kept -> Spare? in
            defer { kept = Spare(pages: pages, bytes: bytes) }
            return kept
        }
        if let replaced { munmap(replaced.pages, replaced.bytes) }
    }

    /// Anonymous pages (zeroed by the kernel when first touched), aligned and marked for huge pages when
    /// there is at least one.
    private static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
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
