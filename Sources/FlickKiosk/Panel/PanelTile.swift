import FlickRaster
import FlickText
import FlickUI

/// One widget of a panel on screen: its view, and what it does when its source's reading changes or time passes.
/// A change redraws the widget's own view only.
protocol PanelTile: AnyObject {
    /// Placed at the widget's frame in the page.
    var view: View { get }
    /// Shows what the widget's source holds now (widgets with a source).
    func show(_ reading: LiveData.Reading)
    /// Every frame, with the time on the loop's clock (a clock without a source reads the wall clock).
    func advance(to time: Double)
    /// When the widget must be drawn again without anything else happening (the next minute of a clock).
    var nextDeadline: Double? { get }
}

extension PanelTile {
    func show(_ reading: LiveData.Reading) {}
    func advance(to time: Double) {}
    var nextDeadline: Double? { nil }
}

extension PanelLook {
    /// A value as large as fits in `box`, up to `largest` pixels: the number in bold and its unit after it
    /// (before it on a right-to-left page), at the start of the box or centred in it, dimmed when stale.
    func drawReadout(_ shown: ShownValue, unit: String?, in box: Rect, largest: Double, centred: Bool, on canvas: Canvas) {
        guard box.width > 0, box.height > 0 else { return }
        let lineRatio = bold.metrics(pixelSize: 100).lineHeight / 100
        var size = min(largest, box.height / lineRatio).rounded(.down)
        guard size >= 1 else { return }
        let unitText = shown.number == nil ? nil : unit
        func layouts(_ size: Double) -> (TextLayout, TextLayout?, Double) {
            let number = TextLayout(shown.text, face: bold, pixelSize: size)
            let unit = unitText.map { TextLayout($0, face: regular, pixelSize: (size * 0.5).rounded()) }
            let space = (size * 0.2).rounded()
            return (number, unit, number.size.width + (unit.map { $0.size.width + space } ?? 0))
        }
        var (number, unitLayout, width) = layouts(size)
        // Widths do not scale exactly with the size (hinting): a second try closes the gap.
        for _ in 0..<2 where width > box.width && size > captionSize {
            size = max(captionSize, (size * box.width / width).rounded(.down) - 1)
            (number, unitLayout, width) = layouts(size)
        }
        if width > box.width {
            let room = box.width - (unitLayout.map { $0.size.width + (size * 0.2).rounded() } ?? 0)
            number = line(shown.text, face: bold, size: size, width: room)
            width = box.width
        }
        let top = (box.minY + (box.height - number.size.height) / 2).rounded()
        let start = centred ? (box.midX - width / 2).rounded() : mirrored ? box.maxX - width : box.minX
        let numberX = mirrored ? start + width - number.size.width : start
        canvas.withSavedState {
            if shown.isStale { canvas.globalAlpha = Self.staleAlpha }
            canvas.draw(number, at: Point(numberX, top), color: theme.text)
            guard let unitLayout else { return }
            let baseline = top + number.metrics.ascent
            let unitX = mirrored ? start : start + width - unitLayout.size.width
            canvas.draw(unitLayout, at: Point(unitX, (baseline - unitLayout.metrics.ascent).rounded()), color: theme.secondaryText)
        }
    }

    /// Why a source has no value, in up to two lines at the top of `box`, in the alarm colour; returns the room
    /// left under it.
    @discardableResult
    func drawFailure(_ reason: String, in box: Rect, on canvas: Canvas) -> Rect {
        let text = TextLayout(reason, face: regular, pixelSize: captionSize,
                              options: .init(maxWidth: max(1, box.width), maxLines: 2, alignment: startSide))
        canvas.draw(text, at: Point(box.minX, box.minY), color: Self.alarm)
        return Rect(x: box.minX, y: box.minY + text.size.height, width: box.width, height: max(0, box.height - text.size.height))
    }

    /// The room under a tile's header, inside its padding.
    func body(_ bounds: Rect, below header: TileHeader) -> Rect {
        let top = header.height > 0 ? padding + header.height + (padding / 2).rounded() : padding
        return Rect(x: bounds.minX + padding, y: bounds.minY + top, width: bounds.width - 2 * padding,
                    height: max(0, bounds.height - top - padding))
    }
}

/// `{"value": source}`: a tile with the caption, the value large with its unit, the alarm colour out of its limits,
/// a "stale" mark, and why there is no value when the source failed.
final class ValueTile: PanelTile {
    let view: View
    private let readout: PanelReadout
    private let look: PanelLook
    private let numbers: NumberText?
    private(set) var shown: ShownValue

    init(_ readout: PanelReadout, frame: Rect, look: PanelLook, numbers: NumberText?) {
        self.readout = readout
        self.look = look
        self.numbers = numbers
        shown = ShownValue(.waiting, readout: readout, numbers: numbers)
        view = View(frame: frame)
        view.content = ViewContent { [unowned self] canvas, bounds in draw(on: canvas, in: bounds) }
    }

    func show(_ reading: LiveData.Reading) {
        let next = ShownValue(reading, readout: readout, numbers: numbers)
        guard next != shown else { return }
        shown = next
        view.setNeedsDisplay()
    }

    private func draw(on canvas: Canvas, in bounds: Rect) {
        look.drawTile(on: canvas, in: bounds, fill: shown.isAlarm ? look.alarmFill : nil)
        let header = look.header(readout.title, note: shown.isStale ? look.staleWord : nil, in: bounds)
        look.draw(header, in: bounds, noteColour: PanelLook.staleMark, on: canvas)
        let box = look.body(bounds, below: header)
        // A failed source has no value to show, not even a dash: its reason is the tile's message.
        if let failure = shown.failure {
            look.drawFailure(failure, in: box, on: canvas)
            return
        }
        look.drawReadout(shown, unit: readout.unit, in: box, largest: 1.25 * look.titleSize, centred: false, on: canvas)
    }
}
