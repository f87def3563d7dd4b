import FlickRaster
import FlickText
import FlickUI

/// What a row shows. A row re-renders only when this changes: typing re-renders the edited row alone.
struct RowFace: Equatable {
    var text: String
    var fill: Color
    var completed = false
    /// While the row is edited, where the caret is in `text`, in Unicode scalars; nil at rest.
    var caret: Int?
}

/// One row of the to-do list: a face drawn in one layer (fill, the sheen, the text — struck through when the
/// item is done) at the row's place in the list, sliding sideways under the finger with the ✓ and ✗ cues
/// beside it. The list also uses rows without an item for its "Pull to Add Item" placeholders.
final class TodoRow {
    /// Full width at the row's place; holds the face and the cues. Its alpha dims the row.
    let view: View
    private let face: View
    private let look: TodoLook
    private var tick: SwipeCue?
    private var cross: SwipeCue?
    private var cachedLayout: (text: String, editing: Bool, layout: TextLayout)?
    /// While editing, where the text's layout box starts, from the left of the room for text: the text scrolls
    /// when wider than the row, so that the caret shows.
    private var editOrigin: Double?

    /// The item shown; nil for a placeholder.
    var itemID: UInt64?
    var content: RowFace {
        didSet {
            guard content != oldValue else { return }
            face.setNeedsDisplay()
            followCaret()
        }
    }
    /// The place in the list: the row's top is at index × row height, plus `displacement`.
    var index = 0 { didSet { if index != oldValue { place() } } }
    /// How far the row is moved from its place while rows part, close or shuffle up.
    var displacement = 0.0 { didSet { if displacement != oldValue { place() } } }
    /// How far the face is dragged sideways: positive towards completing, negative towards deleting.
    var slide = 0.0 { didSet { if slide != oldValue { layoutFace() } } }

    init(look: TodoLook, content: RowFace) {
        self.look = look
        self.content = content
        view = View(frame: Rect(x: 0, y: 0, width: look.width, height: look.rowHeight))
        view.isUserInteractionEnabled = false
        face = View(frame: view.bounds)
        face.shouldRasterize = true
        face.content = ViewContent { [unowned self] canvas, bounds in draw(on: canvas, in: bounds) }
        view.addChild(face)
        followCaret()
    }

    /// A release now would complete (right) or delete (left) the item: the row is past half its width.
    var releaseOutcome: SwipeCue.Kind? {
        if slide > look.width / 2 { return .complete }
        if slide < -look.width / 2 { return .delete }
        return nil
    }

    private func place() {
        view.frame.origin.y = (Double(index) * look.rowHeight + displacement).rounded()
    }

    /// Whole pixels keep the face and cues on the copy path. The tutorial fades a cue in over the first half
    /// of the row's width and colours it once a release would act.
    private func layoutFace() {
        let x = slide.rounded()
        face.frame.origin.x = x
        guard x != 0 || tick != nil else { return }
        let tick = self.tick ?? makeCue(.complete), cross = self.cross ?? makeCue(.delete)
        self.tick = tick
        self.cross = cross
        let shown = min(1, abs(x) / (look.width / 2))
        tick.view.frame.origin.x = x - look.cueMargin - look.cueWidth
        tick.view.alpha = x > 0 ? shown : 0
        tick.isArmed = releaseOutcome == .complete
        cross.view.frame.origin.x = x + look.width + look.cueMargin
        cross.view.alpha = x < 0 ? shown : 0
        cross.isArmed = releaseOutcome == .delete
    }

    private func makeCue(_ kind: SwipeCue.Kind) -> SwipeCue {
        let cue = SwipeCue(kind, size: Size(look.cueWidth, look.rowHeight))
        view.insertChild(cue.view, at: 0)
        return cue
    }

    // MARK: The caret

    /// The line shown while editing (its offsets are the text's).
    var editedLine: TextLayout.Line? { content.caret == nil ? nil : textLayout().lines.first }

    /// The caret offset nearest to `x` (the row's coordinates) while editing.
    func caretOffset(atX x: Double) -> Int? {
        guard let line = editedLine, let editOrigin else { return nil }
        return line.caretOffset(nearestX: x - face.frame.minX - look.inset - editOrigin)
    }

    private var room: Double { look.width - 2 * look.inset }
    private var caretWidth: Double { max(2, look.strikeThickness) }

    /// Text that fits stays where it is at rest (right-to-left text at the right). Wider text scrolls as little as
    /// keeps the caret in view, a caret's width and a pixel in from either end of the room.
    private func followCaret() {
        guard let caret = content.caret, let line = editedLine else {
            editOrigin = nil
            return
        }
        let margin = caretWidth + 1
        let atRest = line.direction == .rightToLeft ? room - line.width : 0
        guard line.width + margin > room else {
            editOrigin = atRest
            return
        }
        var origin = min(margin, max(room - margin - line.width, editOrigin ?? atRest))
        let x = origin + line.caretX(at: caret)
        if x < margin { origin += margin - x } else if x > room - margin { origin -= x - (room - margin) }
        editOrigin = origin
    }

    /// The caret's bar, from the layout box's left: a pixel outside the text at either end (in empty text, where
    /// the first letter goes), centred on the boundary between letters.
    private func caretBarLeft(_ line: TextLayout.Line, caret: Int) -> Double {
        let x = line.caretX(at: caret)
        if x >= line.x + line.width { return x + 1 }
        if x <= line.x { return x - 1 - caretWidth }
        return x - caretWidth / 2
    }

    // MARK: Drawing

    private func draw(on canvas: Canvas, in bounds: Rect) {
        canvas.fill(bounds, color: content.completed ? TodoLook.completedFill : content.fill)
        canvas.fill(bounds, paint: .linearGradient(LinearGradient(start: .zero, end: Point(0, bounds.height),
                                                                  stops: TodoLook.sheen)))
        guard room > 0 else { return }
        let layout = textLayout()
        let lineHeight = layout.metrics.lineHeight
        let line = layout.lines.first
        let x = look.inset + (editOrigin ?? 0)
        let y = ((bounds.height - lineHeight) / 2).rounded()
        canvas.withSavedState {
            canvas.clip(to: Rect(x: look.inset, y: 0, width: room, height: bounds.height))
            canvas.draw(layout, at: Point(x, y), color: look.text)
            if content.completed, let line {
                let t = look.strikeThickness
                canvas.fill(Rect(x: x + line.x, y: (y + lineHeight / 2 - t / 2).rounded(), width: line.width, height: t),
                            color: look.text)
            }
        }
        // Outside the text's clip: at the start of text that fits, the caret is in the row's inset.
        if let caret = content.caret, let line {
            let left = x + caretBarLeft(line, caret: caret)
            canvas.fill(Rect(x: left.rounded(), y: y, width: caretWidth, height: lineHeight), color: look.text)
        }
    }

    /// One line: cut with an ellipsis at rest, whole while editing (the caret's part of it is what shows).
    private func textLayout() -> TextLayout {
        let editing = content.caret != nil
        if let cachedLayout, cachedLayout.text == content.text, cachedLayout.editing == editing { return cachedLayout.layout }
        let layout = editing ? TextLayout(Self.keepingTrailingSpaces(content.text), face: look.bold, pixelSize: look.textSize,
                                          options: .init(maxLines: 1))
            : TextLayout(content.text, face: look.bold, pixelSize: look.textSize, options: .init(maxWidth: room, maxLines: 1))
        cachedLayout = (content.text, editing, layout)
        return layout
    }

    /// A line drops the spaces it ends with, but the space just typed must move the caret: while editing, those are
    /// no-break spaces (as wide, one scalar each, so offsets stay the text's).
    private static func keepingTrailingSpaces(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        var i = scalars.count
        while i > 0 && scalars[i - 1] == " " {
            i -= 1
            scalars[i] = "\u{00A0}"
        }
        return String(scalars: scalars)
    }
}
