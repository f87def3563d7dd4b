import FlickGestures
import FlickJSON
import FlickRaster
import FlickText
import FlickUI

/// `{"toggle": text}`: a tile with its caption and a switch at the end (the start on a right-to-left page). A tap
/// anywhere on the tile flips it and performs its action with `true` or `false`; with a source the switch then shows
/// what the source says (the flip shows at once, and the source's next value corrects it). Pressed, the tile
/// darkens as a button does; a drag on it goes to the page swipe.
final class ToggleTile: PanelTile {
    /// A switch's track, in screen units: as tall as a line of body text with room around it.
    static let trackHeight = 32.0

    let view: View
    private let title: String
    private let look: PanelLook
    private let perform: ((JSONValue) -> Void)?
    private let tap: Gesture<TapRecognizer>
    /// The switch is on.
    private(set) var isOn = false { didSet { if isOn != oldValue { view.setNeedsDisplay() } } }
    private var isStale = false { didSet { if isStale != oldValue { view.setNeedsDisplay() } } }
    private var isPressed = false { didSet { if isPressed != oldValue { view.setNeedsDisplay() } } }

    init(_ title: String, frame: Rect, look: PanelLook, perform: ((JSONValue) -> Void)?) {
        self.title = title
        self.look = look
        self.perform = perform
        tap = Gesture(TapRecognizer(metrics: look.metrics))
        view = View(frame: frame)
        view.content = ViewContent { [unowned self] canvas, bounds in draw(on: canvas, in: bounds) }
        tap.onPhase = { [unowned self] phase in
            switch phase {
            case .touchDown: isPressed = true
            case .possible: break
            case .ended:
                isPressed = false
                isOn.toggle()
                perform?(.bool(isOn))
            case .began, .changed, .cancelled, .failed: isPressed = false
            }
        }
        view.addGesture(tap)
    }

    func show(_ reading: LiveData.Reading) {
        isStale = reading.isStale
        if let on = ShownValue.isOn(reading.value) { isOn = on }
    }

    private func draw(on canvas: Canvas, in bounds: Rect) {
        let fill = look.theme.surface
        look.drawTile(on: canvas, in: bounds, fill: isPressed ? fill.interpolated(to: .black, PagedTextControls.pressedShade) : fill)
        let height = min((Self.trackHeight * look.unit).rounded(), bounds.height - 2 * look.padding)
        guard height > 0 else { return }
        let width = 2 * height
        let track = Rect(x: look.mirrored ? look.padding : bounds.maxX - look.padding - width,
                         y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
        let room = bounds.width - 3 * look.padding - width
        let size = look.fittingSize(title, face: look.regular, largest: look.bodySize, width: room)
        let caption = look.line(title, size: size, width: room, alignment: look.startSide)
        let captionX = look.mirrored ? track.maxX + look.padding : look.padding
        canvas.draw(caption, at: Point(captionX, ((bounds.height - caption.size.height) / 2).rounded()), color: look.theme.text)
        canvas.withSavedState {
            if isStale { canvas.globalAlpha = PanelLook.staleAlpha }
            let trackColour = isOn ? look.theme.accent : look.theme.background
            canvas.fill(Path.roundedRect(track, radius: height / 2), paint: .solid(trackColour))
            let inset = max(2, (height * 0.12).rounded())
            let knob = height - 2 * inset
            // On is toward the end of the line: the right, or the left on a right-to-left page.
            let atEnd = isOn != look.mirrored
            let x = atEnd ? track.maxX - inset - knob : track.minX + inset
            canvas.fill(ellipseIn: Rect(x: x, y: track.minY + inset, width: knob, height: knob), color: look.theme.text)
        }
    }
}
