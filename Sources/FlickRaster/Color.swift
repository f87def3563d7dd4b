/// A straight-alpha colour with components in 0...1; the raster works on its premultiplied pixel.
public struct Color: Hashable, Sendable {
    /// The components, straight (not premultiplied), each 0...1; values outside are clamped when the colour becomes a
    /// ``Color/pixel``.
    public var red: Double, green: Double, blue: Double, alpha: Double

    /// A colour from straight-alpha components in 0...1; opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `0xRRGGBB` or, with `alpha`, any opacity.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// Transparent black: every component 0.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same colour at opacity `alpha` (0...1).
    public func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// Premultiplied 0xAARRGGBB: B, G, R, A in memory on little-endian, DRM's ARGB8888/XRGB8888.
    public var pixel: UInt32 {
        let a = Self.clamp(alpha)
        let a8 = UInt32((a * 255).rounded())
        let r = UInt32((Self.clamp(red) * a * 255).rounded())
        let g = UInt32((Self.clamp(green) * a * 255).rounded())
        let b = UInt32((Self.clamp(blue) * a * 255).rounded())
        return a8 << 24 | r << 16 | g << 8 | b
    }

    /// The straight-alpha colour of a premultiplied pixel.
    public init(pixel: UInt32) {
        let a = Double(pixel >> 24) / 255
        func channel(_ shift: UInt32) -> Double {
            a == 0 ? 0 : min(1, Double((pixel >> shift) & 0xFF) / 255 / a)
        }
        self.init(red: channel(16), green: channel(8), blue: channel(0), alpha: a)
    }

    /// The colour a fraction `t` of the way to `other` (0 this colour, 1 `other`), each straight component mixed
    /// linearly.
    public func interpolated(to other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    private static func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
}
