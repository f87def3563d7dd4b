import CHarfBuzz

/// The faces a layout draws with: the primary face first, then each fallback as a character needs it.
final class FaceSet {
    private(set) var faces: [FontFace]

    init(_ primary: FontFace) { faces = [primary] }

    var primary: FontFace { faces[0] }

    func index(of face: FontFace) -> Int {
        if let i = faces.firstIndex(where: { $0 === face }) { return i }
        faces.append(face)
        return faces.count - 1
    }
}

/// One paragraph ready to be broken into lines: its characters in runs of one face, script and direction (the
/// bidi levels), each run shaped by HarfBuzz, with the width of every cluster and where lines may break.
/// A class: each of a paragraph's lines holds it, and a struct of a dozen arrays costs a dozen retains a copy.
final class ShapedParagraph {
    struct Run {
        var range: Range<Int>
        var face: Int
        var direction: TextDirection
        var script: hb_script_t
        var glyphs: [ShapedGlyph]
    }

    /// The characters as given (a line's `text`), and as shaped (a tab shown as a space).
    let original: [Unicode.Scalar]
    let shown: [Unicode.Scalar]
    private let codepoints: [UInt32]
    let bidi: BidiParagraph
    private let breaks: LazyLineBreaks
    private let scripts: [hb_script_t]
    let runs: [Run]
    /// The advance of the cluster that starts at each character, 0 inside a cluster, in logical order.
    private let clusterAdvance: [Double]
    private let startsCluster: [Bool]
    private let faces: FaceSet
    private let sizeKey: Int32
    private let breaksAfterHyphens: Bool
    /// Tab stops are this far apart from the line's start (CSS's `tab-size: 8`: eight spaces); nil without tabs.
    private let tabStop: Double?
    static let spacesPerTab = 8.0

    init(_ original: [Unicode.Scalar], faces: FaceSet, sizeKey: Int32, direction: TextDirection?, breaksAfterHyphens: Bool) {
        self.original = original
        self.faces = faces
        self.sizeKey = sizeKey
        self.breaksAfterHyphens = breaksAfterHyphens
        let shown = original.contains("\t") ? original.map { $0 == "\t" ? " " : $0 } : original
        self.shown = shown
        let codepoints = shown.map { $0.value }
        self.codepoints = codepoints
        bidi = BidiParagraph(codepoints, base: direction)
        breaks = LazyLineBreaks(codepoints)
        scripts = ScriptRuns.scripts(codepoints)

        // Each character's face: an emoji cluster's the colour emoji face when there is one with its picture; others
        // the primary when it has the glyph, else the first fallback that does; a mark, joiner or variation
        // selector stays with the character it belongs to.
        let primary = faces.primary
        let unsettled = -1
        var faceOf = [Int](repeating: unsettled, count: shown.count)
        for cluster in EmojiPresentation.clusters(shown) {
            guard let color = primary.library.colorEmojiFace(for: shown[cluster.lowerBound], after: primary) else { continue }
            let index = faces.index(of: color)
            for i in cluster { faceOf[i] = index }
        }
        for (i, scalar) in shown.enumerated() where faceOf[i] == unsettled {
            faceOf[i] = 0
            if i > 0 && faceOf[i - 1] != 0 && Self.belongsToPrevious(codepoints[i]) { faceOf[i] = faceOf[i - 1]; continue }
            guard primary.glyphIndex(for: scalar) == 0, !Self.isBreakingSpace(scalar),
                  let fallback = primary.library.fallback(for: scalar, after: primary) else { continue }
            faceOf[i] = faces.index(of: fallback)
        }

        var runs: [Run] = []
        for i in shown.indices {
            let direction: TextDirection = bidi.levels[i] & 1 == 1 ? .rightToLeft : .leftToRight
            if let last = runs.last, last.face == faceOf[i], bidi.levels[i] == bidi.levels[i - 1], last.script == scripts[i] {
                runs[runs.count - 1].range = last.range.lowerBound..<(i + 1)
            } else {
                runs.append(Run(range: i..<(i + 1), face: faceOf[i], direction: direction, script: scripts[i], glyphs: []))
            }
        }
        var clusterAdvance = [Double](repeating: 0, count: shown.count)
        var startsCluster = [Bool](repeating: false, count: shown.count)
        for r in runs.indices {
            runs[r].glyphs = Self.shape(codepoints, runs[r].range, runs[r].direction, runs[r].script, faces.faces[runs[r].face], sizeKey)
            for glyph in runs[r].glyphs {
                clusterAdvance[glyph.cluster] += glyph.advance
                startsCluster[glyph.cluster] = true
            }
        }
        self.runs = runs
        self.clusterAdvance = clusterAdvance
        self.startsCluster = startsCluster
        // A tab is shaped as a space, so its shaped advance is the space's.
        tabStop = original.firstIndex(of: "\t").map { max(1, clusterAdvance[$0] * Self.spacesPerTab) }
    }

    /// HarfBuzz's glyphs with whole-pixel advances: hinted glyphs and kerning grid-fitted keep letters evenly
    /// spaced and crisp.
    private static func shape(_ codepoints: [UInt32], _ range: Range<Int>, _ direction: TextDirection,
                              _ script: hb_script_t, _ face: FontFace, _ sizeKey: Int32) -> [ShapedGlyph] {
        face.shape(codepoints, range: range, direction: direction, sizeKey: sizeKey, script: script, hinted: true)
    }

    static func belongsToPrevious(_ codepoint: UInt32) -> Bool {
        let category = hb_unicode_general_category(hb_unicode_funcs_get_default(), codepoint)
        return [HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK,
                HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK, HB_UNICODE_GENERAL_CATEGORY_FORMAT].contains(category)
    }

    static func isBreakingSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false  // U+00A0, U+2007 and U+202F are spaces that must not break
        }
    }

    private static func isHyphen(_ s: Unicode.Scalar) -> Bool { s == "-" || s == "\u{2010}" }

    var count: Int { shown.count }

    /// The end of the cluster that starts at `i`.
    private func clusterEnd(_ i: Int) -> Int {
        var end = i + 1
        while end < shown.count && !startsCluster[end] { end += 1 }
        return end
    }

    /// A line may end after character `k`, given the paragraph's `breaks`.
    private func breaksAfter(_ k: Int, _ breaks: [LineBreak]) -> Bool {
        breaks[k] != .prohibited && (breaksAfterHyphens || !Self.isHyphen(shown[k]))
    }

    /// The width of `range` set from `x` on its line: a tab advances to the next tab stop.
    func width(_ range: Range<Int>, from x: Double = 0) -> Double {
        guard tabStop != nil else { return range.reduce(0) { $0 + clusterAdvance[$1] } }
        return range.reduce(x) { $0 + advance(of: $1, at: $0) } - x
    }

    /// What character `i` advances the pen at `x` from its line's start.
    private func advance(of i: Int, at x: Double) -> Double {
        guard let tabStop, original[i] == "\t" else { return clusterAdvance[i] }
        // A stop closer than a sliver is skipped, as a tab always moves the pen on.
        return ((x + 0.5) / tabStop).rounded(.down) * tabStop + tabStop - x
    }

    func trimmingTrailingSpaces(_ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && Self.isBreakingSpace(shown[end - 1]) { end -= 1 }
        return range.lowerBound..<end
    }

    /// Greedy lines no wider than `maxWidth` (nil: one line), breaking where UAX #14 allows and inside a word
    /// (between clusters) only when the word alone is wider than the line; spaces at a break hang and are trimmed.
    func lines(maxWidth: Double?) -> [Range<Int>] {
        // A paragraph no point of which reaches past the width is one line, as the greedy loop would find; it never
        // asks where lines may break (titles, list rows).
        guard let maxWidth, !fits(in: maxWidth) else { return [trimmingTrailingSpaces(0..<shown.count)] }
        return greedyLines(maxWidth: maxWidth)
    }

    /// No prefix of the paragraph is wider than `maxWidth` (advances may be negative: not only the whole).
    private func fits(in maxWidth: Double) -> Bool {
        var x = 0.0
        for i in clusterAdvance.indices {
            x += advance(of: i, at: x)
            if x > maxWidth { return false }
        }
        return true
    }

    /// A line may start at character `i`: UAX #14 allows a break after the one before (false where
    /// ``greedyLines(maxWidth:)`` had to cut a word).
    func breaks(before i: Int) -> Bool {
        i == 0 || i >= shown.count || breaksAfter(i - 1, breaks.opportunities)
    }

    func greedyLines(maxWidth: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        repeat {
            let next = nextLineStart(from: start, maxWidth: maxWidth)
            lines.append(trimmingTrailingSpaces(start..<next))
            start = next
        } while start < shown.count
        return lines
    }

    private func nextLineStart(from start: Int, maxWidth: Double) -> Int {
        let breaks = self.breaks.opportunities
        var x = 0.0
        var lastBreak: Int?
        // Until a line holds a visible cluster it takes one regardless of width, so every line makes progress.
        var hasContent = false
        var i = start
        while i < shown.count {
            let end = clusterEnd(i), w = width(i..<end, from: x)
            if Self.isBreakingSpace(shown[i]) {
                x += w
                i = end
                if hasContent && breaksAfter(end - 1, breaks) { lastBreak = end }
                continue
            }
            if hasContent && x + w > maxWidth { return lastBreak ?? i }
            x += w
            i = end
            hasContent = true
            if breaksAfter(end - 1, breaks) { lastBreak = end }
        }
        return shown.count
    }

    /// The line `range` of this paragraph, unaligned (x 0), its text in logical order.
    func line(_ range: Range<Int>, baseline: Double) -> TextLayout.Line {
        let set = glyphs(range, baseline: baseline)
        return TextLayout.Line(text: String(scalars: original[range]), glyphs: set.glyphs, x: 0,
                               baseline: baseline, width: set.width, direction: bidi.baseDirection)
    }

    /// The glyphs of the line `range` in the order they are seen, placed from pen 0 on `baseline`, their clusters
    /// counted from the line's start: bidi runs left to right, each run's pieces (one face and script) in its
    /// direction. A run the line cuts is shaped again for its part, so letters at a line's edge take their isolated
    /// or final forms.
    private func glyphs(_ range: Range<Int>, baseline: Double) -> (glyphs: [TextLayout.PositionedGlyph], width: Double) {
        var placed: [TextLayout.PositionedGlyph] = []
        placed.reserveCapacity(range.count)
        var pen = 0.0
        // A tab's stop is measured along the text from the line's start, where the pen is in a left-to-right line.
        let tabAdvances = tabStop == nil ? [:] : tabAdvances(in: range)
        for visual in bidi.visualRuns(range) {
            // Runs are in text order: from the first that reaches into the visual run, while they start inside it.
            let first = runIndex(containing: visual.range.lowerBound)
            var end = first
            while end < runs.count && runs[end].range.lowerBound < visual.range.upperBound { end += 1 }
            let reversed = visual.direction == .rightToLeft
            for k in 0..<(end - first) {
                let run = runs[reversed ? end - 1 - k : first + k], part = run.range.clamped(to: visual.range)
                let glyphs = part == run.range && run.direction == visual.direction ? run.glyphs
                    : Self.shape(codepoints, part, visual.direction, run.script, faces.faces[run.face], sizeKey)
                for glyph in glyphs {
                    let advance = tabAdvances[glyph.cluster] ?? glyph.advance
                    placed.append(.init(index: glyph.index, x: pen + glyph.xOffset, y: baseline - glyph.yOffset, face: run.face,
                                        cluster: glyph.cluster - range.lowerBound, advance: advance,
                                        direction: visual.direction))
                    pen += advance
                }
            }
        }
        return (placed, pen)
    }

    /// Each tab's advance in the line `range`, by its index.
    private func tabAdvances(in range: Range<Int>) -> [Int: Double] {
        var advances: [Int: Double] = [:], x = 0.0
        for i in range {
            let a = advance(of: i, at: x)
            if original[i] == "\t" { advances[i] = a }
            x += a
        }
        return advances
    }

    /// The run holding character `i` (binary search: a paragraph may hold many runs).
    private func runIndex(containing i: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= i { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Where the line starting at `start` can be cut for an ellipsis so that what is kept (without trailing spaces)
    /// fits in `room`: after each cluster — in a script whose letters join (Arabic), only between words — latest
    /// first. One pass from the start, stopping at the first cluster that no longer fits.
    func cutPoints(from start: Int, fitting room: Double) -> [Int] {
        let breaks = self.breaks.opportunities
        var points: [Int] = []
        var width = 0.0
        var i = start
        while i < shown.count {
            let end = clusterEnd(i)
            width += self.width(i..<end, from: width)
            // Spaces may run past the room: the kept text is trimmed of them.
            if !Self.isBreakingSpace(shown[i]) && width > room { break }
            if !ScriptRuns.joins(scripts[end - 1]) || end == shown.count || breaksAfter(end - 1, breaks)
                || Self.isBreakingSpace(shown[end]) {
                points.append(end)
            }
            i = end
        }
        return points.reversed()
    }
}
