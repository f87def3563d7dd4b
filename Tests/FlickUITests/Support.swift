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
