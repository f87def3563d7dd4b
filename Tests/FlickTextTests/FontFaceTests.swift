import CFreeType
import FlickTestFixtures
import Foundation
import Testing
@testable import FlickText

/// Sums FreeType's own advances and kerning for `text`, with the load flags FlickText documents.
private func freeTypeWidth(_ text: String, pixelSize: Int, path: String, kerning: Bool = true) throws -> Double {
    var library: FT_Library?
    try #require(FT_Init_FreeType(&library) == 0)
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    try #require(FT_New_Face(library, path, 0, &face) == 0)
    defer { FT_Done_Face(face) }
    try #require(FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize * 64), 72, 72) == 0)
    let targetLight = Int32(FT_RENDER_MODE_LIGHT.rawValue) << 16
    let noBitmap: Int32 = 1 << 3
    var total = 0
    var previous: FT_UInt = 0
    for scalar in text.unicodeScalars {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        try #require(FT_Load_Glyph(face, index, targetLight | noBitmap) == 0)
        if kerning && previous != 0 {
            var delta = FT_Vector()
            try #require(FT_Get_Kerning(face, previous, index, FT_KERNING_DEFAULT.rawValue, &delta) == 0)
            total += delta.x
        }
        total += face!.pointee.glyph.pointee.advance.x
        previous = index
    }
    return Double(total) / 64
}

/// Unkerned text is FreeType's hinted advances exactly; kerned text takes HarfBuzz's GPOS kerning grid-fitted, within
/// a pixel a pair of FreeType's legacy `kern` table (the two tables round a pair differently now and then).
@Test func widthsAreFreeTypeHintedAdvancesPlusGridFittedKerning() throws {
    let face = try TestFonts.regular()
    let hello = try freeTypeWidth("Hello", pixelSize: 24, path: TestFonts.regularPath)
    #expect(TextLayout("Hello", face: face, pixelSize: 24).size.width == hello)
    for (text, pairs) in [("AVATAR Today", 6), ("Wavy Tokyo", 4)] {
        let width = TextLayout(text, face: face, pixelSize: 24).size.width
        let legacy = try freeTypeWidth(text, pixelSize: 24, path: TestFonts.regularPath)
        #expect(abs(width - legacy) <= Double(pairs), "\(text): \(width) against \(legacy)")
        let unkerned = try freeTypeWidth(text, pixelSize: 24, path: TestFonts.regularPath, kerning: false)
        #expect(width < unkerned)
    }
}

@Test func dejaVuHasALegacyKernTableThatChangesWidths() throws {
    let face = try TestFonts.regular()
    #expect(face.hasKerning)
    let a = face.glyphIndex(for: "A"), v = face.glyphIndex(for: "V")
    #expect(face.kerning(between: a, and: v, pixelSize: 24) < 0)
    let unkerned = try freeTypeWidth("AVATAR Today", pixelSize: 24, path: TestFonts.regularPath, kerning: false)
    #expect(TextLayout("AVATAR Today", face: face, pixelSize: 24).size.width < unkerned)
}

@Test func glyphAdvancesAreTheHintedFreeTypeAdvances() throws {
    let face = try TestFonts.regular()
    let m = face.glyph(face.glyphIndex(for: "m"), pixelSize: 24)
    let advance = try freeTypeWidth("m", pixelSize: 24, path: TestFonts.regularPath)
    #expect(m.advance == advance)
    #expect(m.mask.width > 0 && m.mask.height > 0)
    #expect(m.top > 0 && m.top <= 24)
}

@Test func verticalMetricsComeFromTheSizeMetrics() throws {
    let face = try TestFonts.regular()
    let m = face.metrics(pixelSize: 24)
    // DejaVu Sans: ascender 1901, descender -483, unitsPerEm 2048; FreeType rounds outward to whole pixels.
    #expect(face.unitsPerEm == 2048)
    #expect(m.ascent == (24.0 * 1901 / 2048).rounded(.up))
    #expect(m.descent == (24.0 * 483 / 2048).rounded(.up))
    #expect(abs(m.lineHeight - (m.ascent + m.descent)) <= 1)
    #expect(m.pixelSize == 24)
    let bigger = face.metrics(pixelSize: 48)
    #expect(bigger.lineHeight > m.lineHeight * 1.9 && bigger.lineHeight < m.lineHeight * 2.1)
}

@Test func layoutHeightIsLineHeightPerLine() throws {
    let face = try TestFonts.regular()
    let m = face.metrics(pixelSize: 20)
    let layout = TextLayout("one\ntwo\nthree", face: face, pixelSize: 20)
    #expect(layout.size.height == 3 * m.lineHeight)
    #expect(layout.lines.map(\.baseline) == [m.ascent, m.ascent + m.lineHeight, m.ascent + 2 * m.lineHeight])
}

@Test func boldFaceLoadsAndIsWider() throws {
    let regular = try TestFonts.regular(), bold = try TestFonts.bold()
    #expect(regular.familyName == "DejaVu Sans")
    #expect(bold.styleName == "Bold")
    #expect(TextLayout("Hello", face: bold, pixelSize: 24).size.width
            > TextLayout("Hello", face: regular, pixelSize: 24).size.width)
}

@Test func garbageFileThrowsNamingTheFile() throws {
    let dir = try TestFonts.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Broken.ttf").path
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: URL(fileURLWithPath: path))
    let error = thrownError(TextError.self) { try FontLibrary().openFace(atPath: path) }
    #expect(error == .freeType(file: path, call: "FT_Open_Face", code: 0x02))
    #expect(error?.description == "\(path): FT_Open_Face failed (error 0x02 unknown file format): not a font file")
}

@Test(arguments: [100, 5_000, 300_000, 700_000, 759_000])
func truncatedDejaVuThrowsNamingTheFile(length: Int) throws {
    let dir = try TestFonts.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("Truncated.ttf").path
    let full = try Data(contentsOf: URL(fileURLWithPath: TestFonts.regularPath))
    try full.prefix(length).write(to: URL(fileURLWithPath: path))
    let error = thrownError(TextError.self) { try FontLibrary().openFace(atPath: path) }
    let description = try #require(error?.description)
    #expect(description.hasPrefix("\(path): "))
    #expect(!description.contains("\n"))
}

@Test func missingFileThrowsNamingTheFile() throws {
    let path = "/nonexistent/flick/Missing.ttf"
    let error = thrownError(TextError.self) { try FontLibrary().openFace(atPath: path) }
    #expect(error?.description == "\(path): no such file: use a TrueType/OpenType font file")
}

@Test func errorDescriptionMatchesTheDocumentedForm() {
    let error = TextError.freeType(file: "Fonts/Broken.ttf", call: "FT_New_Face", code: 0x02)
    #expect(error.description == "Fonts/Broken.ttf: FT_New_Face failed (error 0x02 unknown file format): not a font file")
    #expect(TextError.freeType(file: "a.ttf", call: "FT_Load_Glyph", code: 0x8E).description
            == "a.ttf: FT_Load_Glyph failed (error 0x8E SFNT font table missing): font file is damaged or truncated: replace it")
}
