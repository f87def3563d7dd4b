import FlickText
import Testing

/// Where the caret goes in a line: between graphemes, at the leading edge of the cluster after it, right-to-left
/// and mixed text included. Expected places come from the glyphs' own positions.
@Suite struct CaretTests {
    private func line(_ text: String, options: TextLayout.Options = .init()) throws -> TextLayout.Line {
        try #require(TextLayout(text, face: try TestFonts.regular(), pixelSize: 24, options: options).lines.first)
    }

    /// The left edge of each glyph, left to right, then the line's right edge.
    private func edges(_ line: TextLayout.Line) -> [Double] { line.glyphs.map(\.x) + [line.x + line.width] }

    @Test func leftToRightCaretsSitAtEachLettersLeftEdgeAndTheEndAtTheRight() throws {
        let line = try line("Flick caret", options: .init(maxWidth: 400, alignment: .center))
        #expect(line.x > 0)
        #expect(line.glyphs.count == 11)
        #expect(line.caretStops.map(\.offset) == Array(0...11))
        #expect(line.caretStops.map(\.x) == edges(line))
        #expect(line.caretX(at: 0) == line.x && line.caretX(at: 11) == line.x + line.width)
        #expect(line.caretX(at: 99) == line.x + line.width, "past the end: the end")
    }

    @Test func rightToLeftCaretsSitAtEachLettersRightEdgeAndTheEndAtTheLeft() throws {
        let line = try line("שלום עולם")
        #expect(line.direction == .rightToLeft)
        #expect(line.glyphs.count == 9)
        // Seen left to right: the end first, the start last.
        #expect(line.caretStops.map(\.offset) == Array((0...9).reversed()))
        #expect(line.caretStops.map(\.x) == edges(line))
        #expect(line.caretX(at: 0) == line.x + line.width)
        #expect(line.caretX(at: 9) == line.x)
        // The caret before ל (offset 1) is right of it: between ש and ל.
        let lamed = try #require(line.glyphs.firstIndex { $0.cluster == 1 })
        #expect(line.caretX(at: 1) == edges(line)[lamed + 1])
    }

    /// Hebrew with English and a number inside, read right to left: "Flick" and "42" keep their letters left to
    /// right. Where runs meet, two offsets share an x: after "Flick" (before the space, which reads right to left)
    /// and before "F" are both at F's left edge.
    @Test func mixedLineCaretsFollowEachRunsDirection() throws {
        let text = "שלום Flick עולם 42 שנה"
        let line = try line(text)
        let face = try TestFonts.regular()
        // One glyph per character, seen left to right.
        let seen = "הנש 42 םלוע Flick םולש"
        #expect(line.glyphs.map(\.index) == seen.unicodeScalars.map { face.glyphIndex(for: $0) })
        let edge = edges(line)
        // Offsets in text order: ש0 ל1 ו2 ם3 _4 F5 l6 i7 c8 k9 _10 ע11 ו12 ל13 ם14 _15 4(16) 2(17) _18 ש19 נ20 ה21.
        let expected: [(offset: Int, edge: Int)] = [
            (22, 0), (21, 1), (20, 2), (19, 3), (18, 4), (16, 4), (17, 5), (15, 7), (14, 8), (13, 9), (12, 10),
            (11, 11), (10, 12), (5, 12), (6, 13), (7, 14), (8, 15), (9, 16), (4, 18), (3, 19), (2, 20), (1, 21), (0, 22),
        ]
        #expect(line.caretStops.map(\.offset) == expected.map(\.offset))
        #expect(line.caretStops.map(\.x) == expected.map { edge[$0.edge] })
        #expect(Set(line.caretStops.map(\.offset)) == Set(0...22))
    }

    @Test func theCaretNeverSplitsAGrapheme() throws {
        // ש with two points, ו with one; a family emoji of five scalars; e with a combining acute.
        let pointed = try line("שָׁלוֹם")
        #expect(Set(pointed.caretStops.map(\.offset)) == [0, 3, 4, 6, 7])
        #expect(pointed.caretStops.map(\.offset) == [7, 6, 4, 3, 0])
        #expect(pointed.caretX(at: 1) == pointed.caretX(at: 0), "inside a grapheme: the boundary before it")
        let emoji = try line("a👩‍👩‍👧be\u{301}")
        #expect(emoji.caretStops.map(\.offset) == [0, 1, 6, 7, 9])
        let xs = emoji.caretStops.map(\.x)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// DejaVu joins "fi" in one glyph: the caret between f and i is halfway across it.
    @Test func aLigatureSharesItsWidthBetweenItsLetters() throws {
        let line = try line("fit")
        #expect(line.glyphs.count == 2)
        #expect(line.caretStops.map(\.offset) == [0, 1, 2, 3])
        let ligature = line.glyphs[0]
        #expect(line.caretX(at: 1) == ligature.x + (line.glyphs[1].x - ligature.x) / 2)
    }

    @Test func anEmptyLineHasOneCaretAtItsStart() throws {
        let line = try line("", options: .init(maxWidth: 200, alignment: .right))
        #expect(line.caretStops == [.init(offset: 0, x: 200)])
        #expect(line.caretOffset(nearestX: 0) == 0)
        #expect(line.caretOffset(leftOf: 0) == nil && line.caretOffset(rightOf: 0) == nil)
    }

    @Test func aTapPutsTheCaretAtTheNearestBoundary() throws {
        let latin = try line("Flick caret")
        let edge = edges(latin)
        let iLeft = edge[2], iWidth = edge[3] - edge[2]
        #expect(latin.caretOffset(nearestX: iLeft + iWidth * 0.4) == 2)
        #expect(latin.caretOffset(nearestX: iLeft + iWidth * 0.6) == 3)
        #expect(latin.caretOffset(nearestX: -50) == 0)
        #expect(latin.caretOffset(nearestX: 5000) == 11)

        let hebrew = try line("שלום עולם")
        #expect(hebrew.caretOffset(nearestX: 5000) == 0, "right of Hebrew: its start")
        #expect(hebrew.caretOffset(nearestX: -50) == 9)

        // At F's left edge two offsets meet: a tap on the space left of it is after "Flick", one on F before it.
        let mixed = try line("שלום Flick עולם 42 שנה")
        let fLeft = edges(mixed)[12]
        #expect(mixed.caretOffset(nearestX: fLeft - 1) == 10)
        #expect(mixed.caretOffset(nearestX: fLeft + 1) == 5)
    }

    /// Right from the left end visits every boundary once, in the order seen; Left comes back the same way.
    @Test func leftAndRightMoveToTheNextCaretSeen() throws {
        let mixed = try line("שלום Flick עולם 42 שנה")
        var visited = [22]
        while let next = mixed.caretOffset(rightOf: visited.last!) { visited.append(next) }
        #expect(visited == mixed.caretStops.map(\.offset))
        #expect(visited.sorted() == Array(0...22))
        var back = [0]
        while let next = mixed.caretOffset(leftOf: back.last!) { back.append(next) }
        #expect(back == visited.reversed())

        let hebrew = try line("שלום")
        #expect(hebrew.caretOffset(leftOf: 0) == 1, "Left reads on in right-to-left text")
        #expect(hebrew.caretOffset(rightOf: 1) == 0)
        #expect(hebrew.caretOffset(rightOf: 0) == nil)
        let latin = try line("abc")
        #expect(latin.caretOffset(leftOf: 3) == 2)
        #expect(latin.caretOffset(leftOf: 0) == nil)
    }
}
