import FlickRaster
import FlickText

/// Inputs shared by Flick's operations and any reference implementation, so both draw the same thing.
public final class RasterScenes {
    public let size: FrameSize
    public let target: Surface
    /// Opaque, 16 px wider than the frame: drawn at x = −7 it covers the frame from an unaligned offset.
    public let opaqueLayer: Surface
    /// Translucent, frame-sized: a fading page drawn over another.
    public let translucentLayer: Surface
    /// 16 px text in lines across the frame, about 2000 glyphs.
    public let text: TextLayout
    public let textColor = Color(hex: 0x1B1F24)

    public static let copyOffset = -7
    /// Where the text's box is drawn: its top-left.
    public static let textOrigin = Point(10, 10)
    /// The full-frame gradients run from the top-left in these two colours.
    public static let gradientColors = [Color(hex: 0x1D2B64), Color(hex: 0xF8CDDA)]

    /// Where a gradient operation's gradient ends: the bottom-left, the top-right or the bottom-right corner.
    public func gradientEnd(_ operation: RasterOperation) -> Point {
        let w = Double(size.width), h = Double(size.height)
        return switch operation {
        case .verticalGradient: Point(0, h)
        case .horizontalGradient: Point(w, 0)
        default: Point(w, h)
        }
    }

    public init(size: FrameSize, fonts: FontCollection) {
        self.size = size
        target = Surface(width: size.width, height: size.height)
        opaqueLayer = Surface(width: size.width + 16, height: size.height)
        translucentLayer = Surface(width: size.width, height: size.height)
        Self.paintPattern(opaqueLayer, alpha: 1)
        Self.paintPattern(translucentLayer, alpha: 0.6)
        text = Self.layoutText(fonts: fonts, width: size.width)
    }

    private static func paintPattern(_ s: Surface, alpha: Double) {
        let canvas = Canvas(surface: s)
        canvas.blendMode = .copy
        let g = LinearGradient(start: .zero, end: Point(Double(s.width), Double(s.height)),
                               colors: [Color(hex: 0x3366CC, alpha: alpha), Color(hex: 0xEE8844, alpha: alpha)])
        canvas.fill(Rect(x: 0, y: 0, width: Double(s.width), height: Double(s.height)), paint: .linearGradient(g))
    }

    private static func layoutText(fonts: FontCollection, width: Int) -> TextLayout {
        let sentence = "The quick brown fox jumps over the lazy dog. Καλημέρα κόσμε. Съешь же ещё этих мягких булок. "
        var text = ""
        while text.unicodeScalars.filter({ $0 != " " }).count < 2000 { text += sentence }
        let scalars = Array(text.unicodeScalars)
        var visible = 0, end = 0
        while visible < 2000 { if scalars[end] != " " { visible += 1 }; end += 1 }
        var trimmed = String.UnicodeScalarView(); trimmed.append(contentsOf: scalars[..<end])
        return TextLayout(String(trimmed), face: fonts.face(.regular), pixelSize: 16,
                              options: TextLayout.Options(maxWidth: Double(width - 20)))
    }

    /// The same 1000 shapes every run: rounded rects, circles and triangles, translucent.
    public func shapes() -> [(Path, Color)] {
        var rng = SplitMix(seed: 42)
        let w = Double(size.width), h = Double(size.height)
        return (0..<1000).map { i in
            let s = 12 + rng.next() * 60
            let x = rng.next() * (w - s), y = rng.next() * (h - s)
            let color = Color(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: 0.5 + rng.next() / 2)
            let r = Rect(x: x, y: y, width: s, height: s * (0.6 + rng.next() * 0.8))
            switch i % 3 {
            case 0: return (Path.roundedRect(r, radius: s / 5), color)
            case 1: return (Path.ellipse(in: r), color)
            default: return (Path.polygon([Point(r.minX, r.maxY), Point(r.center.x, r.minY), Point(r.maxX, r.maxY)]), color)
            }
        }
    }
}

/// A small deterministic generator: benchmarks must draw identical scenes in every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
