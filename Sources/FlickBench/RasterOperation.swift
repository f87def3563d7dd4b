/// The raster operations that decide whether a kiosk keeps 60 Hz, each timed per frame.
public enum RasterOperation: String, CaseIterable, Sendable {
    case opaqueFill = "opaque fill"
    case copyAtOffset = "copy at offset"
    case sourceOver = "source-over image"
    case shapes = "1000 AA shapes"
    case glyphs = "2000 glyphs"

    /// The plain memory operation each is compared with.
    public var baseline: Baseline {
        switch self {
        case .opaqueFill: .memset
        default: .memcpy
        }
    }

    public enum Baseline: String, Sendable { case memset, memcpy }
}

public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int, height: Int
    public init(_ width: Int, _ height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }

    public static let standard = [FrameSize(1280, 800), FrameSize(1920, 1080)]
}
