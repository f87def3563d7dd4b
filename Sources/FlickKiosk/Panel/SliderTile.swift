import FlickGestures
import FlickJSON
import FlickRaster
import FlickText
import FlickUI

/// `{"slider": text}`: a tile with its caption and value on the first line and a track under them, filled from
/// `min` (at the start edge) to the thumb. A horizontal drag anywhere on the tile moves the thumb to the finger,
/// on the steps, and performs the action with the value where the finger lifts; a tap sets the value there. The
/// drag is the slider's and not the page's, which it wins as the deeper gesture when both pass their slop in one
/// frame; a vertical drag fails it and goes to the page swipe. With a source, the thumb shows the source's value
/// whenever no finger holds it.
final class SliderTile: PanelTile {
    /// The thumb, in screen units: as large as a switch's track is tall.
    static let thumbDiameter = 28.0
    /// The track's thickness, in screen units.
    static let trackThickness = 6.0

    let view: View
    private let title: String
    private let steps: PanelSliderRange
    private let look: PanelLook
    private let numbers: NumberText?
    private let perform: ((JSONValue) -> Void)?
    private let pan: Gesture<PanRecognizer>
    private let tap: Gesture<TapRecognizer>
    /// The value the thumb is at.
    private(set) var value: Double { didSet { if value != oldValue { view.setNeedsDisplay() } } }
    /// Where the thumb was when the finger took it: a cancelled drag puts it back.
    private var valueBeforeDrag: Double?
    private var isStale = false { didSet { if isStale != oldValue { view.setNeedsDisplay() } } }

    init(_ title: String, steps: PanelSliderRange, frame: Rect, look: PanelLook, numbers: NumberText?, perform: ((JSONValue) -> Void)?) {
        self.title = title
        self.steps = steps
        self.look = look
        self.numbers = numbers
        self.perform = perform
        value = steps.range.lowerBound
        view = View(frame: frame)
        pan = Gesture(PanRecognizer(metrics: look.metrics, axisLock: .only(.horizontal)))
        tap = Gesture(TapRecognizer(metrics: look.metrics))
        view.content = ViewContent { [unowned self] canvas, bounds in draw(on: canvas, in: bounds) }
        attachGestures()
    }

    func show(_ reading: LiveData.Reading) {
        isStale = reading.isStale
        guard valueBeforeDrag == nil, case .number(let n)? = reading.value else { return }
        value = min(steps.range.upperBound, max(steps.range.lowerBound, n))
    }

    private func attachGestures() {
        // Every horizontal drag is the slider's, at its ends too: a thumb pushed against its end stays there
        // rather than the page moving under the finger.
        pan.dragResponse = { direction in direction == .left || direction == .right ? .moves : .ignores }
        pan.onPhase = { [unowned self] phase in
            switch phase {
            case .touchDown, .possible, .failed: break
            case .began, .changed:
                if valueBeforeDrag == nil { valueBeforeDrag = value }
                if let at = pan.recognizer.location { value = self.value(at: at) }
            case .ended:
                valueBeforeDrag = nil
                perform?(.number(value))
            case .cancelled:
                if let before = valueBeforeDrag { value = before }
                valueBeforeDrag = nil
            }
        }
        tap.onPhase = { [unowned self] phase in
            guard phase == .ended, let at = tap.recognizer.location else { return }
            value = self.value(at: at)
            perform?(.number(value))
        }
        view.addGesture(pan)
        view.addGesture(tap)
    }

    /// The track's ends in the tile, where the thumb's centre stops.
    private var track: (start: Double, end: Double) {
        let thumb = (Self.thumbDiameter * look.unit).rounded()
        return (look.padding + thumb / 2, view.frame.width - look.padding - thumb / 2)
    }

    /// The value on the steps under `point` (screen pixels).
    private func value(at point: Point) -> Double {
        guard let local = view.convertFromRoot(point) else { return value }
        let (start, end) = track
        var fraction = min(1, max(0, (local.x - start) / max(1, end - start)))
        if look.mirrored { fraction = 1 - fraction }
        return steps.snapped(steps.range.lowerBound + fraction * (steps.range.upperBound - steps.range.lowerBound))
    }

    private func draw(on canvas: Canvas, in bounds: Rect) {
        look.drawTile(on: canvas, in: bounds)
        let note = numbers?.text(value) ?? JSONValue.number(value).text()
        let header = look.header(title, note: isStale ? note + " · " + look.staleWord : note, in: bounds)
        look.draw(header, in: bounds, noteColour: isStale ? PanelLook.staleMark : look.theme.text, on: canvas)
        let box = look.body(bounds, below: header)
        let (start, end) = track
        guard end > start else { return }
        let thumb = (Self.thumbDiameter * look.unit).rounded()
        let thickness = (Self.trackThickness * look.unit).rounded()
        let y = (box.midY - thickness / 2).rounded()
        let range = steps.range
        let fraction = (value - range.lowerBound) / (range.upperBound - range.lowerBound)
        let x = (look.mirrored ? end - fraction * (end - start) : start + fraction * (end - start)).rounded()
        canvas.fill(Path.roundedRect(Rect(x: start, y: y, width: end - start, height: thickness), radius: thickness / 2),
                    paint: .solid(look.theme.background))
        canvas.withSavedState {
            if isStale { canvas.globalAlpha = PanelLook.staleAlpha }
            let filled = Rect(x: min(x, look.mirrored ? end : start), y: y, width: abs(x - (look.mirrored ? end : start)), height: thickness)
            canvas.fill(Path.roundedRect(filled, radius: thickness / 2), paint: .solid(look.theme.accent))
            let pressed = valueBeforeDrag != nil
            canvas.fill(ellipseIn: Rect(x: x - thumb / 2, y: (y + thickness / 2 - thumb / 2).rounded(), width: thumb, height: thumb),
                        color: pressed ? look.theme.text.interpolated(to: look.theme.accent, 0.3) : look.theme.text)
        }
    }
}
