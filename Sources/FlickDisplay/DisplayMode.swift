import FlickRaster

/// A video mode a connector offers, with libdrm's own description kept for setting it.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across, as the panel scans out (before any rotation).
    public let width: Int
    /// Pixels down, as the panel scans out (before any rotation).
    public let height: Int
    /// Vertical refresh in millihertz, from the pixel clock and totals (the kernel's rounded vrefresh lies
    /// for 59.94 Hz modes).
    public let refreshMillihertz: Int
    /// The connector marks this mode as its preferred one (usually the panel's native resolution).
    public let isPreferred: Bool
    /// The mode's name as the kernel gives it (`1920x1080`), or `WxH` when it gives none.
    public let name: String
    /// The raw drmModeModeInfo bytes, opaque outside the DRM wrapper.
    package let raw: [UInt8]

    /// A mode of `width`×`height` pixels refreshing at `refreshMillihertz` (60 Hz is 60000). `raw` is the DRM
    /// wrapper's own description; leave it empty elsewhere (tests, mode choice).
    public init(width: Int, height: Int, refreshMillihertz: Int, isPreferred: Bool, name: String = "", raw: [UInt8] = []) {
        self.width = width; self.height = height; self.refreshMillihertz = refreshMillihertz
        self.isPreferred = isPreferred; self.name = name.isEmpty ? "\(width)x\(height)" : name; self.raw = raw
    }

    /// The vertical refresh in hertz.
    public var refreshHz: Double { Double(refreshMillihertz) / 1000 }
    /// `1920x1080@60.00`: the size and the refresh in hertz to two decimals.
    public var description: String { "\(width)x\(height)@\(refreshHz.formatted(decimals: 2))" }
}

/// What the configuration asks for: `WxH` or `WxH@Hz`.
public struct ModeRequest: Hashable, Sendable, CustomStringConvertible {
    /// Pixels across, as the panel scans out (before any rotation).
    public let width: Int
    /// Pixels down, as the panel scans out (before any rotation).
    public let height: Int
    /// The refresh asked for in hertz; nil: the highest the connector offers at that size.
    public let refreshHz: Double?

    /// A request for `width`×`height` pixels, at `refreshHz` hertz when given.
    public init(width: Int, height: Int, refreshHz: Double? = nil) {
        self.width = width; self.height = height; self.refreshHz = refreshHz
    }

    /// Parses `1280x800` or `1920x1080@60`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = parts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else { return nil }
        var hz: Double?
        if parts.count == 2 {
            guard let r = Double(parts[1]), r > 0 else { return nil }
            hz = r
        }
        self.init(width: w, height: h, refreshHz: hz)
    }

    /// The request as it is written: `1280x800` or `1920x1080@60.0`.
    public var description: String {
        refreshHz.map { "\(width)x\(height)@\($0)" } ?? "\(width)x\(height)"
    }
}

extension DisplayMode {
    /// The preferred mode, else the largest; with a request, the mode of that size whose refresh is
    /// closest to the one asked for (within 1 Hz) or, with no refresh given, the highest.
    package static func choose(from modes: [DisplayMode], request: ModeRequest?) -> DisplayMode? {
        guard let request else {
            return modes.first(where: \.isPreferred)
                ?? modes.max { ($0.width * $0.height, $0.refreshMillihertz) < ($1.width * $1.height, $1.refreshMillihertz) }
        }
        let sized = modes.filter { $0.width == request.width && $0.height == request.height }
        guard let hz = request.refreshHz else { return sized.max { $0.refreshMillihertz < $1.refreshMillihertz } }
        return sized.filter { abs($0.refreshHz - hz) < 1 }.min { abs($0.refreshHz - hz) < abs($1.refreshHz - hz) }
    }
}
