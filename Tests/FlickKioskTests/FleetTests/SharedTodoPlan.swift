import FlickKiosk
import FlickUI
import Foundation

/// A scenario for kiosks sharing one list, planned on one timeline: each kiosk's touches, as the script its
/// `flick run` plays, and the list every kiosk must end with.
///
/// A script is fixed before its kiosk starts, so a row it swipes or taps must hold the same item whatever the others
/// did by then. The plan makes sure of it: every kiosk starts with the same seed items; items are only added at the
/// top (pull to add), so rows are swiped or tapped only on seeds, which stay below in their order; and in a phase in
/// which a kiosk acts on a seed's row, no kiosk it hears from adds an item or deletes a seed at or above that row.
/// Phases are `gap` apart, more than the kiosks' starts differ and a change takes to travel.
///
/// Kiosks that do not hear one another during a phase (the broker down, a kiosk cut off) change their own copies
/// only; their copies merge once they hear one another again: each field the later change's, deletion over all.
/// Changes the merge decides by time are at least ``tooCloseToCall`` seconds apart, far more than the kiosks' clocks
/// (one machine's) and starts differ.
struct SharedTodoPlan {
    enum Action {
        /// Pull the list down, type the text on the on-screen keyboard, tap Done (at `doneAt` seconds on the timeline
        /// when given, else right after the typing).
        case add(String, doneAt: Double? = nil)
        /// Swipe the seed's row right: done, or not done again.
        case complete(String)
        /// Swipe the seed's row left.
        case delete(String)
        /// Tap the seed's row, type `suffix` at the end of its text, tap Done.
        case append(String, to: String)
    }

    /// An item as one kiosk's copy holds it, each field with the time it was set.
    struct Item: Equatable {
        var text: String, textAt: Double
        var completed: Bool, completedAt: Double
        var deletedAt: Double?
        /// Its place among the seeds; nil: added (above every seed).
        let seed: Int?

        func merged(with other: Item) -> Item {
            var merged = self
            (merged.text, merged.textAt) = Self.later((text, textAt), (other.text, other.textAt))
            (merged.completed, merged.completedAt) = Self.later((completed, completedAt), (other.completed, other.completedAt))
            merged.deletedAt = [deletedAt, other.deletedAt].compactMap { $0 }.max()
            return merged
        }

        private static func later<Value: Equatable>(_ a: (Value, Double), _ b: (Value, Double)) -> (Value, Double) {
            precondition(a.0 == b.0 || abs(a.1 - b.1) >= tooCloseToCall, "two changes \(abs(a.1 - b.1)) s apart: too close to call")
            return a.1 >= b.1 ? a : b
        }
    }

    static let tooCloseToCall = 3.0
    /// Seconds between one phase's end and the next one's start.
    static let gap = 2.0
    /// How much later each kiosk (in the order of `nodes`) starts a phase than the one before.
    static let stagger = 0.15
    /// Milliseconds a kiosk is given after a change for its rows to come to rest (a swiped row back in place, the list
    /// back from the edited row), with room for a busy machine, before its next touch.
    static let settle = 1200.0

    let nodes: [String]
    let seeds: [String]
    /// Each kiosk's touches, times in milliseconds from its start.
    private(set) var touches: [String: Touches] = [:]
    /// Each kiosk's copy, by the text each item was made with.
    private var copies: [String: [String: Item]] = [:]
    /// When the latest phase ends (its last motion settled).
    private(set) var end = 0.0
    /// When the latest change is made (a Done tapped, a finger lifted from a swipe).
    private(set) var lastEdit = 0.0

    init(nodes: [String], seeds: [String]) {
        self.nodes = nodes
        self.seeds = seeds
        let copy = Dictionary(uniqueKeysWithValues: seeds.enumerated().map { index, text in
            (text, Item(text: text, textAt: 0, completed: false, completedAt: 0, seed: index))
        })
        for node in nodes {
            copies[node] = copy
            touches[node] = Touches()
        }
    }

    /// The seeds as each kiosk's store starts with them.
    var seedItems: [TodoItem] { seeds.enumerated().map { TodoItem(id: UInt64($0.offset + 1), text: $0.element) } }

    /// Plans a phase: each kiosk's `actions` one after another from `at` seconds (default: ``gap`` after the latest
    /// phase), kiosks heard by one another only within each of `apart` (default: all together). Returns when the
    /// phase starts and ends.
    @discardableResult
    mutating func phase(at start: Double? = nil, apart: [[String]]? = nil, _ actions: [String: [Action]]) -> (start: Double, end: Double) {
        let start = start ?? end + Self.gap
        let groups = apart ?? [nodes]
        for (node, list) in actions {
            let peers = groups.first { $0.contains(node) }!.filter { $0 != node }
            for action in list { checkAlone(action, of: node, amid: peers.map { actions[$0] ?? [] }) }
        }
        var phaseEnd = start
        for (index, node) in nodes.enumerated() {
            var time = start + Self.stagger * Double(index)
            for action in actions[node] ?? [] { time = perform(action, on: node, at: time) }
            phaseEnd = max(phaseEnd, time)
        }
        for group in groups { merge(group) }
        end = max(end, phaseEnd)
        return (start, phaseEnd)
    }

    /// Every kiosk hears every other again: what each must show at last.
    mutating func together() { merge(nodes) }

    /// The items alive at the end, as every kiosk must show them once in step: the added ones (in an order the plan
    /// does not know: their keys are random) above the seeds left, in their order.
    var expected: (added: [TodoItem], seeds: [TodoItem]) {
        let all = copies[nodes[0]]!.values.filter { $0.deletedAt == nil }
        let item = { (i: Item) in TodoItem(id: 0, text: i.text, completed: i.completed) }
        return (all.filter { $0.seed == nil }.map(item).sorted { $0.text < $1.text },
                all.filter { $0.seed != nil }.sorted { $0.seed! < $1.seed! }.map(item))
    }

    /// How many items were deleted.
    var deletions: Int { copies[nodes[0]]!.values.count { $0.deletedAt != nil } }

    // MARK: Acting

    private mutating func perform(_ action: Action, on node: String, at time: Double) -> Double {
        let ms = time * 1000
        switch action {
        case .add(let text, let doneAt):
            touches[node]! = touches[node]! + Touches.drag(180, rowCentre(0), by: 0, 73, at: ms)
            // The keyboard is up 0.4 s after the pull ends: the kiosk has a second more to draw it when it is busy (a
            // key tapped before the keyboard is there would end the edit).
            let typed = ms + 224 + 1200
            var keys = typing(letters(text), at: typed)
            let done = max(doneAt.map { $0 * 1000 } ?? 0, typed + 100 * Double(text.count))
            keys = keys + typing([.done], at: done)
            touches[node]! = touches[node]! + keys
            precondition(copies[node]![text] == nil, "\(text) is added twice")
            copies[node]![text] = Item(text: text, textAt: done / 1000, completed: false, completedAt: done / 1000, seed: nil)
            lastEdit = max(lastEdit, done / 1000)
            return (done + 60 + Self.settle) / 1000
        case .complete(let seed):
            let y = rowCentre(row(of: seed, on: node))
            touches[node]! = touches[node]! + Touches.drag(40, y, by: 213, 0, at: ms)
            copies[node]![seed]!.completed.toggle()
            copies[node]![seed]!.completedAt = time + 0.224
            lastEdit = max(lastEdit, time + 0.224)
            return time + (224 + Self.settle) / 1000
        case .delete(let seed):
            let y = rowCentre(row(of: seed, on: node))
            touches[node]! = touches[node]! + Touches.drag(320, y, by: -213, 0, at: ms)
            copies[node]![seed]!.deletedAt = time + 0.224
            lastEdit = max(lastEdit, time + 0.224)
            return time + (224 + Self.settle + 300) / 1000
        case .append(let suffix, let seed):
            touches[node]! = touches[node]! + .tap(120, rowCentre(row(of: seed, on: node)), at: ms)
            // The row is at the top and the keyboard up 0.5 s after the tap (and a second more, as for an add).
            let typed = ms + 60 + 1300
            let done = typed + 100 * Double(suffix.count)
            touches[node]! = touches[node]! + typing(letters(suffix) + [.done], at: typed)
            copies[node]![seed]!.text += suffix
            copies[node]![seed]!.textAt = done / 1000
            lastEdit = max(lastEdit, done / 1000)
            return (done + 60 + Self.settle) / 1000
        }
    }

    /// The row the seed shows on in the kiosk's copy: below every item added, after the seeds alive before it.
    private func row(of seed: String, on node: String) -> Int {
        let copy = copies[node]!
        guard let item = copy[seed], let place = item.seed, item.deletedAt == nil else { preconditionFailure("\(node) has no \(seed) to act on") }
        let row = copy.values.count { $0.deletedAt == nil && ($0.seed == nil || $0.seed! < place) }
        // Row 11's middle is the last on a 640 px screen.
        precondition(row <= 11, "\(seed) is on row \(row) on \(node): off the screen")
        return row
    }

    /// Fails the plan when a row `node` acts on could hold another item by then: a kiosk it hears from in the same
    /// phase adds an item, or deletes a seed at or above it, or changes the same seed's text.
    private func checkAlone(_ action: Action, of node: String, amid others: [[Action]]) {
        let target: String
        switch action {
        case .add: return
        case .complete(let seed), .delete(let seed), .append(_, let seed): target = seed
        }
        let place = seeds.firstIndex(of: target)!
        for other in others.joined() {
            switch other {
            case .add: preconditionFailure("\(node) acts on \(target)'s row while another kiosk adds an item")
            case .delete(let seed) where seeds.firstIndex(of: seed)! <= place:
                preconditionFailure("\(node) acts on \(target)'s row while another kiosk deletes \(seed)")
            case .append(_, let seed) where seed == target:
                if case .append = action { preconditionFailure("two kiosks rename \(target) at once") }
            case .complete(let seed) where seed == target:
                // The second swipe could see the first one's tick and take it off again.
                if case .complete = action { preconditionFailure("two kiosks tick \(target) at once") }
            default: break
            }
        }
    }

    private mutating func merge(_ group: [String]) {
        var merged: [String: Item] = [:]
        for node in group {
            for (key, item) in copies[node]! { merged[key] = merged[key].map { $0.merged(with: item) } ?? item }
        }
        for node in group { copies[node] = merged }
    }
}
