/// A physical length. Gesture thresholds are lengths on the glass, not pixels, so the same recogniser feels the
/// same on a 7" 800x480 panel and a 15" 1920x1080 one.
public struct Millimetres: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in millimetres.
    public var value: Double

    /// A length of `value` millimetres.
    public init(_ value: Double) { self.value = value }

    public static func < (a: Millimetres, b: Millimetres) -> Bool { a.value < b.value }

    public var description: String { "\(value) mm" }
}

/// A physical speed on the glass.
public struct MillimetresPerSecond: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The speed in millimetres per second.
    public var value: Double

    /// A speed of `value` millimetres per second.
    public init(_ value: Double) { self.value = value }

    public static func < (a: MillimetresPerSecond, b: MillimetresPerSecond) -> Bool { a.value < b.value }

    public var description: String { "\(value) mm/s" }
}

/// Converts physical thresholds to the display's pixels.
public struct GestureMetrics: Hashable, Sendable {
    /// The display's density: pixels per millimetre of glass.
    public var pixelsPerMillimetre: Double

    /// Metrics for a display of this density; it must be finite and positive (a precondition).
    public init(pixelsPerMillimetre: Double) {
        precondition(pixelsPerMillimetre.isFinite && pixelsPerMillimetre > 0, "pixels per millimetre must be positive")
        self.pixelsPerMillimetre = pixelsPerMillimetre
    }

    /// A panel of unknown size is taken to be this dense: 160 dpi, where a millimetre is 6.3 pixels.
    public static let unknownPanel = GestureMetrics(dotsPerInch: 160)

    /// For a configured DPI: dots (pixels) per inch of 25.4 mm.
    public init(dotsPerInch: Double) {
        self.init(pixelsPerMillimetre: dotsPerInch / 25.4)
    }

    /// From a DRM connector's mode width and physical width; nil when the connector does not know its size
    /// (many cheap panels report 0 mm), so the caller falls back to a configured DPI.
    public init?(pixelWidth: Int, physicalWidth: Millimetres) {
        guard pixelWidth > 0, physicalWidth.value > 0, physicalWidth.value.isFinite else { return nil }
        self.init(pixelsPerMillimetre: Double(pixelWidth) / physicalWidth.value)
    }

    /// `length` in pixels on this display.
    public func pixels(_ length: Millimetres) -> Double { length.value * pixelsPerMillimetre }

    /// `speed` in pixels per second on this display.
    public func pixelsPerSecond(_ speed: MillimetresPerSecond) -> Double { speed.value * pixelsPerMillimetre }

    /// How long `pixels` pixels are on this display's glass.
    public func millimetres(pixels: Double) -> Millimetres { Millimetres(pixels / pixelsPerMillimetre) }
}
