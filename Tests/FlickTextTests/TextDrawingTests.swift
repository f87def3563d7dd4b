import FlickRaster
import Testing
@testable import FlickText

/// The device-pixel box covered by the layout's glyph masks when drawn at `origin`.
private func inkBox(_ layout: TextLayout, at origin: Point) -> PixelRect {
    var box = PixelRect.zero
    for line in layout.lines {
        for g in line.glyphs {
            let glyph = layout.face.glyph(g.index, pixelSize: layout.pixelSize)
            let x = Int((origin.x + g.x).rounded()) + glyph.left
            let y = Int((origin.y + g.y).rounded()) - glyph.top
            box = box.union(PixelRect(x: x, y: y, width: glyph.mask.width, height: glyph.mask.height))
        }
    }
    return box
}

private func paintedPixels(_ surface: Surface) -> [(x: Int, y: Int)] {
    var out: [(x: Int, y: Int)] = []
    for y in 0..<surface.height { for x in 0..<surface.width where surface[x, y] != 0 { out.append((x, y)) } }
    return out
}

@Test func drawingPaintsInsideTheLayoutBoxOnly() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("Hi there", face: face, pixelSize: 16)
    let surface = Surface(width: 120, height: 40)
    Canvas(surface: surface).draw(layout, at: Point(10, 8), color: .black)

    let painted = paintedPixels(surface)
    #expect(painted.count > 50)
    let ink = inkBox(layout, at: Point(10, 8))
    #expect(painted.allSatisfy { ink.contains($0.x, $0.y) })
    // The ink stays inside the layout's box (a pixel of slack for antialiased edges).
    let box = PixelRect(enclosing: Rect(x: 10, y: 8, width: layout.size.width, height: layout.size.height))
    #expect(painted.allSatisfy { $0.x >= box.x - 1 && $0.x < box.maxX + 1 && $0.y >= box.y && $0.y < box.maxY })
    // Black text is opaque where coverage is full.
    #expect(painted.contains { surface[$0.x, $0.y] == 0xFF00_0000 })
}

@Test func drawingFollowsTheCanvasTranslation() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("Shift", face: face, pixelSize: 16)
    let plain = Surface(width: 80, height: 40), moved = Surface(width: 80, height: 40)
    Canvas(surface: plain).draw(layout, at: Point(4, 4), color: .white)
    let canvas = Canvas(surface: moved)
    canvas.translate(7, 3)
    canvas.draw(layout, at: Point(4, 4), color: .white)
    for y in 0..<30 {
        for x in 0..<60 { #expect(plain[x, y] == moved[x + 7, y + 3]) }
    }
}

@Test func drawingRespectsTheClip() throws {
    let face = try TestFonts.regular()
    let layout = TextLayout("Clipped", face: face, pixelSize: 16)
    let surface = Surface(width: 80, height: 30)
    let canvas = Canvas(surface: surface)
    canvas.clip(to: Rect(x: 0, y: 0, width: 20, height: 30))
    canvas.draw(layout, at: Point(2, 2), color: .black)
    let painted = paintedPixels(surface)
    #expect(!painted.isEmpty)
    #expect(painted.allSatisfy { $0.x < 20 })
}

@Test func layingOutTheSameTextAgainHitsTheGlyphCacheAndDrawingNeedsNoLookups() throws {
    let face = try TestFonts.regular()
    let cache = face.library.glyphCache
    let layout = TextLayout("Hello, cache!", face: face, pixelSize: 18)
    let misses = cache.misses, entries = cache.count
    // Layout renders each distinct glyph once ("l" three times and " " are one entry each).
    #expect(entries == Set(layout.lines[0].glyphs.map(\.index)).count)
    #expect(misses == entries)

    let hitsBefore = cache.hits
    _ = TextLayout("Hello, cache!", face: face, pixelSize: 18)
    #expect(cache.misses == misses)
    #expect(cache.count == entries)
    #expect(cache.hits > hitsBefore)

    // The layout holds its glyphs: frames that redraw it do not touch the cache.
    let hitsBeforeDrawing = cache.hits
    let canvas = Canvas(surface: Surface(width: 160, height: 30))
    canvas.draw(layout, at: Point(0, 0), color: .black)
    canvas.draw(layout, at: Point(0, 0), color: .black)
    #expect(cache.hits == hitsBeforeDrawing && cache.misses == misses)

    // Another size is another key.
    _ = TextLayout("Hello", face: face, pixelSize: 19)
    #expect(cache.misses > misses)
}

@Test func glyphCacheStaysWithinItsBudget() throws {
    let library = try FontLibrary(glyphCacheBytes: 20_000)
    let face = try library.openFace(atPath: TestFonts.regularPath)
    for size in stride(from: 10.0, through: 40, by: 2) {
        _ = TextLayout("The quick brown fox jumps over the lazy dog", face: face, pixelSize: size)
        #expect(library.glyphCache.bytes <= 20_000)
    }
    #expect(library.glyphCache.count > 0)
}

/// Emptied, the cache renders each glyph again as it was; a face closed takes its glyphs out of the count and bytes.
@Test func glyphCacheEmptiedRendersAgainAndForgetsClosedFaces() throws {
    let library = try FontLibrary()
    let cache = library.glyphCache
    let face = try library.openFace(atPath: TestFonts.regularPath)
    let index = face.glyphIndex(for: "g")
    let first = face.glyph(index, pixelSize: 20)
    cache.removeAll()
    #expect(cache.count == 0 && cache.bytes == 0)
    let misses = cache.misses
    let again = face.glyph(index, pixelSize: 20)
    #expect(cache.misses == misses + 1 && cache.count == 1)
    #expect(again.mask.coverage == first.mask.coverage && again.mask.width == first.mask.width && again.left == first.left && again.top == first.top && again.advance == first.advance)
    _ = face.glyph(index, pixelSize: 20)
    #expect(cache.misses == misses + 1)

    var other: FontFace? = try library.openFace(atPath: TestFonts.boldPath)
    _ = TextLayout("Bold words", face: other!, pixelSize: 20)
    #expect(cache.count > 1)
    other = nil
    #expect(cache.count == 1 && cache.bytes == first.mask.coverage.count + 64)
}
