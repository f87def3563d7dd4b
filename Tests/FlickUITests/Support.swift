import FlickRaster
@testable import FlickUI

/// How many pixels two surfaces of the same size hold differently.
func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    precondition(a.width == b.width && a.height == b.height, "surfaces of different sizes")
    var differing = 0
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
    return differing
}

/// A card as the photo cards are drawn: a shadow round an opaque face with a band inside it, rasterized; with
/// `promisesOpaque` its face is declared its opaque area.
func shadowedCard(frame: Rect, colour: Color, promisesOpaque: Bool) -> View {
    let card = View(frame: frame)
    card.shouldRasterize = true
    let face = card.bounds.insetBy(dx: 6, dy: 6)
    card.content = ViewContent { canvas, _ in
        canvas.fillShadow(outside: face, width: 6, opacity: 0.4)
        canvas.fill(face, color: colour)
        canvas.fill(face.insetBy(dx: 9, dy: 7), color: Color(hex: 0x3366CC))
    }
    if promisesOpaque { card.opaqueArea = face }
    return card
}

/// Colours the view tree tests draw with, and one no view has.
let red = Color(hex: 0xFF0000), green = Color(hex: 0x00FF00), blue = Color(hex: 0x0000FF)
let marker = Color(hex: 0xFF00FF).pixel

/// A view at (x, y) of w×h filled with `color`.
func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) -> View {
    View(frame: Rect(x: x, y: y, width: w, height: h), background: .solid(color))
}

/// A tree and a surface of the same size, drawn once in full.
func setUp(_ width: Int = 100, _ height: Int = 100) -> (ViewTree, Canvas) {
    let tree = ViewTree(width: width, height: height)
    let canvas = Canvas(surface: Surface(width: width, height: height))
    return (tree, canvas)
}

/// The first pixel where two surfaces of the same size differ; nil when none does.
func samePixels(_ a: Surface, _ b: Surface) -> (x: Int, y: Int)? {
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { return (x, y) } }
    return nil
}
