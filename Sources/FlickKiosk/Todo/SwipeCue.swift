import FlickRaster
import FlickUI

/// The ✓ beside a row swiped right and the ✗ beside one swiped left: white while a release would snap the row
/// back, green (✓) or red (✗) once it would complete or delete the item. Drawn as strokes, so no font needs the
/// glyphs; rasterized, so riding along with the row is a copy.
final class SwipeCue {
    enum Kind { case complete, delete }

    static let completeColor = Color(red: 0, green: 0.8, blue: 0)
    static let deleteColor = Color(red: 0.9, green: 0, blue: 0)

    let view: View
    let kind: Kind
    var isArmed = false { didSet { if isArmed != oldValue { view.setNeedsDisplay() } } }

    init(_ kind: Kind, size: Size) {
        self.kind = kind
        view = View(frame: Rect(origin: .zero, size: size))
        view.shouldRasterize = true
        view.isUserInteractionEnabled = false
        view.content = ViewContent { [unowned self] canvas, bounds in draw(on: canvas, in: bounds) }
    }

    private func draw(on canvas: Canvas, in bounds: Rect) {
        // The tutorial's 32 pt glyph in a 50 pt box: the mark fills about 40 % of the row's height, aligned
        // to the side that faces the row.
        let s = (bounds.height * 0.4).rounded()
        let x = kind == .complete ? bounds.width - s : 0
        let box = Rect(x: x, y: ((bounds.height - s) / 2).rounded(), width: s, height: s)
        var mark = Path()
        switch kind {
        case .complete:
            mark.move(to: Point(box.minX + 0.05 * s, box.minY + 0.55 * s))
            mark.line(to: Point(box.minX + 0.38 * s, box.minY + 0.88 * s))
            mark.line(to: Point(box.maxX - 0.05 * s, box.minY + 0.12 * s))
        case .delete:
            let i = 0.12 * s
            mark.move(to: Point(box.minX + i, box.minY + i))
            mark.line(to: Point(box.maxX - i, box.maxY - i))
            mark.move(to: Point(box.maxX - i, box.minY + i))
            mark.line(to: Point(box.minX + i, box.maxY - i))
        }
        let color = !isArmed ? Color.white : kind == .complete ? Self.completeColor : Self.deleteColor
        canvas.stroke(mark, paint: .solid(color), style: StrokeStyle(width: max(2, (s * 0.16).rounded()), join: .round, cap: .round))
    }
}
