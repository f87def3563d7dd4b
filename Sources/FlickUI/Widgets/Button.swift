import FlickRaster
import FlickText

/// A rounded button with a centred title. A finger down on it highlights it; lifting inside fires `action`;
/// sliding off un-highlights it and lifting there does nothing. A disabled button is dimmed and ignores touches.
public final class Button {
    public struct Style {
        public var fill: Color
        public var highlightedFill: Color
        public var title: Color
        /// Multiplied into the whole button when disabled.
        public var disabledAlpha: Double
        public var cornerRadius: Double

        public init(fill: Color, highlightedFill: Color, title: Color, disabledAlpha: Double = 0.35, cornerRadius: Double = 12) {
            self.fill = fill
            self.highlightedFill = highlightedFill
            self.title = title
            self.disabledAlpha = disabledAlpha
            self.cornerRadius = cornerRadius
        }
    }

    public let view: View
    public let label: Label
    public var style: Style { didSet { view.setNeedsDisplay() } }
    public var action: () -> Void = {}
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { isHighlighted = false }
            view.alpha = isEnabled ? 1 : style.disabledAlpha
        }
    }
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { view.setNeedsDisplay() } }
    }
    private var tracking = false

    public init(title: String, face: FontFace, pixelSize: Double, style: Style, frame: Rect) {
        self.style = style
        view = View(frame: frame)
        label = Label(title, face: face, pixelSize: pixelSize, color: style.title, maxLines: 1, alignment: .center)
        view.content = ViewContent { [unowned self] canvas, bounds in
            canvas.fill(Path.roundedRect(bounds, radius: self.style.cornerRadius),
                        paint: .solid(isHighlighted ? self.style.highlightedFill : self.style.fill))
        }
        view.addChild(label.view)
        layoutLabel()
    }

    public var title: String {
        get { label.text }
        set { label.text = newValue }
    }

    /// Centres the title vertically; call after changing the frame.
    public func layoutLabel() {
        let inset = min(16, view.frame.width / 8)
        let width = max(0, view.frame.width - 2 * inset)
        let height = label.layout(width: width).size.height
        label.view.frame = Rect(x: inset, y: ((view.frame.height - height) / 2).rounded(), width: width, height: height)
    }

    /// Whether `point` (root coordinates) is on the button as shown.
    public func contains(root point: Point) -> Bool { view.visibleRootBounds.contains(point) }

    // MARK: Touches (root coordinates)

    /// Returns whether the button took the touch.
    @discardableResult
    public func touchDown(at point: Point) -> Bool {
        guard isEnabled, contains(root: point) else { return false }
        tracking = true
        isHighlighted = true
        return true
    }

    public func touchMoved(to point: Point) {
        guard tracking else { return }
        isHighlighted = contains(root: point)
    }

    /// Fires the action when lifted on the button; returns whether it fired.
    @discardableResult
    public func touchUp(at point: Point) -> Bool {
        guard tracking else { return false }
        tracking = false
        isHighlighted = false
        guard isEnabled, contains(root: point) else { return false }
        action()
        return true
    }

    public func touchCancelled() {
        tracking = false
        isHighlighted = false
    }
}
