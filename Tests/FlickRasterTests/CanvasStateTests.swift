import Testing
@testable import FlickRaster

@Test func clipsIntersectAndRestore() {
    let canvas = makeCanvas(10, 10)
    canvas.save()
    canvas.clip(to: Rect(x: 0, y: 0, width: 6, height: 6))
    canvas.clip(to: Rect(x: 3, y: 3, width: 6, height: 6))
    #expect(canvas.clipBounds == PixelRect(x: 3, y: 3, width: 3, height: 3))
    canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .black)
    canvas.restore()
    #expect(ink(canvas.surface[3, 3]) == 1)
    #expect(ink(canvas.surface[5, 5]) == 1)
    #expect(ink(canvas.surface[6, 6]) == 0)
    #expect(ink(canvas.surface[2, 2]) == 0)
    #expect(canvas.clipBounds == PixelRect(x: 0, y: 0, width: 10, height: 10))
    canvas.fill(Rect(x: 8, y: 8, width: 2, height: 2), color: .black)
    #expect(ink(canvas.surface[9, 9]) == 1)
}

@Test func transformsComposeAndRestore() {
    let canvas = makeCanvas(20, 20)
    canvas.save()
    canvas.translate(10, 0)
    canvas.scale(2, 2)
    #expect(canvas.transform.map(Point(1, 1)) == Point(12, 2))
    canvas.fill(Rect(x: 0, y: 0, width: 2, height: 2), color: .black)
    canvas.restore()
    #expect(canvas.transform == .identity)
    #expect(ink(canvas.surface[10, 0]) == 1)
    #expect(ink(canvas.surface[13, 3]) == 1)
    #expect(ink(canvas.surface[14, 4]) == 0)
    #expect(ink(canvas.surface[9, 0]) == 0)
}

@Test func rotatedSquareKeepsItsArea() {
    let canvas = makeCanvas(40, 40)
    canvas.translate(20, 20)
    canvas.rotate(.pi / 6)
    canvas.fill(Rect(x: -10, y: -10, width: 20, height: 20), color: .black)
    var total = 0.0
    for y in 0..<40 { for x in 0..<40 { total += ink(canvas.surface[x, y]) } }
    #expect(abs(total - 400) < 1)
}

@Test func affineTransformInvertsAndMaps() throws {
    let t = AffineTransform.rotation(0.7).concatenating(.scale(2, 3)).concatenating(.translation(5, -4))
    let inv = try #require(t.inverted())
    let p = Point(3.5, -2)
    let back = inv.map(t.map(p))
    #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
    #expect(AffineTransform.scale(0, 1).inverted() == nil)
}

@Test func unbalancedRestoreIsIgnored() {
    let canvas = makeCanvas(4, 4)
    canvas.restore()
    canvas.translate(1, 1)
    canvas.restore()
    #expect(canvas.transform == .translation(1, 1))
}
