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

    /// The most this may cost against other renderers on the same frame (the performance issue's targets).
    public var referenceTarget: ReferenceTarget? {
        switch self {
        case .shapes: ReferenceTarget(most: 0.3, of: ["cairo"])
        case .glyphs: ReferenceTarget(most: 1.0, of: ["pixman", "cairo"])
        default: nil
        }
    }

    public enum Baseline: String, Sendable { case memset, memcpy, opaqueFill = "fill" }
}

/// Flick's time at most `ratio` × each named reference's time.
public struct ReferenceTarget: Sendable, CustomStringConvertible {
    public let ratio: Double
    public let references: [String]

    init(most ratio: Double, of references: [String]) { self.ratio = ratio; self.references = references }

    /// "≤ 1.0 × pixman and cairo"
    public var description: String {
        "≤ \(ratio.formatted(decimals: 1)) × \(references.joined(separator: " and "))"
    }
}

public struct FrameSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int, height: Int
    public init(_ width: Int, _ height: Int) { self.width = width; self.height = height }

    /// `WIDTHxHEIGHT`, e.g. `1280x800`, each side 1 to 16384.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        self.init(w, h)
    }
    public var description: String { "\(width)x\(height)" }

    public static let standard = [FrameSize(1280, 800), FrameSize(1920, 1080)]
}
