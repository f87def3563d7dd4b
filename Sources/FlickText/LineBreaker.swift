/// One Unicode scalar mapped to its glyph, with what it costs on a line.
struct ShapedScalar {
    var scalar: Unicode.Scalar
    var glyph: GlyphIndex
    var advance: Double
    /// Kerning against the scalar before it in the paragraph; dropped when this scalar starts a line.
    var kern: Double
    /// A space a line may break after; it hangs past the line's end instead of wrapping.
    var isSpace: Bool
    /// A hyphen a line may break after; it stays on the first line.
    var breaksAfter: Bool

    static func isBreakingSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false  // U+00A0, U+2007 and U+202F are spaces that must not break
        }
    }

    static func isBreakingHyphen(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "\u{2010}" }
}

/// Greedy line breaking of one paragraph: break at the last space or hyphen that fits, and inside a
/// word only when the word alone is wider than the line.
enum LineBreaker {
    /// The lines of `units`, as ranges without their trailing spaces; always at least one.
    static func lines(_ units: [ShapedScalar], maxWidth: Double?) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        repeat {
            let next = maxWidth.map { nextLineStart(units, from: start, maxWidth: $0) } ?? units.count
            lines.append(start..<trimmingTrailingSpaces(units, start..<next))
            start = next
        } while start < units.count
        return lines
    }

    /// Where the line that starts at `start` ends and the next begins (after any spaces it broke at).
    static func nextLineStart(_ units: [ShapedScalar], from start: Int, maxWidth: Double) -> Int {
        var x = 0.0
        var lastBreak: Int?
        // Until a line holds a visible glyph it takes one regardless of width, so every line makes progress.
        var hasContent = false
        var i = start
        while i < units.count {
            let unit = units[i]
            let width = (i > start ? unit.kern : 0) + unit.advance
            if unit.isSpace {
                x += width
                i += 1
                if hasContent { lastBreak = i }
                continue
            }
            if hasContent && x + width > maxWidth { return lastBreak ?? i }
            x += width
            i += 1
            hasContent = true
            // Only a hyphen inside a word breaks: "-5" and "a -b" keep the sign with its number.
            if unit.breaksAfter && i - 2 >= start && !units[i - 2].isSpace { lastBreak = i }
        }
        return units.count
    }

    static func trimmingTrailingSpaces(_ units: [ShapedScalar], _ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && units[end - 1].isSpace { end -= 1 }
        return end
    }

    /// Advance width of `units[range]` set as one line: kerning inside the range, none before it.
    static func width(_ units: [ShapedScalar], _ range: Range<Int>) -> Double {
        var x = 0.0
        for i in range { x += (i > range.lowerBound ? units[i].kern : 0) + units[i].advance }
        return x
    }
}
