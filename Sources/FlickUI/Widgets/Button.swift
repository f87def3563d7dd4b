import FlickGestures
import FlickRaster
import FlickText

/// A rounded button with a centred title. A finger down on it highlights it; lifting there fires `action`;
/// sliding away un-highlights it and lifting then does nothing. A disabled button is dimmed and does nothing.
/// Its view draws and takes touches through the button: keep the button for as long as its view is shown.
public final class Button {
    /// How a button looks.
    public struct Style {
        /// The button's colour at rest.
        public var fill: Color
        /// Its colour while a finger presses it.
        public var highlightedFill: Color
        /// The title's colour.
        public var title: Color
        /// Multiplied into the whole button when disabled.
        public var disabledAlpha: Double
        /// The corners' radius in pixels.
        public var cornerRadius: Double

        /// A style; disabled buttons at 35 % alpha and 12-pixel corners unless given.
        public init(fill: Color, highlightedFill: Color, title: Color, disabledAlpha: Double = 0.35, cornerRadius: Double = 12) {
            self.fill = fill
            self.highlightedFill = highlightedFill
            self.title = title
            self.disabledAlpha = disabledAlpha
            self.cornerRadius = cornerRadius
        }
    }

    /// The button's view: place it with its frame and add it to the tree.
    public let view: View
    /// The title's label, a child of `view`.
    public let label: Label
    /// How it looks; a change redraws it.
    public var style: Style { didSet { view.setNeedsDisplay() } }
    /// Called on the frame loop's thread when a tap on the button ends.
    public var action: () -> Void = {}
    /// A disabled button is dimmed by the style's `disabledAlpha` and takes no touches.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { isHighlighted = false }
            tap.isEnabled = isEnabled
            view.alpha = isEnabled ? 1 : style.disabledAlpha
        }
    }
    /// A finger is pressing the button.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { view.setNeedsDisplay() } }
    }
    private let tap: Gesture<TapRecognizer>

    /// A button titled `title` in `face` at `pixelSize` pixels, at `frame`. `metrics`: the panel's density, for how far
    /// a finger may roll and still press.
    public init(title: String, face: FontFace, pixelSize: Double, style: Style, frame: Rect,
                metrics: GestureMetrics = .unknownPanel) {
        self.style = style
        tap = Gesture(TapRecognizer(metrics: metrics, maximumDuration: Self.longestPress))
        view = View(frame: frame)
        label = Label(title, face: face, pixelSize: pixelSize, color: style.title, maxLines: 1, alignment: .center)
        view.content = ViewContent { [weak self] canvas, bounds in
            guard let self else { return }
            canvas.fill(roundedRect: bounds, radius: self.style.cornerRadius,
                        paint: .solid(isHighlighted ? self.style.highlightedFill : self.style.fill))
        }
        view.addChild(label.view)
        layoutLabel()
        attachTap()
    }

    /// The title shown; a change redraws it (call `layoutLabel()` if its height may change).
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

    /// A tap on the button fires it; the press shows while the tap is still possible, and goes when the finger
    /// slides away or another gesture (a page swipe) takes the touch. However long it is held.
    private func attachTap() {
        tap.onPhase = { [weak self] phase in
            guard let self else { return }
            switch phase {
            case .touchDown: isHighlighted = true
            case .possible: break
            case .ended:
                isHighlighted = false
                action()
            case .began, .changed, .cancelled, .failed: isHighlighted = false
            }
        }
        view.addGesture(tap)
    }

    /// A finger resting on a button still means to press it: an hour is no limit a person reaches.
    private static let longestPress: Microseconds = 3_600_000_000
}
