import FlickDisplay
import FlickRaster

/// Which scan-out buffer may be written, and what each must be brought up to date with. A buffer on
/// screen or queued for a flip is never handed out; each buffer remembers the damage of the frames
/// presented since it was last written, so only that is copied into it (buffer age, done per buffer).
struct ScanoutBuffers {
    let count: Int
    private(set) var onScreen: Int?
    private(set) var pending: Int?
    private var stale: [[PixelRect]]

    init(count: Int, bounds: PixelRect) {
        self.count = count
        stale = Array(repeating: [bounds], count: count)
    }

    /// A buffer free to write, or nil while every buffer is on screen or queued.
    var free: Int? { (0..<count).first { $0 != onScreen && $0 != pending } }

    /// The regions to copy into `index` for a frame with `damage`; the other buffers take note of it.
    mutating func regionsToCopy(into index: Int, damage: [PixelRect]) -> [PixelRect] {
        let regions = PixelRect.merged(stale[index] + damage)
        for i in stale.indices where i != index { stale[i].append(contentsOf: damage) }
        stale[index] = []
        return regions
    }

    mutating func shown(_ index: Int) { onScreen = index; pending = nil }
    mutating func queued(_ index: Int) { pending = index }

    /// The queued buffer reached the screen; the one it replaced is free.
    mutating func flipCompleted() {
        if let p = pending { onScreen = p; pending = nil }
    }
}
