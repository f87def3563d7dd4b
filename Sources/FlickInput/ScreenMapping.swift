import FlickGestures
import FlickRaster

/// From what the panel reports to what the application sees: libinput already scales touches to the
/// panel's pixels (and applies any calibration); this turns them with the display's rotation.
public struct ScreenMapping: Hashable, Sendable {
    /// The panel's width in pixels, as it scans out (before rotation).
    public let panelWidth: Int
    /// The panel's height in pixels, as it scans out (before rotation).
    public let panelHeight: Int
    /// How the picture is turned on the panel (the display's rotation): touches are turned with it.
    public let rotation: Rotation

    /// The mapping for a `panelWidth`×`panelHeight`-pixel panel showing the picture turned by `rotation`.
    public init(panelWidth: Int, panelHeight: Int, rotation: Rotation = .none) {
        self.panelWidth = panelWidth; self.panelHeight = panelHeight; self.rotation = rotation
    }

    /// The screen as the application sees it, in pixels: the panel's size, swapped for a quarter turn.
    public var logicalSize: (width: Int, height: Int) { rotation.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight) }

    /// Where a touch at (`x`, `y`) panel pixels lands on the screen the application sees, in its pixels
    /// (clamped to the range touches may take).
    public func logicalPoint(panelX x: Double, panelY y: Double) -> Point {
        let size = logicalSize
        let p = rotation.logicalPoint(Point(x, y), logicalWidth: Double(size.width), logicalHeight: Double(size.height))
        return p.clampedToTouchRange
    }
}

/// libinput's calibration: six numbers, the top two rows of a 3×3 matrix applied to coordinates
/// normalised to 0…1 (see LIBINPUT_CALIBRATION_MATRIX in libinput's documentation).
public struct CalibrationMatrix: Hashable, Sendable {
    /// The six numbers a, b, c, d, e, f: x' = a·x + b·y + c and y' = d·x + e·y + f, on coordinates from 0 to 1.
    public let values: [Float]

    /// 1 0 0 0 1 0: touches where the panel reports them.
    public static let identity = CalibrationMatrix(unchecked: [1, 0, 0, 0, 1, 0])

    private init(unchecked values: [Float]) { self.values = values }

    /// nil unless there are exactly six finite numbers.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.values = values.map(Float.init)
    }
}
