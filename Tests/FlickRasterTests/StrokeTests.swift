import Testing
@testable import FlickRaster

private func line(_ a: Point, _ b: Point) -> Path { var p = Path(); p.move(to: a); p.line(to: b); return p }

@Test func buttCapStopsAtTheEndpoints() {
    let canvas = makeCanvas(20, 10)
    canvas.stroke(line(Point(5, 5), Point(15, 5)), paint: .solid(.black), style: StrokeStyle(width: 2, cap: .butt))
    #expect(ink(canvas.surface[5, 4]) == 1 && ink(canvas.surface[14, 5]) == 1)
    #expect(ink(canvas.surface[4, 4]) == 0 && ink(canvas.surface[15, 4]) == 0)
    #expect(ink(canvas.surface[10, 3]) == 0 && ink(canvas.surface[10, 6]) == 0)
}

@Test func squareCapExtendsByHalfTheWidth() {
    let canvas = makeCanvas(20, 10)
    canvas.stroke(line(Point(5, 5), Point(15, 5)), paint: .solid(.black), style: StrokeStyle(width: 2, cap: .square))
    #expect(ink(canvas.surface[4, 4]) == 1 && ink(canvas.surface[15, 5]) == 1)
    #expect(ink(canvas.surface[3, 4]) == 0 && ink(canvas.surface[16, 4]) == 0)
}

@Test func roundCapAddsAHalfDisc() {
    let canvas = makeCanvas(40, 20)
    canvas.stroke(line(Point(10, 10), Point(30, 10)), paint: .solid(.black), style: StrokeStyle(width: 10, cap: .round))
    var total = 0.0
    for y in 0..<20 { for x in 0..<40 { total += ink(canvas.surface[x, y]) } }
    let expected = 20 * 10 + Double.pi * 25
    #expect(abs(total - expected) / expected < 0.015)
}

@Test func joinsFillTheOuterCornerDifferently() {
    var corner = Path()
    corner.move(to: Point(5, 30)); corner.line(to: Point(30, 30)); corner.line(to: Point(30, 5))
    // The corner is at (30, 30), half the width 4: the miter reaches (34, 34), the round join a
    // radius of 4, the bevel the line x + y = 64.
    func stroked(_ join: LineJoin) -> Surface {
        let canvas = makeCanvas(40, 40)
        canvas.stroke(corner, paint: .solid(.black), style: StrokeStyle(width: 8, join: join))
        return canvas.surface
    }
    let miter = stroked(.miter), round = stroked(.round), bevel = stroked(.bevel)
    #expect(ink(miter[33, 33]) == 1 && ink(miter[32, 32]) == 1)
    #expect(ink(round[33, 33]) == 0 && ink(round[32, 31]) == 1)
    #expect(ink(bevel[32, 32]) == 0 && ink(bevel[31, 31]) == 1)
}

@Test func miterLimitFallsBackToBevelOnSharpAngles() {
    var spike = Path()
    spike.move(to: Point(5, 35)); spike.line(to: Point(20, 5)); spike.line(to: Point(35, 35))
    let canvas = makeCanvas(40, 40)
    canvas.stroke(spike, paint: .solid(.black), style: StrokeStyle(width: 6, join: .miter, miterLimit: 2))
    #expect(ink(canvas.surface[20, 0]) == 0)
    let long = makeCanvas(40, 40)
    long.stroke(spike, paint: .solid(.black), style: StrokeStyle(width: 6, join: .miter, miterLimit: 10))
    #expect(ink(long.surface[20, 0]) > 0)
}

@Test func closedStrokeHasNoCapsAndAHole() {
    let canvas = makeCanvas(30, 30)
    canvas.stroke(Path.rect(Rect(x: 5, y: 5, width: 20, height: 20)), paint: .solid(.black), style: StrokeStyle(width: 2))
    #expect(ink(canvas.surface[15, 15]) == 0)
    #expect(ink(canvas.surface[4, 4]) == 1) // miter corner
    #expect(ink(canvas.surface[15, 4]) == 1)
}

@Test func flatteningStaysWithinTolerance() {
    let path = Path.ellipse(in: Rect(x: -100, y: -100, width: 200, height: 200))
    for tolerance in [1.0, 0.2, 0.05] {
        let lines = path.flattened(tolerance: tolerance)
        #expect(lines.count == 1)
        let pts = lines[0].points
        for i in 1..<pts.count {
            let mid = (pts[i - 1] + pts[i]) * 0.5
            #expect(abs(mid.length - 100) <= tolerance + 0.03, "chord sag at tolerance \(tolerance)")
        }
    }
}
