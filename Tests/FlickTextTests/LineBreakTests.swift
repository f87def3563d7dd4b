import Testing
@testable import FlickText

@Suite struct LineBreakTests {
    /// The indexes after which a line may end.
    private func allowed(_ text: String, language: String? = nil) -> [Int] {
        LineBreak.opportunities(Array(text.unicodeScalars), language: language).enumerated()
            .filter { $0.element == .allowed }.map(\.offset)
    }

    @Test func latinBreaksAfterSpacesAndHyphensNotInsideWordsOrNumbers() {
        #expect(allowed("a well-known 3.14 x") == [1, 6, 12, 17])
    }

    /// Chinese and Japanese have no spaces: a line may end between most characters, but never before closing
    /// punctuation (、。」) or a small kana.
    @Test func cjkBreaksBetweenCharactersButNotBeforeClosingPunctuation() {
        let text = "こんにちは、世界。「東京」"
        let breaks = allowed(text)
        #expect(breaks.contains(0) && breaks.contains(1))
        #expect(!breaks.contains(4), "no break before 、")
        #expect(!breaks.contains(7), "no break before 。")
        #expect(!breaks.contains(9), "no break after 「")
        #expect(!breaks.contains(11), "no break before 」")
    }

    @Test func theLastScalarIsAMandatoryBreakAndHardBreaksAreMandatory() {
        let breaks = LineBreak.opportunities(Array("ab\ncd".unicodeScalars))
        #expect(breaks[2] == .mandatory && breaks[4] == .mandatory)
        #expect(breaks[0] == .prohibited)
        #expect(LineBreak.opportunities([Unicode.Scalar]()).isEmpty)
    }

    /// Thai has no spaces between words: ICU's dictionary finds them (สวัสดี|ครับ), and a line never breaks before a
    /// combining mark.
    @Test func thaiBreaksBetweenWordsNeverBeforeACombiningMark() {
        let scalars = Array("น้ำ สวัสดีครับ".unicodeScalars)
        let breaks = LineBreak.opportunities(scalars)
        for (i, s) in scalars.enumerated() where i > 0 && s.properties.generalCategory == .nonspacingMark {
            #expect(breaks[i - 1] == .prohibited, "a break before the mark at \(i)")
        }
        let wordEnd = Array("น้ำ สวัสดี".unicodeScalars).count - 1
        #expect(breaks[wordEnd] == .allowed, "between สวัสดี and ครับ")
    }

    /// Flags (regional indicator pairs), ZWJ families and skin tones hold together; a line may break between two
    /// emoji. (Debian's old libunibreak aborted the process on a flag.)
    @Test func emojiSequencesHoldTogether() {
        let flags = Array("\u{1F1EF}\u{1F1F5}\u{1F1EB}\u{1F1F7}".unicodeScalars)
        #expect(LineBreak.opportunities(flags) == [.prohibited, .allowed, .prohibited, .mandatory])
        let family = Array("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F44D}\u{1F3FD}".unicodeScalars)
        #expect(LineBreak.opportunities(family) == [.prohibited, .prohibited, .prohibited, .prohibited, .allowed, .prohibited, .mandatory])
    }

    /// The iterator a thread keeps for its next text starts each text afresh: a Thai text's dictionary words, a text
    /// cut short and a text with hard breaks, in turn, break as they do first.
    @Test func eachTextBreaksAsItDoesFirstAfterOthers() {
        let texts = ["น้ำ สวัสดีครับ", "a well-known 3.14 x", "ab\ncd", "こんにちは、世界。", "x", "a well-known"]
        let first = texts.map { LineBreak.opportunities(Array($0.unicodeScalars)) }
        for _ in 0..<3 {
            for (text, expected) in zip(texts, first).reversed() {
                #expect(LineBreak.opportunities(Array(text.unicodeScalars)) == expected, "\(text)")
            }
        }
    }
}
