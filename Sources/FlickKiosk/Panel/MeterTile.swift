import FlickRaster
import FlickText
import FlickUI

/// `{"gauge": source}` and `{"progress": source}`: where a bound number stands between `min` and `max`, as a
/// 270° arc with the value inside it, or as a bar under the caption with the value at the caption's other end. The
/// filled part takes the alarm colour out of the limits and is dimmed when stale.
final class MeterTile: PanelTile {
    /// A dial's sweep: three quarters of a turn, open at the bottom, as a car's gauges.
    static let sweep = 1.5 * Double.pi
    /// Our choice: a bar as thick as a finger's pad is wide, in screen units.
    static let barThickness = 12.0

    let view: View
    private let readout: PanelReadout
    private let range: ClosedRange<Double>
    private let isArc: Bool
    private let look: PanelLook
    private let numbers: NumberText?
    private(set) var shown: ShownValue

    init(_ readout: PanelReadout, range: ClosedRange<Double>, arc: Bool, frame: Rect, look: PanelLook, numbers: NumberText?) {
        self.readout = readout
        self.range = range
        isArc = arc
        self.look = look
        self.numbers = numbers
        shown = ShownValue(.waiting, readout: readout, numbers: numbers)
        view = View(frame: frame)
        view.content = ViewContent { [unowned self] canvas, bounds in
            look.drawTile(on: canvas, in: bounds)
            if isArc { drawArc(on: canvas, in: bounds) } else { drawBar(on: canvas, in: bounds) }
        }
    }

    func show(_ reading: LiveData.Reading) {
        let next = ShownValue(reading, readout: readout, numbers: numbers)
        guard next != shown else { return }
        shown = next
        view.setNeedsDisplay()
    }

    /// How far along the range the value is, 0 to 1; nil without a number.
    private var fraction: Double? {
        shown.number.map { min(1, max(0, ($0 - range.lowerBound) / (range.upperBound - range.lowerBound))) }
    }

    private var fill: Color { shown.isAlarm ? PanelLook.alarm : look.theme.accent }
    private var track: Color { look.theme.background }

    /// An open dial is 1 + sin 45° radii tall (and 2 wide).
    private static let dialHeight = 1 + 0.5.squareRoot()

    /// A dial under the caption with the value inside it when the tile is tall enough for a dial that holds it;
    /// else the dial down the tile's end, the value large at its start as a value tile has it, and the stale mark
    /// inside the dial.
    private func drawArc(on canvas: Canvas, in bounds: Rect) {
        let stale = shown.isStale ? look.staleWord : nil
        let padding = look.padding
        let under = look.body(bounds, below: look.header(readout.title, note: stale, in: bounds))
        if under.height >= 0.7 * under.width {
            let header = look.header(readout.title, note: stale, in: bounds)
            look.draw(header, in: bounds, noteColour: PanelLook.staleMark, on: canvas)
            guard let (centre, inner) = drawDial(in: failureDrawn(in: look.body(bounds, below: header), on: canvas), on: canvas) else { return }
            let inside = Rect(x: centre.x - inner * 0.8, y: centre.y - inner * 0.45, width: inner * 1.6, height: inner * 0.9)
            look.drawReadout(shown, unit: readout.unit, in: inside, largest: look.titleSize, centred: true, on: canvas)
            return
        }
        let side = min(bounds.height - 2 * padding, (0.4 * (bounds.width - 2 * padding)).rounded())
        let text = Rect(x: look.mirrored ? side + padding : 0, y: 0, width: bounds.width - side - padding, height: bounds.height)
        let dial = Rect(x: look.mirrored ? padding : bounds.maxX - padding - side, y: ((bounds.height - side) / 2).rounded(),
                        width: side, height: side)
        // The caption runs across the whole tile when the dial starts below its line (a narrow tile in portrait).
        let across = look.header(readout.title, note: nil, in: bounds)
        let isAcross = padding + across.height <= dial.minY
        let header = isAcross ? across : look.header(readout.title, note: nil, in: text)
        look.draw(header, in: isAcross ? bounds : text, noteColour: PanelLook.staleMark, on: canvas)
        let box = failureDrawn(in: look.body(text, below: header), on: canvas)
        look.drawReadout(shown, unit: readout.unit, in: box, largest: 1.25 * look.titleSize, centred: false, on: canvas)
        guard let (centre, inner) = drawDial(in: dial, on: canvas), let stale else { return }
        let mark = look.line(stale, size: look.fittingSize(stale, face: look.regular, largest: look.captionSize, width: 1.6 * inner),
                             width: 1.6 * inner, alignment: .center)
        canvas.draw(mark, at: Point(centre.x - 0.8 * inner, (centre.y - mark.size.height / 2).rounded()), color: PanelLook.staleMark)
    }

    /// `box`, after the source's failure is drawn along its bottom: what is left above it.
    private func failureDrawn(in box: Rect, on canvas: Canvas) -> Rect {
        guard let failure = shown.failure else { return box }
        return look.drawFailure(failure, in: box, on: canvas)
    }

    /// The dial as large as fits in `box`, centred: its track, and its arc filled to the value. Returns its centre
    /// and the radius inside its stroke; nil when there is no room for one.
    @discardableResult
    private func drawDial(in box: Rect, on canvas: Canvas) -> (centre: Point, inner: Double)? {
        let outer = min(box.width / 2, box.height / Self.dialHeight)
        guard outer > 4 else { return nil }
        let thickness = max(3, (outer * 0.16).rounded())
        let radius = outer - thickness / 2
        let centre = Point(box.midX, box.minY + (box.height - Self.dialHeight * outer) / 2 + outer)
        let start = 0.75 * Double.pi
        let style = StrokeStyle(width: thickness, cap: .round)
        var whole = Path()
        whole.arc(center: centre, radius: radius, startAngle: start, endAngle: start + Self.sweep)
        canvas.stroke(whole, paint: .solid(track), style: style)
        if let fraction, fraction > 0 {
            var part = Path()
            part.arc(center: centre, radius: radius, startAngle: start, endAngle: start + Self.sweep * fraction)
            canvas.withSavedState {
                if shown.isStale { canvas.globalAlpha = PanelLook.staleAlpha }
                canvas.stroke(part, paint: .solid(fill), style: style)
            }
        }
        return (centre, radius - thickness)
    }

    private func drawBar(on canvas: Canvas, in bounds: Rect) {
        var note = shown.text
        if shown.number != nil, let unit = readout.unit { note += " " + unit }
        if shown.isStale { note += " · " + look.staleWord }
        let header = look.header(readout.title, note: note, in: bounds)
        let noteColour = shown.isStale ? PanelLook.staleMark : shown.isAlarm ? PanelLook.alarm : look.theme.text
        look.draw(header, in: bounds, noteColour: noteColour, on: canvas)
        let box = look.body(bounds, below: header)
        let thickness = min(box.height, (Self.barThickness * look.unit).rounded())
        guard thickness > 0 else { return }
        let bar = Rect(x: box.minX, y: (box.midY - thickness / 2).rounded(), width: box.width, height: thickness)
        canvas.fill(Path.roundedRect(bar, radius: thickness / 2), paint: .solid(track))
        if let failure = shown.failure {
            look.drawFailure(failure, in: Rect(x: box.minX, y: bar.maxY, width: box.width, height: box.maxY - bar.maxY), on: canvas)
        }
        guard let fraction, fraction > 0 else { return }
        let length = max(thickness, (bar.width * fraction).rounded())
        let filled = Rect(x: look.mirrored ? bar.maxX - length : bar.minX, y: bar.minY, width: length, height: thickness)
        canvas.withSavedState {
            if shown.isStale { canvas.globalAlpha = PanelLook.staleAlpha }
            canvas.fill(Path.roundedRect(filled, radius: thickness / 2), paint: .solid(fill))
        }
    }
}
