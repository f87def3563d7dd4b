/// How a panel is mounted: the picture is turned clockwise by this much on its way to scan-out.
/// Portrait kiosks are landscape panels turned by 90° or 270°.
public enum Rotation: Int, CaseIterable, Sendable {
    /// Mounted upright: the picture goes to the panel as it is.
    case none = 0
    /// Turned a quarter turn clockwise.
    case clockwise90 = 90
    /// Turned half a turn.
    case upsideDown = 180
    /// Turned three quarter turns clockwise (a quarter turn anticlockwise).
    case clockwise270 = 270

    /// The rotation for `degrees`, taken modulo 360 (so -90 is ``Rotation/clockwise270``); nil unless it is a multiple
    /// of 90.
    public init?(degrees: Int) {
        guard let r = Rotation(rawValue: ((degrees % 360) + 360) % 360) else { return nil }
        self = r
    }

    /// True for a quarter turn either way: the app's width is the panel's height.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size the application sees on a panel of `panel` pixels.
    public func logicalSize(panelWidth: Int, panelHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (panelHeight, panelWidth) : (panelWidth, panelHeight)
    }

    /// Where a logical point lands on the panel (`logicalWidth` × `logicalHeight` is the app's size).
    public func panelPoint(_ p: Point, logicalWidth w: Double, logicalHeight h: Double) -> Point {
        switch self {
        case .none: p
        case .clockwise90: Point(h - p.y, p.x)
        case .upsideDown: Point(w - p.x, h - p.y)
        case .clockwise270: Point(p.y, w - p.x)
        }
    }

    /// The inverse: a panel point (a touch) in the app's coordinates.
    public func logicalPoint(_ p: Point, logicalWidth w: Double, logicalHeight h: Double) -> Point {
        switch self {
        case .none: p
        case .clockwise90: Point(p.y, h - p.x)
        case .upsideDown: Point(w - p.x, h - p.y)
        case .clockwise270: Point(w - p.y, p.x)
        }
    }

    /// The panel rectangle covered by a logical rectangle.
    public func panelRect(_ r: PixelRect, logicalWidth w: Int, logicalHeight h: Int) -> PixelRect {
        switch self {
        case .none: r
        case .clockwise90: PixelRect(x: h - r.maxY, y: r.x, width: r.height, height: r.width)
        case .upsideDown: PixelRect(x: w - r.maxX, y: h - r.maxY, width: r.width, height: r.height)
        case .clockwise270: PixelRect(x: r.y, y: w - r.maxX, width: r.height, height: r.width)
        }
    }
}

extension Surface {
    /// Copies `area` of `source` (the logical picture) into this surface (the panel), turned by `rotation`.
    public func copyRotated(from source: Surface, area: PixelRect, rotation: Rotation) {
        let area = area.intersection(source.bounds)
        guard !area.isEmpty else { return }
        let w = source.width, h = source.height
        switch rotation {
        case .none:
            for y in area.y..<area.maxY { (row(y) + area.x).update(from: source.row(y) + area.x, count: area.width) }
        case .upsideDown:
            for y in area.y..<area.maxY {
                let src = source.row(y), dst = row(h - 1 - y)
                for x in area.x..<area.maxX { dst[w - 1 - x] = src[x] }
            }
        case .clockwise90:
            // Logical (x, y) → panel (h − 1 − y, x).
            for y in area.y..<area.maxY {
                let src = source.row(y), px = h - 1 - y
                for x in area.x..<area.maxX { row(x)[px] = src[x] }
            }
        case .clockwise270:
            // Logical (x, y) → panel (y, w − 1 − x).
            for y in area.y..<area.maxY {
                let src = source.row(y)
                for x in area.x..<area.maxX { row(w - 1 - x)[y] = src[x] }
            }
        }
    }
}
