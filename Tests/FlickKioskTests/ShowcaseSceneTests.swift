import FlickKiosk
import FlickShowcase
import FlickRaster
import FlickText
import Testing

private func renderShowcase(_ width: Int, _ height: Int) throws -> Surface {
    let surface = Surface(width: width, height: height)
    try ShowcaseScene(fonts: FontCollection()).draw(on: Canvas(surface: surface))
    return surface
}

@Test func showcaseMatchesItsGolden() throws {
    try GoldenImage.check(try renderShowcase(640, 400), named: "showcase-640x400")
}

@Test func showcaseMatchesItsGoldenAtFullHD() throws {
    try GoldenImage.check(try renderShowcase(1920, 1080), named: "showcase-1920x1080")
}

@Test func showcaseFillsTheWholeFrameOpaque() throws {
    let s = try renderShowcase(1920, 1080)
    for (x, y) in [(0, 0), (1919, 0), (0, 1079), (1919, 1079), (960, 540)] {
        #expect(s[x, y] >> 24 == 0xFF, "pixel \(x),\(y) is not opaque")
    }
}

@Test func showcaseTitleIsDrawnInWhite() throws {
    // "Flick" at 64 px on the 1280×800 grid starts at (64, 40): its glyphs must leave pure white pixels.
    let s = try renderShowcase(1280, 800)
    var white = 0
    for y in 40..<110 { for x in 64..<240 where s[x, y] == 0xFFFF_FFFF { white += 1 } }
    #expect(white > 500)
}
