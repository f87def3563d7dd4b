import FlickRaster

public enum TextAlignment: Hashable, Sendable {
    case left, center, right
}

/// Text set in one face at one pixel size: lines of positioned glyphs and the size they take.
/// Built once, measured without drawing, drawn any number of times.
public struct TextLayout {
    public struct Options: Hashable, Sendable {
        /// Wrap width in pixels; nil (or infinite) sets each paragraph on one line.
        public var maxWidth: Double?
        /// Lines kept; the last kept line ends in an ellipsis when text was cut. nil or ≤ 0: no limit.
        public var maxLines: Int?
        public var alignment: TextAlignment
        public var breaksAfterHyphens: Bool

        public init(maxWidth: Double? = nil, maxLines: Int? = nil, alignment: TextAlignment = .left,
                    breaksAfterHyphens: Bool = true) {
            self.maxWidth = maxWidth; self.maxLines = maxLines
            self.alignment = alignment; self.breaksAfterHyphens = breaksAfterHyphens
        }
    }

    public struct PositionedGlyph: Hashable, Sendable {
        public var index: GlyphIndex
        /// Pen position from the layout box's top-left: `x` along the line, `y` the line's baseline.
        public var x: Double
        public var y: Double

        public init(index: GlyphIndex, x: Double, y: Double) { self.index = index; self.x = x; self.y = y }
    }

    public struct Line: Hashable, Sendable {
        /// The characters on the line, without the spaces it broke at, with "…" when truncated.
        public var text: String
        public var glyphs: [PositionedGlyph]
        /// Left edge of the line's advance box after alignment.
        public var x: Double
        public var baseline: Double
        public var width: Double
    }

    public let face: FontFace
    public let metrics: FontMetrics
    public let options: Options
    public let lines: [Line]
    /// The widest line's advance width × (lines × line height).
    public let size: Size
    /// The width lines were aligned in: `maxWidth` when set, otherwise the widest line.
    public let alignmentWidth: Double
    /// True when `maxLines` cut text off.
    public let isTruncated: Bool
    let sizeKey: Int32
    /// Every glyph with ink, its mask resolved once here so drawing a layout does no cache lookups.
    let inkedGlyphs: [InkedGlyph]

    public var pixelSize: Double { metrics.pixelSize }

    public init(_ text: String, face: FontFace, pixelSize: Double, options: Options = Options()) {
        let sizeKey = FontFace.sizeKey(pixelSize)
        let metrics = face.metrics(sizeKey: sizeKey)
        let maxWidth = options.maxWidth.flatMap { $0.isFinite ? max(0, $0) : nil }
        let maxLines = options.maxLines.flatMap { $0 > 0 ? $0 : nil } ?? Int.max
        let shaper = Shaper(face: face, sizeKey: sizeKey, breaksAfterHyphens: options.breaksAfterHyphens)

        var drafts: [(paragraph: [ShapedScalar], range: Range<Int>)] = []
        var truncated = false
        paragraphs: for paragraph in shaper.paragraphs(text) {
            for range in LineBreaker.lines(paragraph, maxWidth: maxWidth) {
                if drafts.count == maxLines {
                    truncated = true
                    break paragraphs
                }
                drafts.append((paragraph, range))
            }
        }

        var lines: [Line] = []
        lines.reserveCapacity(drafts.count)
        for (n, draft) in drafts.enumerated() {
            let baseline = metrics.ascent + Double(n) * metrics.lineHeight
            var units = Array(draft.paragraph[draft.range])
            if truncated && n == drafts.count - 1 {
                units = shaper.ellipsized(draft.paragraph, from: draft.range.lowerBound, maxWidth: maxWidth)
            }
            lines.append(Self.setLine(units, baseline: baseline))
        }

        let widest = lines.reduce(0) { max($0, $1.width) }
        let boxWidth = maxWidth ?? widest
        for i in lines.indices {
            let offset: Double = switch options.alignment {
            case .left: 0
            case .center: (boxWidth - lines[i].width) / 2
            case .right: boxWidth - lines[i].width
            }
            guard offset != 0 else { continue }
            lines[i].x = offset
            for g in lines[i].glyphs.indices { lines[i].glyphs[g].x += offset }
        }

        self.face = face
        self.metrics = metrics
        self.options = options
        self.lines = lines
        self.size = Size(width: widest, height: Double(lines.count) * metrics.lineHeight)
        self.alignmentWidth = boxWidth
        self.isTruncated = truncated
        self.sizeKey = sizeKey
        var inked: [InkedGlyph] = []
        for line in lines {
            for positioned in line.glyphs {
                let glyph = face.glyph(positioned.index, sizeKey: sizeKey)
                if glyph.mask.width > 0 { inked.append(InkedGlyph(glyph: glyph, x: positioned.x, y: positioned.y)) }
            }
        }
        inkedGlyphs = inked
    }

    private static func setLine(_ units: [ShapedScalar], baseline: Double) -> Line {
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(units.count)
        var text = String.UnicodeScalarView()
        var pen = 0.0
        for (i, unit) in units.enumerated() {
            if i > 0 { pen += unit.kern }
            glyphs.append(PositionedGlyph(index: unit.glyph, x: pen, y: baseline))
            text.append(unit.scalar)
            pen += unit.advance
        }
        return Line(text: String(text), glyphs: glyphs, x: 0, baseline: baseline, width: pen)
    }
}

struct InkedGlyph {
    let glyph: Glyph
    /// Pen position on the baseline, from the layout box's top-left.
    let x: Double, y: Double
}

/// Maps text to glyphs of one face at one size, split into paragraphs at hard line breaks.
private struct Shaper {
    let face: FontFace
    let sizeKey: Int32
    let breaksAfterHyphens: Bool

    func paragraphs(_ text: String) -> [[ShapedScalar]] {
        var paragraphs: [[ShapedScalar]] = []
        var current: [ShapedScalar] = []
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A where afterCR:
                continue
            case 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                paragraphs.append(current)
                current = []
            case 0x09:
                append(scalar, as: " ", to: &current)
            case 0x00...0x1F, 0x7F...0x9F:
                continue  // other controls have no glyph worth drawing
            default:
                append(scalar, as: scalar, to: &current)
            }
        }
        paragraphs.append(current)
        return paragraphs
    }

    private func append(_ scalar: Unicode.Scalar, as shown: Unicode.Scalar, to units: inout [ShapedScalar]) {
        let glyph = face.glyphIndex(for: shown)
        let kern = units.last.map { face.kerning($0.glyph, glyph, sizeKey: sizeKey) } ?? 0
        units.append(ShapedScalar(
            scalar: scalar, glyph: glyph, advance: face.glyph(glyph, sizeKey: sizeKey).advance, kern: kern,
            isSpace: ShapedScalar.isBreakingSpace(scalar),
            breaksAfter: breaksAfterHyphens && ShapedScalar.isBreakingHyphen(scalar)))
    }

    /// The longest start of `paragraph[start...]` that fits `maxWidth` followed by "…" ("..." when the
    /// face lacks U+2026). When not even the ellipsis fits, the ellipsis alone: cut text must say so.
    func ellipsized(_ paragraph: [ShapedScalar], from start: Int, maxWidth: Double?) -> [ShapedScalar] {
        var ellipsis: [ShapedScalar] = []
        if face.glyphIndex(for: "\u{2026}") != 0 {
            append("\u{2026}", as: "\u{2026}", to: &ellipsis)
        } else {
            for _ in 0..<3 { append(".", as: ".", to: &ellipsis) }
        }
        let ellipsisWidth = LineBreaker.width(ellipsis, ellipsis.indices)
        let end = LineBreaker.trimmingTrailingSpaces(paragraph, start..<paragraph.count)

        var keep = start
        var x = 0.0
        for i in start..<end {
            x += (i > start ? paragraph[i].kern : 0) + paragraph[i].advance
            if paragraph[i].isSpace { continue }
            let joint = face.kerning(paragraph[i].glyph, ellipsis[0].glyph, sizeKey: sizeKey)
            guard x + joint + ellipsisWidth <= maxWidth ?? .infinity else { break }
            keep = i + 1
        }
        var units = Array(paragraph[start..<keep])
        ellipsis[0].kern = units.last.map { face.kerning($0.glyph, ellipsis[0].glyph, sizeKey: sizeKey) } ?? 0
        units.append(contentsOf: ellipsis)
        return units
    }
}
