import Testing
@testable import FlickText

@Suite struct BidiParagraphTests {
    private func runs(_ text: String, base: TextDirection? = nil, line: Range<Int>? = nil) -> [(String, TextDirection)] {
        let scalars = Array(text.unicodeScalars)
        let paragraph = BidiParagraph(scalars, base: base)
        return paragraph.visualRuns(line ?? scalars.indices).map {
            (String(String.UnicodeScalarView(scalars[$0.range])), $0.direction)
        }
    }

    @Test func theBaseDirectionComesFromTheFirstStrongCharacter() {
        #expect(BidiParagraph(Array("123 שלום abc".unicodeScalars)).baseDirection == .rightToLeft)
        #expect(BidiParagraph(Array("abc שלום".unicodeScalars)).baseDirection == .leftToRight)
        #expect(BidiParagraph(Array("123 ...".unicodeScalars)).baseDirection == .leftToRight)
        #expect(BidiParagraph([]).baseDirection == .leftToRight)
        #expect(BidiParagraph(Array("abc".unicodeScalars), base: .rightToLeft).baseDirection == .rightToLeft)
    }

    /// Hebrew inside English: the Hebrew run reads right to left in its place; the runs come left to right.
    @Test func rightToLeftInsideLeftToRight() {
        let r = runs("Open שלום עולם now")
        #expect(r.map(\.0) == ["Open ", "שלום עולם", " now"])
        #expect(r.map(\.1) == [.leftToRight, .rightToLeft, .leftToRight])
    }

    /// English and a number inside Arabic: the whole line runs right to left, so the last logical run is first on
    /// screen; the number keeps its digits left to right.
    @Test func leftToRightAndNumbersInsideRightToLeft() {
        let r = runs("مرحبا Flick 2026 أهلا")
        #expect(r.map(\.0) == [" أهلا", "Flick 2026", "مرحبا "])
        #expect(r.map(\.1) == [.rightToLeft, .leftToRight, .rightToLeft])
    }

    /// A line of a paragraph reorders on its own; its trailing space takes the paragraph's direction (rule L1) and
    /// so sits at the line's end — the left, in right-to-left text.
    @Test func aLineIsReorderedOnItsOwn() {
        let r = runs("שלום abc עולם", line: 0..<9)
        #expect(r.map(\.0) == [" ", "abc", "שלום "])
        #expect(r.map(\.1) == [.rightToLeft, .leftToRight, .rightToLeft])
    }

    @Test func brackets() {
        // Paired brackets around Hebrew in English take the embedding's direction (rule N0).
        let r = runs("a (שלום) b")
        #expect(r.map(\.1).first == .leftToRight)
        #expect(r.contains { $0.0.contains("שלום") && $0.1 == .rightToLeft })
    }
}
