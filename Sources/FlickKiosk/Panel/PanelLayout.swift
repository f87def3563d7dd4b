import FlickRaster

/// Where each widget of a panel goes on a screen. A row or column gives each place its fixed `size` first, then
/// shares the rest by `weight`; a grid is a column of rows of equal cells, each row as tall as its tallest fixed
/// size or sharing by its largest weight, with no more columns than cells of ``narrowestCell`` fit across (three
/// columns in landscape are two in portrait, and the rows follow). Where the fixed sizes add up to more than the
/// screen has (a panel made for a tall portrait screen shown on a landscape one, or at a higher density), they
/// shrink alike, all of them by the same share of what each has above its least, those inside a nested row or
/// column too. No control is given less than a touch target across or down; when the page cannot hold that, the
/// widgets run past its end and ``overflow`` says by how much.
struct PanelLayout {
    /// Each widget and its frame, in reading order.
    private(set) var placed: [(widget: PanelWidget, frame: Rect)] = []
    /// Pixels the widgets needed beyond the room there was along a row or column: 0 when they fit.
    private(set) var overflow = 0.0
    private let gap: Double
    private let unit: Double
    private let touchTarget: Double
    /// A grid's cells are at least this wide, in screen units: a caption, a value with its unit, a switch.
    static let narrowestCell = 160.0

    /// Lays `root` out in `rect` with `gap` pixels between places; `unit`: pixels in a screen unit, for `size`;
    /// `touchTarget`: the least a control is across and down. `mirrored` places rows and grids from the right, for
    /// a right-to-left page.
    init(_ root: PanelNode, in rect: Rect, gap: Double, unit: Double, touchTarget: Double, mirrored: Bool) {
        self.gap = gap
        self.unit = unit
        self.touchTarget = touchTarget
        place(root, in: rect)
        if mirrored {
            placed = placed.map { widget, frame in
                (widget, Rect(x: rect.minX + rect.maxX - frame.maxX, y: frame.minY, width: frame.width, height: frame.height))
            }
        }
    }

    private mutating func place(_ node: PanelNode, in rect: Rect) {
        switch node {
        case .widget(let widget):
            placed.append((widget, rect))
        case .row(let items):
            let lengths = share(rect.width, among: items.map { line([$0], along: .horizontal) })
            for (item, span) in zip(items, spans(lengths, from: rect.minX)) {
                place(item.node, in: Rect(x: span.start, y: rect.minY, width: span.length, height: rect.height))
            }
        case .column(let items):
            let lengths = share(rect.height, among: items.map { line([$0], along: .vertical) })
            for (item, span) in zip(items, spans(lengths, from: rect.minY)) {
                place(item.node, in: Rect(x: rect.minX, y: span.start, width: rect.width, height: span.length))
            }
        case .grid(let asked, let items):
            let fitting = Int((rect.width + gap) / (Self.narrowestCell * unit + gap))
            let columns = max(1, min(asked, fitting))
            let rows = Self.rows(of: items.map { $0.spanning(atMost: columns) }, columns: columns)
            let heights = share(rect.height, among: rows.map { line($0.map(\.item), along: .vertical) })
            let cell = (rect.width - gap * Double(columns - 1)) / Double(columns)
            for (row, span) in zip(rows, spans(heights, from: rect.minY)) {
                for (item, column) in row {
                    let x0 = (rect.minX + Double(column) * (cell + gap)).rounded()
                    let x1 = (rect.minX + Double(column + item.span) * (cell + gap) - gap).rounded()
                    place(item.node, in: Rect(x: x0, y: span.start, width: x1 - x0, height: span.length))
                }
            }
        }
    }

    /// The items of a grid in rows, each with the column it starts at: a widget that does not fit what is left of a
    /// row starts the next.
    static func rows(of items: [PanelItem], columns: Int) -> [[(item: PanelItem, column: Int)]] {
        var rows: [[(item: PanelItem, column: Int)]] = []
        var column = columns
        for item in items {
            if column + item.span > columns {
                rows.append([])
                column = 0
            }
            rows[rows.count - 1].append((item, column))
            column += item.span
        }
        return rows
    }

    /// What a row or column asks of its container along `axis`, for places that share one line of it (one place,
    /// or a grid's row): a weighted line is given at least `wanted` (the fixed sizes inside it) while the screen has
    /// room, and never less than `least`.
    private struct Line {
        var weight: Double
        var fixed: Double?
        var wanted: Double
        var least: Double
    }

    private func line(_ items: [PanelItem], along axis: Axis) -> Line {
        let minimums = items.map { minimum($0.node, along: axis) }
        let wanted = minimums.map(\.wanted).max() ?? 0, least = minimums.map(\.least).max() ?? 0
        let fixed = items.compactMap(\.size).max().map { max($0 * unit, wanted) }
        return Line(weight: items.map(\.weight).max() ?? 1, fixed: fixed, wanted: wanted, least: least)
    }

    /// The length `node` wants along `axis` (its fixed sizes and its controls' touch targets), and the least it can
    /// be given with its controls still touch targets (its fixed sizes shrunk as far as they go).
    private func minimum(_ node: PanelNode, along axis: Axis) -> (wanted: Double, least: Double) {
        let gaps = { (count: Int) in self.gap * Double(max(0, count - 1)) }
        let sum = { (lines: [Line]) in
            (lines.reduce(gaps(lines.count)) { $0 + ($1.fixed ?? $1.wanted) }, lines.reduce(gaps(lines.count)) { $0 + $1.least })
        }
        switch node {
        case .widget(let widget):
            let least = widget.isControl ? touchTarget : 0
            return (least, least)
        case .grid(let columns, let items) where axis == .vertical:
            return sum(Self.rows(of: items, columns: columns).map { line($0.map(\.item), along: axis) })
        case .row(let items), .column(let items), .grid(_, let items):
            // Along a row or column, its places end to end; across one, or across a grid (a narrow grid is one
            // column), the widest.
            let lines = items.map { line([$0], along: axis) }
            if (axis == .horizontal) == node.isRow { return sum(lines) }
            return (lines.map(\.wanted).max() ?? 0, lines.map(\.least).max() ?? 0)
        }
    }

    /// `total` pixels shared among `lines` with gaps between: fixed lengths first, the rest by weight, no weighted
    /// line under what it wants (``floors(_:into:)`` shrinks both when they do not fit); those that would be are
    /// given it, and the others share what remains.
    private mutating func share(_ total: Double, among lines: [Line]) -> [Double] {
        let available = total - gap * Double(max(0, lines.count - 1))
        let floors = Self.floors(lines, into: available)
        var lengths = zip(lines, floors).map { line, floor in line.fixed.map { _ in floor } }
        var room = available - lengths.compactMap { $0 }.reduce(0, +)
        while true {
            let open = lines.indices.filter { lengths[$0] == nil }
            let weights = open.map { lines[$0].weight }.reduce(0, +)
            guard let short = open.first(where: { room * lines[$0].weight / weights < floors[$0] }) else {
                for i in open { lengths[i] = max(0, room) * lines[i].weight / weights }
                break
            }
            lengths[short] = floors[short]
            room -= floors[short]
        }
        overflow = max(overflow, -room)
        return lengths.map { $0 ?? 0 }
    }

    /// Each line's fixed length, or what a weighted one wants, shrunk where they need more than `room`: each by the
    /// same share of its length above its least, as far as that goes.
    private static func floors(_ lines: [Line], into room: Double) -> [Double] {
        let floors = lines.map { $0.fixed ?? $0.wanted }
        let needed = floors.reduce(0, +)
        let spare = zip(lines, floors).map { $1 - $0.least }.reduce(0, +)
        guard needed > room, spare > 0 else { return floors }
        let kept = max(0, 1 - (needed - room) / spare)
        return zip(lines, floors).map { line, floor in line.least + (floor - line.least) * kept }
    }

    /// Consecutive spans of `lengths` with gaps between, from `start`, on whole pixels with no seams.
    private func spans(_ lengths: [Double], from start: Double) -> [(start: Double, length: Double)] {
        var at = start
        return lengths.map { length in
            let begin = at.rounded(), end = (at + length).rounded()
            at += length + gap
            return (begin, end - begin)
        }
    }
}

extension PanelItem {
    fileprivate func spanning(atMost columns: Int) -> PanelItem {
        var item = self
        item.span = min(span, columns)
        return item
    }
}

extension PanelNode {
    fileprivate var isRow: Bool { if case .row = self { true } else { false } }
}
