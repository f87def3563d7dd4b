import FlickGestures
import FlickRaster

/// From what the panel reports to what the application sees: libinput already scales touches to the
/// panel's pixels (and applies any calibration); this turns them with the display's rotation.
public struct ScreenMapping: Hashable, Sendable {
    public let panelWidth: Int
    public let panelHeight: Int
    public let rotation: Rotation

    public init(panelWidth: Int, panelHeight: Int, rotation: Rotation = .none) {
        self.panelWidth = panelWidth; self.panelHeight = panelHeight; self.rotation = rotation
    }

    public var logicalSize: (width: Int, height: Int) { rotation.logicalSize(panelWidth: panelWidth, panelHeight: panelHeight) }

    public func logicalPoint(panelX x: Double, panelY y: Double) -> ScreenPoint {
        let size = logicalSize
        let p = rotation.logicalPoint(Point(x, y), logicalWidth: Double(size.width), logicalHeight: Double(size.height))
        return ScreenPoint(x: p.x, y: p.y).clampedToTouchRange
    }
}

/// libinput's calibration: six numbers, the top two rows of a 3×3 matrix applied to coordinates
/// normalised to 0…1 (see LIBINPUT_CALIBRATION_MATRIX in libinput's documentation).
public struct CalibrationMatrix: Hashable, Sendable {
    public let values: [Float]

    public static let identity = CalibrationMatrix(unchecked: [1, 0, 0, 0, 1, 0])

    private init(unchecked values: [Float]) { self.values = values }

    /// nil unless there are exactly six finite numbers.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.values = values.map(Float.init)
    }
}
