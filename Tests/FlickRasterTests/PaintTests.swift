import Testing
@testable import FlickRaster

@Test func gradientEndpointsHaveTheStopColours() {
    let canvas = makeCanvas(256, 2)
    let g = LinearGradient(start: Point(0, 0), end: Point(256, 0), colors: [Color(hex: 0xFF0000), Color(hex: 0x0000FF)])
    canvas.fill(Rect(x: 0, y: 0, width: 256, height: 2), paint: .linearGradient(g))
    let first = canvas.surface[0, 0], last = canvas.surface[255, 0], mid = canvas.surface[128, 0]
    #expect(red(first) >= 253 && blue(first) <= 2)
    #expect(blue(last) >= 253 && red(last) <= 2)
    #expect(abs(red(mid) - 127) <= 2 && abs(blue(mid) - 128) <= 2)
}

@Test func gradientPadsBeyondItsEnds() {
    let canvas = makeCanvas(30, 1)
    let g = LinearGradient(start: Point(10, 0), end: Point(20, 0), colors: [.black, .white])
    canvas.fill(Rect(x: 0, y: 0, width: 30, height: 1), paint: .linearGradient(g))
    #expect(canvas.surface[2, 0] == 0xFF00_0000)
    #expect(canvas.surface[28, 0] == 0xFFFF_FFFF)
}

@Test func threeStopGradientPassesThroughTheMiddleStop() {
    let g = LinearGradient(start: .zero, end: Point(1, 0), stops: [
        .init(0, .black), .init(0.5, Color(hex: 0x00FF00)), .init(1, .white),
    ])
    #expect(g.color(at: 0.5) == Color(hex: 0x00FF00))
    #expect(g.color(at: 0.25).green == 0.5)
}

private func checker() -> Surface {
    let s = Surface(width: 2, height: 2)
    s[0, 0] = 0xFFFF_0000; s[1, 0] = 0xFF00_FF00
    s[0, 1] = 0xFF00_00FF; s[1, 1] = 0xFFFF_FFFF
    return s
}

@Test func nearestScalingRepeatsSourcePixels() {
    let canvas = makeCanvas(8, 8)
    canvas.draw(checker(), in: Rect(x: 0, y: 0, width: 8, height: 8), filter: .nearest)
    #expect(canvas.surface[0, 0] == 0xFFFF_0000)
    #expect(canvas.surface[3, 3] == 0xFFFF_0000)
    #expect(canvas.surface[4, 0] == 0xFF00_FF00)
    #expect(canvas.surface[0, 7] == 0xFF00_00FF)
    #expect(canvas.surface[7, 7] == 0xFFFF_FFFF)
}

@Test func bilinearScalingBlendsNeighbours() {
    let canvas = makeCanvas(4, 1)
    let src = Surface(width: 2, height: 1)
    src[0, 0] = 0xFF00_0000; src[1, 0] = 0xFFFF_FFFF
    canvas.draw(src, in: Rect(x: 0, y: 0, width: 4, height: 1), filter: .bilinear)
    let values = (0..<4).map { red(canvas.surface[$0, 0]) }
    #expect(values[0] == 0 && values[3] == 255)
    #expect(values[1] > 40 && values[1] < 90)
    #expect(values[2] > 165 && values[2] < 215)
}

@Test func integerOffsetImageIsBlittedExactly() {
    let canvas = makeCanvas(6, 6)
    canvas.draw(checker(), at: Point(3, 2))
    #expect(canvas.surface[3, 2] == 0xFFFF_0000)
    #expect(canvas.surface[4, 3] == 0xFFFF_FFFF)
    #expect(canvas.surface[2, 2] == 0xFFFF_FFFF)
    canvas.draw(checker(), at: Point(5, 5)) // clipped at the corner
    #expect(canvas.surface[5, 5] == 0xFFFF_0000)
}

@Test func translucentImageIsComposedOver() {
    let canvas = makeCanvas(2, 1, background: .black)
    let src = Surface(width: 1, height: 1)
    src[0, 0] = Color(red: 1, green: 1, blue: 1, alpha: 0.5).pixel
    canvas.draw(src, at: Point(0, 0))
    #expect(red(canvas.surface[0, 0]) == 128)
    #expect(canvas.surface[1, 0] == 0xFF00_0000)
}
