import CFriBidi

/// One paragraph through the Unicode Bidirectional Algorithm (FriBidi): its base direction and each scalar's
/// embedding level, and for any line of it the runs in the order they are seen, left to right on the screen.
struct BidiParagraph: Sendable {
    let baseDirection: TextDirection
    /// Resolved embedding level of each scalar: even runs left to right, odd right to left.
    let levels: [UInt8]
    private let types: [FriBidiCharType]
    private let resolvedBase: FriBidiParType

    // FriBidi's FRIBIDI_PAR_* values (macros built from masks, which Swift does not import).
    private static let parLTR = FriBidiParType(rawValue: 0x110), parRTL = FriBidiParType(rawValue: 0x111)
    private static let parAuto = FriBidiParType(rawValue: 0x40)

    /// `base` nil: from the first strong character (rules P2, P3), left to right when there is none.
    init(_ scalars: [Unicode.Scalar], base: TextDirection? = nil) {
        self.init(scalars.map { $0.value }, base: base)
    }

    init(_ codepoints: [UInt32], base: TextDirection?) {
        // Below U+0590 (Hebrew) nothing runs right to left and there are no bidi controls: all left to right.
        if base != .rightToLeft && codepoints.allSatisfy({ $0 < 0x0590 }) {
            types = []
            levels = [UInt8](repeating: 0, count: codepoints.count)
            resolvedBase = Self.parLTR
            baseDirection = .leftToRight
            return
        }
        var codepoints = codepoints
        let count = Int32(codepoints.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: codepoints.count)
        var brackets = [UInt32](repeating: 0, count: codepoints.count)
        var levels = [Int8](repeating: 0, count: codepoints.count)
        var direction: FriBidiParType = switch base {
        case .leftToRight: Self.parLTR
        case .rightToLeft: Self.parRTL
        case nil: Self.parAuto
        }
        if !codepoints.isEmpty {
            fribidi_get_bidi_types(&codepoints, count, &types)
            fribidi_get_bracket_types(&codepoints, count, &types, &brackets)
            if fribidi_get_par_embedding_levels_ex(&types, &brackets, count, &direction, &levels) == 0 {
                // Only an allocation failure; everything at the base level is still readable text.
                levels = [Int8](repeating: direction.rawValue & 1 == 1 ? 1 : 0, count: codepoints.count)
            }
        } else if direction == Self.parAuto {
            direction = Self.parLTR
        }
        self.types = types
        self.levels = levels.map { UInt8(bitPattern: $0) }
        resolvedBase = direction.rawValue & 1 == 1 ? Self.parRTL : Self.parLTR
        baseDirection = direction.rawValue & 1 == 1 ? .rightToLeft : .leftToRight
    }

    /// The runs of the line `range` in visual order (rules L1 to L2): each a logical range of one direction.
    /// Trailing spaces take the paragraph's direction, so they sit at the line's end.
    func visualRuns(_ range: Range<Int>) -> [(range: Range<Int>, direction: TextDirection)] {
        guard !range.isEmpty else { return [] }
        // One level throughout (all Latin, all Hebrew): one run, nothing to reorder.
        let first = levels[range.lowerBound]
        if levels[range].allSatisfy({ $0 == first }) { return [(range, first & 1 == 1 ? .rightToLeft : .leftToRight)] }
        // The line alone: FriBidi reorders it in place (L1's trailing whitespace, L2), its map indexes it from 0.
        var lineLevels = levels[range].map { Int8(bitPattern: $0) }
        var types = Array(self.types[range])
        var lineMap = (0..<Int32(range.count)).map { $0 }
        _ = fribidi_reorder_line(0, &types, Int32(range.count), 0, resolvedBase, &lineLevels, nil, &lineMap)
        let map = { (visual: Int) in range.lowerBound + Int(lineMap[visual - range.lowerBound]) }
        let level = { (logical: Int) in lineLevels[logical - range.lowerBound] }
        var runs: [(range: Range<Int>, direction: TextDirection)] = []
        var previous: (logical: Int, level: Int8)?
        // Neighbours on screen that are neighbours in the text at the same level are one run.
        for visual in range {
            let logical = map(visual), level = level(logical)
            let rtl = level & 1 == 1
            if let previous, previous.level == level, logical == previous.logical + (rtl ? -1 : 1) {
                let run = runs[runs.count - 1].range
                runs[runs.count - 1].range = rtl ? logical..<run.upperBound : run.lowerBound..<(logical + 1)
            } else {
                runs.append((logical..<(logical + 1), rtl ? .rightToLeft : .leftToRight))
            }
            previous = (logical, level)
        }
        return runs
    }
}
