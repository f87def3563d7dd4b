/// A physical length. Gesture thresholds are lengths on the glass, not pixels, so the same recogniser feels the
/// same on a 7" 800x480 panel and a 15" 1920x1080 one.
public struct Millimetres: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public static func < (a: Millimetres, b: Millimetres) -> Bool { a.value < b.value }

    public var description: String { "\(value) mm" }
}

/// A physical speed on the glass.
public struct MillimetresPerSecond: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Double

    public init(_ value: Double) { self.value = value }

    public static func < (a: MillimetresPerSecond, b: MillimetresPerSecond) -> Bool { a.value < b.value }

    public var description: String { "\(value) mm/s" }
}

/// Converts physical thresholds to the display's pixels.
public struct GestureMetrics: Hashable, Sendable {
    public var pixelsPerMillimetre: Double

    public init(pixelsPerMillimetre: Double) {
        precondition(pixelsPerMillimetre.isFinite && pixelsPerMillimetre > 0, "pixels per millimetre must be positive")
        self.pixelsPerMillimetre = pixelsPerMillimetre
    }

    /// A panel of unknown size is taken to be this dense: 160 dpi, where a millimetre is 6.3 pixels.
    public static let unknownPanel = GestureMetrics(dotsPerInch: 160)

    /// For a configured DPI.
    public init(dotsPerInch: Double) {
        self.init(pixelsPerMillimetre: dotsPerInch / 25.4)
    }

    /// From a DRM connector's mode width and physical width; nil when the connector does not know its size
    /// (many cheap panels report 0 mm), so the caller falls back to a configured DPI.
    public init?(pixelWidth: Int, physicalWidth: Millimetres) {
        guard pixelWidth > 0, physicalWidth.value > 0, physicalWidth.value.isFinite else { return nil }
        self.init(pixelsPerMillimetre: Double(pixelWidth) / physicalWidth.value)
    }

    public func pixels(_ length: Millimetres) -> Double { length.value * pixelsPerMillimetre }

    public func pixelsPerSecond(_ speed: MillimetresPerSecond) -> Double { speed.value * pixelsPerMillimetre }

    public func millimetres(pixels: Double) -> Millimetres { Millimetres(pixels / pixelsPerMillimetre) }
}
