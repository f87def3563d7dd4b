import Testing
@testable import FlickRaster

@Test(arguments: Rotation.allCases)
func panelAndLogicalPointsAreInverse(rotation: Rotation) {
    let p = Point(17, 5)
    let panel = rotation.panelPoint(p, logicalWidth: 40, logicalHeight: 30)
    let back = rotation.logicalPoint(panel, logicalWidth: 40, logicalHeight: 30)
    #expect(back == p)
}

@Test func clockwise90PutsTheTopLeftCornerTopRight() {
    // A 40×30 logical picture on a 30×40 panel: its top-left ends at the panel's top-right.
    #expect(Rotation.clockwise90.panelPoint(Point(0, 0), logicalWidth: 40, logicalHeight: 30) == Point(30, 0))
    #expect(Rotation.clockwise270.panelPoint(Point(0, 0), logicalWidth: 40, logicalHeight: 30) == Point(0, 40))
    #expect(Rotation.clockwise90.logicalSize(panelWidth: 30, panelHeight: 40) == (40, 30))
}

@Test(arguments: Rotation.allCases)
func rotatedCopyMovesEachPixelWherePanelRectSays(rotation: Rotation) {
    let logical = Surface(width: 6, height: 4)
    for y in 0..<4 { for x in 0..<6 { logical[x, y] = UInt32(0xFF00_0000) | UInt32(y * 16 + x) } }
    let (pw, ph) = rotation.swapsAxes ? (4, 6) : (6, 4)
    let panel = Surface(width: pw, height: ph)
    let area = PixelRect(x: 1, y: 1, width: 3, height: 2)
    panel.copyRotated(from: logical, area: area, rotation: rotation)
    let target = rotation.panelRect(area, logicalWidth: 6, logicalHeight: 4)
    var written = 0
    for y in 0..<ph { for x in 0..<pw where panel[x, y] != 0 { written += 1; #expect(target.contains(x, y)) } }
    #expect(written == area.area)
    // Each pixel's centre maps to its own destination.
    for y in area.y..<area.maxY {
        for x in area.x..<area.maxX {
            let c = rotation.panelPoint(Point(Double(x) + 0.5, Double(y) + 0.5), logicalWidth: 6, logicalHeight: 4)
            #expect(panel[Int(c.x), Int(c.y)] == logical[x, y])
        }
    }
}
