import FlickRaster
import Testing
@testable import FlickText

/// Emoji in colour from the system's colour emoji font (Noto Color Emoji, CBDT bitmaps: `scripts/install-deps`
/// installs it), scaled to the text size; monochrome from the text faces when there is no colour font.
@Suite struct ColorEmojiTests {
    static let emojiFont = SystemFonts.colorEmojiFile()

    private func layout(_ text: String, size: Double = 27, systemFonts: Bool = true) throws -> TextLayout {
        let face = try TestFonts.regular()
        face.library.usesSystemFonts = systemFonts
        return TextLayout(text, face: face, pixelSize: size)
    }

    /// Draws `layout` in black on white and returns the canvas's surface.
    private func drawn(_ layout: TextLayout) -> Surface {
        let surface = Surface(width: Int(layout.size.width) + 4, height: Int(layout.size.height) + 4)
        let canvas = Canvas(surface: surface)
        canvas.clear(.white)
        canvas.draw(layout, at: Point(2, 2), color: .black)
        return surface
    }

    private func colourfulPixels(_ surface: Surface) -> Int {
        var count = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface[x, y], r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                if max(r, g, b) - min(r, g, b) > 60 { count += 1 }
            }
        }
        return count
    }

    @Test(.enabled(if: emojiFont != nil)) func aColourEmojiFontOpensAndScalesToTheTextSize() throws {
        let face = try FontLibrary().openFace(atPath: try #require(Self.emojiFont))
        #expect(face.isColor)
        for size in [16.0, 27, 48] {
            let glyph = face.glyph(face.glyphIndex(for: "\u{1F600}"), pixelSize: size)
            let bitmap = try #require(glyph.color, "a colour glyph")
            // Noto's pictures are about 1.2 em wide and 1.17 em tall.
            #expect(abs(Double(bitmap.width) - size * 1.25) <= 2, "width \(bitmap.width) at \(size) px")
            #expect(abs(Double(bitmap.height) - size * 1.17) <= 2, "height \(bitmap.height) at \(size) px")
            #expect(abs(glyph.advance - size * 1.245) <= 1, "advance \(glyph.advance) at \(size) px")
            #expect(glyph.top > 0 && Double(glyph.top) < size * 1.1)
            #expect(bitmap.pixels.allSatisfy { p in [p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF].allSatisfy { $0 <= p >> 24 } },
                    "premultiplied")
        }
        let metrics = face.metrics(pixelSize: 27)
        #expect(metrics.ascent > 20 && metrics.ascent < 35 && metrics.lineHeight < 40, "\(metrics)")
    }

    @Test(.enabled(if: emojiFont != nil)) func emojiInTextAreDrawnInColourFromTheEmojiFont() throws {
        let layout = try layout("ok \u{1F600} fine")
        let glyphs = layout.lines[0].glyphs
        let emoji = try #require(glyphs.first { layout.faces[$0.face].isColor })
        #expect(emoji.index != 0)
        #expect(glyphs.filter { layout.faces[$0.face].isColor }.count == 1, "only the emoji is from the colour face")
        #expect(colourfulPixels(drawn(layout)) > 100, "the face is drawn yellow, not in the text's black")
        #expect(try colourfulPixels(drawn(self.layout("ok fine"))) == 0)
    }

    /// A family (ZWJ sequence), a flag, a keycap and a skin tone are each one picture; ☺ without U+FE0F is text.
    @Test(.enabled(if: emojiFont != nil)) func sequencesAreOnePictureAndTextPresentationStaysText() throws {
        for sequence in ["\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1EF}\u{1F1F5}", "1\u{FE0F}\u{20E3}",
                         "\u{1F44D}\u{1F3FD}", "\u{2764}\u{FE0F}"] {
            let glyphs = try layout(sequence).lines[0].glyphs
            #expect(glyphs.count == 1, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) }): \(glyphs.count) glyphs")
        }
        let smiley = try layout("\u{263A}")
        #expect(!smiley.faces[smiley.lines[0].glyphs[0].face].isColor, "☺ defaults to text presentation")
        let asked = try layout("\u{263A}\u{FE0F}")
        #expect(asked.faces[asked.lines[0].glyphs[0].face].isColor, "☺️ asks for the picture")
        let text = try layout("\u{1F600}\u{FE0E}")
        #expect(text.lines[0].glyphs.allSatisfy { !text.faces[$0.face].isColor }, "U+FE0E asks for text")
    }

    /// Emoji are wider than letters and sit on the baseline: the line is as tall as the text face's.
    @Test(.enabled(if: emojiFont != nil)) func emojiKeepTheLineHeightOfTheText() throws {
        let plain = try layout("abc"), mixed = try layout("a\u{1F600}c")
        #expect(mixed.size.height == plain.size.height)
        #expect(mixed.size.width > plain.size.width)
    }

    /// Without a colour font the text faces draw emoji they have in monochrome; a missing one is .notdef, never a
    /// crash.
    @Test func withoutAColourFontEmojiAreMonochrome() throws {
        let layout = try layout("a\u{263A}\u{FE0F}\u{1F600}b", systemFonts: false)
        #expect(layout.faces.allSatisfy { !$0.isColor })
        #expect(colourfulPixels(drawn(layout)) == 0)
    }

    @Test func resamplingAveragesTheAreaEachPixelCovers() {
        let red: UInt32 = 0xFFFF_0000, clear: UInt32 = 0
        // A 4×4 checkerboard of 2×2 blocks halves to its blocks exactly; quartered, to their average.
        let pixels = (0..<16).map { i in ((i % 4) / 2 + (i / 8)) % 2 == 0 ? red : clear }
        let bitmap = ColorBitmap(width: 4, height: 4, pixels: pixels)
        #expect(bitmap.resampled(width: 2, height: 2).pixels == [red, clear, clear, red])
        let one = bitmap.resampled(width: 1, height: 1).pixels[0]
        #expect(one >> 24 == 128 && (one >> 16) & 0xFF == 128 && one & 0xFFFF == 0, "\(String(one, radix: 16))")
        // Growing interpolates between neighbours and keeps the ends.
        let grown = ColorBitmap(width: 2, height: 1, pixels: [red, clear]).resampled(width: 4, height: 1).pixels
        #expect(grown.first == red && grown.last == clear && grown[1] >> 24 > grown[2] >> 24)
        #expect(bitmap.resampled(width: 3, height: 5).pixels.allSatisfy { p in (p >> 16) & 0xFF <= p >> 24 })
    }
}
