import Testing
@testable import FlickText

/// A paragraph that fits its width is set on one line without the greedy breaker (and without asking ICU where
/// lines may break): the same lines the greedy breaker finds, at every width.
@Suite struct ShapedParagraphLinesTests {
    private static let texts = [
        "Hello", "Trailing spaces   ", "   leading", "", " ", "well-known hyphen-ated words-", "AVATAR Today, Wavy Tokyo",
        "one\ttab", "שלום עולם hello", "مرحبا بالعالم", "こんにちは、世界。「東京」", "ffi ﬁ naïve café", "e\u{301}\u{301}\u{301}x",
    ]

    @Test(arguments: texts)
    func fittingParagraphsTakeTheGreedyLines(text: String) throws {
        let face = try TestFonts.regular()
        let paragraph = ShapedParagraph(Array(text.unicodeScalars), faces: FaceSet(face), sizeKey: 24 * 64, direction: nil,
                                        breaksAfterHyphens: true)
        let whole = paragraph.width(0..<paragraph.count)
        var widths: [Double] = [0, 1, 7.5, whole - 1, whole, whole + 0.5, 2 * whole, 10_000]
        widths += stride(from: 0.0, through: whole + 20, by: 3)
        for width in widths {
            #expect(paragraph.lines(maxWidth: width) == paragraph.greedyLines(maxWidth: width), "\(text) at \(width)")
        }
        #expect(paragraph.lines(maxWidth: whole) == [paragraph.trimmingTrailingSpaces(0..<paragraph.count)])
    }
}
