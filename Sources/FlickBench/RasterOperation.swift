/// The raster operations that decide whether a kiosk keeps 60 Hz, each timed per frame.
public enum RasterOperation: String, CaseIterable, Sendable {
    case opaqueFill = "opaque fill"
    case verticalGradient = "vertical gradient"
    case horizontalGradient = "horizontal gradient"
    case diagonalGradient = "diagonal gradient"
    case copyAtOffset = "copy at offset"
    case sourceOver = "source-over image"
    case shapes = "1000 AA shapes"
    case glyphs = "2000 glyphs"

    /// What each is compared with: a plain memory operation, or (gradients) Flick's own opaque fill of the frame.
    public var baseline: Baseline {
        switch self {
        case .opaqueFill: .memset
        case .verticalGradient, .horizontalGradient, .diagonalGradient: .opaqueFill
        default: .memcpy
        }
    }

    /// The most this may cost, in baselines (nil: no target of its own).
    public var target: Double? {
        switch self {
        case .verticalGradient, .horizontalGradient: 1.5
        case .diagonalGradient: 4
        default: nil
        }
    }

    public enum Baseline: String, Sendable { case memset, memcpy, opaqueFill = "fill" }
}

public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int, height: Int
    public init(_ width: Int, _ height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }

    public static let standard = [FrameSize(1280, 800), FrameSize(1920, 1080)]
}
