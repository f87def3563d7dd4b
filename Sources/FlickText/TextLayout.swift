import FlickRaster

/// Where a layout's lines sit across its ``TextLayout/alignmentWidth``.
public enum TextAlignment: Hashable, Sendable {
    /// Where a paragraph's lines start and end: left and right for left-to-right text, right and left for
    /// right-to-left text (Arabic, Hebrew).
    case start, end
    /// Against the left edge, whatever the direction.
    case left
    /// Centred.
    case center
    /// Against the right edge, whatever the direction.
    case right
}

/// Text set in one face at one pixel size: lines of positioned glyphs and the size they take.
/// Built once, measured without drawing, drawn any number of times.
public struct TextLayout {
    /// How text is set: wrap width, line limit, alignment, hyphen breaks and base direction.
    public struct Options: Hashable, Sendable {
        /// Wrap width in pixels; nil (or infinite) sets each paragraph on one line.
        public var maxWidth: Double?
        /// Lines kept; the last kept line ends in an ellipsis when text was cut. nil or ≤ 0: no limit.
        public var maxLines: Int?
        /// Where lines sit across the alignment width.
        public var alignment: TextAlignment
        /// Whether a line may end after a hyphen (`-` or U+2010) where UAX #14 allows it.
        public var breaksAfterHyphens: Bool
        /// Each paragraph's base direction; nil: from its first strong character (left to right without one).
        public var direction: TextDirection?

        /// Options as given; by default each paragraph on one line, no line limit, aligned to the start, lines
        /// breaking after hyphens, and each paragraph's direction from its text.
        public init(maxWidth: Double? = nil, maxLines: Int? = nil, alignment: TextAlignment = .start,
                    breaksAfterHyphens: Bool = true, direction: TextDirection? = nil) {
            self.maxWidth = maxWidth; self.maxLines = maxLines
            self.alignment = alignment; self.breaksAfterHyphens = breaksAfterHyphens; self.direction = direction
        }
    }

    /// One glyph of a line and where it is drawn.
    public struct PositionedGlyph: Hashable, Sendable {
        /// The glyph in its face, `faces[face]` of the layout.
        public var index: GlyphIndex
        /// Pen position from the layout box's top-left: `x` along the line, `y` the line's baseline (with the
        /// glyph's own offset: a mark sits on its base).
        public var x: Double
        /// The pen's y from the layout box's top: the line's baseline, moved by the glyph's own offset.
        public var y: Double
        /// Which of the layout's `faces` the glyph is from: 0 the primary face, others fallbacks.
        public var face: Int
        /// Offset, in Unicode scalars of the line's `text`, of the first scalar of the cluster the glyph belongs to.
        public var cluster: Int
        /// Pixels the pen moves after this glyph. A line's pens abut, so they give each cluster's extent (`x` carries
        /// a mark's offset from its base and cannot).
        public var advance: Double
        /// The direction of the bidi run the glyph is in.
        public var direction: TextDirection

        /// A glyph placed as given; a layout places its own.
        public init(index: GlyphIndex, x: Double, y: Double, face: Int = 0, cluster: Int = 0, advance: Double = 0,
                    direction: TextDirection = .leftToRight) {
            self.index = index; self.x = x; self.y = y; self.face = face
            self.cluster = cluster; self.advance = advance; self.direction = direction
        }
    }

    /// One line as set: its text, its glyphs in the order they are seen, and where it sits in the layout box.
    public struct Line: Hashable, Sendable {
        /// The characters on the line in logical order, without the spaces it broke at, with "…" when truncated.
        public var text: String
        /// In the order they are seen, left to right.
        public var glyphs: [PositionedGlyph]
        /// Left edge of the line's advance box after alignment.
        public var x: Double
        /// The baseline's y from the layout box's top, in pixels.
        public var baseline: Double
        /// The line's advance width in pixels, without the spaces it broke at.
        public var width: Double
        /// The paragraph's base direction.
        public var direction: TextDirection
    }

    /// The primary face; `faces` adds the fallbacks the text needed, in the order first used.
    public let face: FontFace
    /// Every face the layout draws from: ``TextLayout/face`` first, then each fallback in the order first used.
    /// A ``TextLayout/PositionedGlyph``'s `face` indexes it.
    public let faces: [FontFace]
    /// The primary face's metrics at the layout's size: the first baseline is ``FontMetrics/ascent`` down, the
    /// next ones ``FontMetrics/lineHeight`` apart.
    public let metrics: FontMetrics
    /// The options the text was set with.
    public let options: Options
    /// The lines, top to bottom: a paragraph (text between hard line breaks) takes one or more.
    public let lines: [Line]
    /// The widest line's advance width × (lines × line height).
    public let size: Size
    /// The width lines were aligned in: `maxWidth` when set, otherwise the widest line.
    public let alignmentWidth: Double
    /// True when `maxLines` cut text off.
    public let isTruncated: Bool
    /// True when a word wider than `maxWidth` was cut between lines: a line ends where UAX #14 allows no break.
    public let breaksWords: Bool
    let sizeKey: Int32
    /// Every glyph with ink, its mask resolved once here so drawing a layout does no cache lookups.
    let inkedGlyphs: [InkedGlyph]
    let hasColorGlyphs: Bool

    /// The size the text is set at, in pixels per em: the size asked for, rounded to 1/64 px and kept within
    /// 1...2048 as FreeType takes it.
    public var pixelSize: Double { metrics.pixelSize }

    /// Shapes each paragraph with HarfBuzz (runs of one face, script and bidi direction; characters the face lacks
    /// from the library's fallbacks and the system's fonts), breaks lines where UAX #14 allows, and orders each
    /// line's runs for the screen.
    public init(_ text: String, face: FontFace, pixelSize: Double, options: Options = Options()) {
        let sizeKey = FontFace.sizeKey(pixelSize)
        let metrics = face.metrics(sizeKey: sizeKey)
        let maxWidth = options.maxWidth.flatMap { $0.isFinite ? max(0, $0) : nil }
        let maxLines = options.maxLines.flatMap { $0 > 0 ? $0 : nil } ?? Int.max
        let faces = FaceSet(face)
        func shaped(_ scalars: [Unicode.Scalar], direction: TextDirection?) -> ShapedParagraph {
            ShapedParagraph(scalars, faces: faces, sizeKey: sizeKey, direction: direction,
                            breaksAfterHyphens: options.breaksAfterHyphens)
        }

        var drafts: [Draft] = []
        var truncated = false, brokenWord = false
        paragraphs: for scalars in Self.paragraphs(text) {
            let paragraph = shaped(scalars, direction: options.direction)
            for range in paragraph.lines(maxWidth: maxWidth) {
                if drafts.count == maxLines {
                    truncated = true
                    break paragraphs
                }
                if let last = drafts.last, last.paragraph === paragraph, !paragraph.breaks(before: range.lowerBound) {
                    brokenWord = true
                }
                drafts.append(Draft(paragraph: paragraph, range: range))
            }
        }

        var lines: [Line] = []
        lines.reserveCapacity(drafts.count)
        for (n, draft) in drafts.enumerated() {
            let baseline = metrics.ascent + Double(n) * metrics.lineHeight
            if truncated && n == drafts.count - 1 {
                lines.append(Self.ellipsized(draft.paragraph, from: draft.range.lowerBound, maxWidth: maxWidth,
                                             baseline: baseline, face: face, shaped: shaped))
            } else {
                lines.append(draft.paragraph.line(draft.range, baseline: baseline))
            }
        }

        let widest = lines.reduce(0) { max($0, $1.width) }
        let boxWidth = maxWidth ?? widest
        for i in lines.indices {
            let rtl = lines[i].direction == .rightToLeft
            let offset: Double = switch options.alignment {
            case .left: 0
            case .center: (boxWidth - lines[i].width) / 2
            case .right: boxWidth - lines[i].width
            case .start: rtl ? boxWidth - lines[i].width : 0
            case .end: rtl ? 0 : boxWidth - lines[i].width
            }
            guard offset != 0 else { continue }
            lines[i].x = offset
            for g in lines[i].glyphs.indices { lines[i].glyphs[g].x += offset }
        }

        self.face = face
        self.faces = faces.faces
        self.metrics = metrics
        self.options = options
        self.lines = lines
        self.size = Size(width: widest, height: Double(lines.count) * metrics.lineHeight)
        self.alignmentWidth = boxWidth
        self.isTruncated = truncated
        self.breaksWords = brokenWord
        self.sizeKey = sizeKey
        var inked: [InkedGlyph] = []
        inked.reserveCapacity(lines.reduce(0) { $0 + $1.glyphs.count })
        let usedFaces = faces.faces, strikes = usedFaces.map { $0.glyphStrike(sizeKey) }
        for line in lines {
            for positioned in line.glyphs {
                let glyph = usedFaces[positioned.face].glyph(positioned.index, sizeKey: sizeKey, in: strikes[positioned.face])
                if glyph.hasInk { inked.append(InkedGlyph(glyph: glyph, x: positioned.x, y: positioned.y)) }
            }
        }
        inkedGlyphs = inked
        hasColorGlyphs = inked.contains { $0.glyph.color != nil }
    }

    /// A line found, not yet set: which paragraph, which of its characters.
    private struct Draft {
        var paragraph: ShapedParagraph
        var range: Range<Int>
    }

    /// The paragraphs of `text`, split at hard line breaks; other control characters have no glyph worth drawing.
    static func paragraphs(_ text: String) -> [[Unicode.Scalar]] {
        var paragraphs: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        // Most texts are one paragraph: room for all of it at once (UTF-8 bytes bound the scalars).
        current.reserveCapacity(text.utf8.count)
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
                current.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            default:
                current.append(scalar)
            }
        }
        paragraphs.append(current)
        return paragraphs
    }

    /// The last line kept when text was cut: the longest start of `paragraph[start...]` that fits `maxWidth` with
    /// "…" ("..." when the face lacks U+2026) at its logical end, cut between clusters (between words in Arabic);
    /// when not even the ellipsis fits, the ellipsis alone: cut text must say so.
    private static func ellipsized(_ paragraph: ShapedParagraph, from start: Int, maxWidth: Double?, baseline: Double,
                                   face: FontFace, shaped: ([Unicode.Scalar], TextDirection?) -> ShapedParagraph) -> Line {
        let ellipsis: [Unicode.Scalar] = face.glyphIndex(for: "\u{2026}") != 0 ? ["\u{2026}"] : [".", ".", "."]
        let ellipsisWidth = shaped(ellipsis, paragraph.bidi.baseDirection).width(0..<ellipsis.count)
        // Measured without shaping first; shaping the kept text with the ellipsis only confirms (kerning may differ).
        let cuts = paragraph.cutPoints(from: start, fitting: (maxWidth ?? .infinity) - ellipsisWidth) + [start]
        var line: Line?
        for cut in cuts {
            let kept = paragraph.trimmingTrailingSpaces(start..<cut)
            let candidate = shaped(Array(paragraph.original[kept]) + ellipsis, paragraph.bidi.baseDirection)
            line = candidate.line(0..<candidate.count, baseline: baseline)
            if line!.width <= maxWidth ?? .infinity { break }
        }
        return line!
    }
}

struct InkedGlyph {
    let glyph: Glyph
    /// Pen position on the baseline, from the layout box's top-left.
    let x: Double, y: Double
}
