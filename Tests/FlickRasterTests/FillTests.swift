import Foundation
import Testing
@testable import FlickRaster

@Test func pixelAlignedRectFillsExactlyItsPixels() {
    let canvas = makeCanvas(10, 10)
    canvas.fill(Path.rect(Rect(x: 2, y: 3, width: 4, height: 5)), paint: .solid(.black))
    for y in 0..<10 {
        for x in 0..<10 {
            let inside = (2..<6).contains(x) && (3..<8).contains(y)
            #expect(canvas.surface[x, y] == (inside ? 0xFF00_0000 : 0xFFFF_FFFF), "pixel \(x),\(y)")
        }
    }
}

@Test func halfCoveredEdgePixelIsHalfInk() {
    let canvas = makeCanvas(8, 4)
    canvas.fill(Path.rect(Rect(x: 1, y: 0, width: 2.5, height: 4)), paint: .solid(.black))
    #expect(ink(canvas.surface[1, 1]) == 1)
    #expect(ink(canvas.surface[2, 1]) == 1)
    #expect(abs(ink(canvas.surface[3, 1]) - 0.5) < 0.01)
    #expect(ink(canvas.surface[4, 1]) == 0)
}

@Test func diagonalEdgeCoverageIsTheAreaUnderIt() {
    // The triangle (0,0)-(4,0)-(0,4) cuts pixel (1,2) through its corner; it covers half of the
    // pixels on the diagonal and all of those strictly below-left.
    let canvas = makeCanvas(4, 4)
    canvas.fill(Path.polygon([Point(0, 0), Point(4, 0), Point(0, 4)]), paint: .solid(.black))
    #expect(abs(ink(canvas.surface[1, 2]) - 0.5) < 0.01)
    #expect(ink(canvas.surface[0, 0]) == 1)
    #expect(ink(canvas.surface[3, 3]) == 0)
}

@Test func fillRectFastPathMatchesGeneralPath() {
    let a = makeCanvas(16, 16), b = makeCanvas(16, 16)
    let r = Rect(x: 3, y: 2, width: 9, height: 11)
    let paint = Paint.solid(Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.6))
    a.fill(r, paint: paint)
    b.fill(Path.rect(r), paint: paint)
    for y in 0..<16 { for x in 0..<16 { #expect(a.surface[x, y] == b.surface[x, y]) } }
}

private func star() -> Path {
    // A five-pointed star drawn as one self-intersecting pentagram: its centre has winding 2.
    let c = Point(20, 20), r = 18.0
    let points = (0..<5).map { i -> Point in
        let angle = -Double.pi / 2 + Double(i * 2) * 2 * .pi / 5
        return Point(c.x + r * cos(angle), c.y + r * sin(angle))
    }
    return Path.polygon(points)
}

@Test func evenOddLeavesTheStarsCentreEmptyNonZeroFillsIt() {
    let nonZero = makeCanvas(40, 40), evenOdd = makeCanvas(40, 40)
    nonZero.fill(star(), paint: .solid(.black), rule: .nonZero)
    evenOdd.fill(star(), paint: .solid(.black), rule: .evenOdd)
    #expect(ink(nonZero.surface[20, 20]) == 1)
    #expect(ink(evenOdd.surface[20, 20]) == 0)
    // A point in one of the star's arms is inside under both rules.
    #expect(ink(nonZero.surface[20, 5]) == 1)
    #expect(ink(evenOdd.surface[20, 5]) == 1)
}

@Test func coverageSumsToTheExactAreaOfTheFlattenedCircle() {
    for r in [Rect(x: 7, y: 7, width: 50, height: 50), Rect(x: 7.3, y: 7.6, width: 50, height: 50)] {
        let canvas = makeCanvas(64, 64)
        let path = Path.ellipse(in: r)
        canvas.fill(path, paint: .solid(.black))
        var total = 0.0
        for y in 0..<64 { for x in 0..<64 { total += ink(canvas.surface[x, y]) } }
        let polygon = path.flattened(tolerance: canvas.tolerance)[0].points
        var area = 0.0
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += (a.x * b.y - b.x * a.y) / 2
        }
        // 8-bit coverage rounds each pixel by at most half a step.
        #expect(abs(total - area) < 0.5)
        #expect(abs(area - Double.pi * 625) / (Double.pi * 625) < 0.005)
    }
}

@Test func shapesOutsideTheSurfaceAreClippedNotCrashing() {
    let canvas = makeCanvas(10, 10)
    canvas.fill(Path.rect(Rect(x: -50, y: -50, width: 55, height: 200)), paint: .solid(.black))
    canvas.fill(Path.ellipse(in: Rect(x: 8, y: -1e6, width: 1e7, height: 2e6)), paint: .solid(.black))
    #expect(ink(canvas.surface[4, 9]) == 1)
    #expect(ink(canvas.surface[5, 5]) == 0)
    #expect(ink(canvas.surface[9, 5]) == 1)
}

@Test func roundedRectCornersAreCutAndSidesAreFull() {
    let canvas = makeCanvas(40, 40)
    canvas.fill(Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 40),
                                 radii: CornerRadii(topLeft: 10, topRight: 0, bottomRight: 10, bottomLeft: 0)),
                paint: .solid(.black))
    #expect(ink(canvas.surface[0, 0]) == 0)
    #expect(ink(canvas.surface[39, 0]) == 1)
    #expect(ink(canvas.surface[39, 39]) == 0)
    #expect(ink(canvas.surface[0, 39]) == 1)
    #expect(ink(canvas.surface[20, 0]) == 1)
}

@Test func aShapeTallerThanABandLooksAsIfRasterizedAtOnce() {
    // 2000 px wide: the rasterizer takes 32 rows at a time. Drawn again through 80 px wide clips (each one band
    // high enough for every row), the pixels must agree.
    let width = 2000, height = 180
    let shapes: [(Path, FillRule)] = [
        (Path.ellipse(in: Rect(x: 10.3, y: 4.6, width: 1970.2, height: 170.9)), .nonZero),
        (Path.polygon([Point(5, 170), Point(1000, 3.5), Point(1995, 170), Point(40, 60.25), Point(1960, 60.25)]), .evenOdd),
    ]
    #expect(CoverageRasterizer.cellBudget / (width + 2) < height / 4)
    for (path, rule) in shapes {
        let banded = makeCanvas(width, height), columns = makeCanvas(width, height)
        banded.fill(path, paint: .solid(.black), rule: rule)
        for x in stride(from: 0, to: width, by: 80) {
            columns.withSavedState {
                columns.clip(to: Rect(x: Double(x), y: 0, width: 80, height: Double(height)))
                columns.fill(path, paint: .solid(.black), rule: rule)
            }
        }
        var worst = 0
        for y in 0..<height { for x in 0..<width { worst = max(worst, abs(red(banded.surface[x, y]) - red(columns.surface[x, y]))) } }
        #expect(worst <= 1, "\(rule): differs by \(worst) levels")
        #expect(ink(banded.surface[1000, 90]) == (rule == .nonZero ? 1 : 0), "the middle: inside the ellipse, the star's hole")
        #expect(ink(banded.surface[1000, 20]) == 1)
    }
}
