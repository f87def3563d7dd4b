import FlickRaster
import FlickText
import FlickUI

/// What a row shows. A row re-renders only when this changes: typing re-renders the edited row alone.
struct RowFace: Equatable {
    var text: String
    var fill: Color
    var completed = false
    /// The row is being edited: a caret after the text, and the text's end kept in view.
    var caret = false
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
    private var cachedLayout: (text: String, caret: Bool, width: Double, layout: TextLayout)?

    /// The item shown; nil for a placeholder.
    var itemID: UInt64?
    var content: RowFace { didSet { if content != oldValue { face.setNeedsDisplay() } } }
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

    // MARK: Drawing

    private func draw(on canvas: Canvas, in bounds: Rect) {
        canvas.fill(bounds, color: content.completed ? TodoLook.completedFill : content.fill)
        canvas.fill(bounds, paint: .linearGradient(LinearGradient(start: .zero, end: Point(0, bounds.height),
                                                                  stops: TodoLook.sheen)))
        let room = bounds.width - 2 * look.inset
        guard room > 0, let layout = textLayout(width: room) else { return }
        let lineHeight = layout.metrics.lineHeight
        let caretWidth = content.caret ? max(2, look.strikeThickness) : 0
        let line = layout.lines.first
        let textWidth = line?.width ?? 0
        let rightToLeft = line?.direction == .rightToLeft
        // While editing, a text longer than the row shows its end, where the caret types: the right end of
        // left-to-right text, the left end of right-to-left text (which starts at the row's right).
        let overflow = max(0, textWidth + caretWidth + 1 - room)
        let x = !content.caret ? look.inset
            : rightToLeft ? look.inset + room - textWidth + overflow : look.inset - overflow
        let textLeft = x + (line?.x ?? 0)
        let y = ((bounds.height - lineHeight) / 2).rounded()
        canvas.withSavedState {
            canvas.clip(to: Rect(x: look.inset, y: 0, width: room, height: bounds.height))
            canvas.draw(layout, at: Point(x, y), color: TodoLook.text)
            if content.completed {
                let t = look.strikeThickness
                canvas.fill(Rect(x: textLeft, y: (y + lineHeight / 2 - t / 2).rounded(), width: textWidth, height: t), color: TodoLook.text)
            }
            if content.caret {
                let caretX = rightToLeft ? textLeft - 1 - caretWidth : textLeft + textWidth + 1
                canvas.fill(Rect(x: caretX.rounded(), y: y, width: caretWidth, height: lineHeight), color: TodoLook.text)
            }
        }
    }

    /// One line: cut with an ellipsis at rest, whole while editing (its end is what shows).
    private func textLayout(width: Double) -> TextLayout? {
        if let cachedLayout, cachedLayout.text == content.text, cachedLayout.caret == content.caret,
           cachedLayout.width == width { return cachedLayout.layout }
        guard let face = look.bold else { return nil }
        let options: TextLayout.Options = content.caret ? .init(maxLines: 1) : .init(maxWidth: width, maxLines: 1)
        let layout = TextLayout(content.text, face: face, pixelSize: look.textSize, options: options)
        cachedLayout = (content.text, content.caret, width, layout)
        return layout
    }
}
