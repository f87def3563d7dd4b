@testable import FlickKiosk
import FlickRaster
import Foundation
import Testing

extension SharedTodoRun {
    /// The seeds every kiosk of a plan starts with: six rows of a café's closing list.
    static let seeds = ["Wipe tables", "Stack chairs", "Empty bins", "Mop floor", "Lock door", "Count till"]

    /// Waits (at most until `deadline`, wall-clock seconds) for every store of `kiosks` to hold the list `plan` ends
    /// with, its deletions too; true once they do.
    func expectStores(_ kiosks: [Kiosk], hold plan: SharedTodoPlan, by deadline: Double, after lastEdit: Double,
                      lastEditName: String = "the last edit", sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        let expected = plan.expected
        let converged = await converge(kiosks, within: deadline - SharedTodoCue.now) { list in
            Self.matches(list.items, expected) && list.entries.values.count(where: \.isDeleted) == plan.deletions
        }
        let stores = kiosks.map { stored($0) }
        #expect(converged, """
            the stores did not converge: \(zip(kiosks, stores).map { "\($0.node): \(Self.describe($1?.items ?? []))" }), \
            expected added \(Self.describe(expected.added)) above \(Self.describe(expected.seeds)), \(plan.deletions) deleted; \
            \(kiosks.map { "\($0.node): \($0.process.err.suffix(1500))" })
            """, sourceLocation: sourceLocation)
        if converged {
            print("shared to-do: \(kiosks.count) stores the same \(String(format: "%.1f", SharedTodoCue.now - lastEdit)) s after \(lastEditName): "
                  + Self.describe(stores[0]?.items ?? []).joined(separator: ", "))
        }
        return converged
    }

    /// Waits for the screens of `kiosks`, whose stores are the same, to show one picture; ends the kiosks and checks
    /// the list each showed last is its store's, and the frame each wrote is the same, and the one a kiosk draws from
    /// that store alone.
    func expectSameEnd(_ kiosks: [Kiosk], sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let list = try #require(stored(kiosks[0]), sourceLocation: sourceLocation)
        if case .failure(let why) = await sameScreen(kiosks) {
            Issue.record("the screens did not show one picture: \(why)", sourceLocation: sourceLocation)
        }
        for kiosk in kiosks {
            let shown = try #require(finish(kiosk), "\(kiosk.node) printed no final state: \(kiosk.process.out.suffix(500))",
                                     sourceLocation: sourceLocation)
            #expect(Self.describe(shown) == Self.describe(list.items), "\(kiosk.node)", sourceLocation: sourceLocation)
        }
        let frames = try kiosks.map { try Surface.readPNG(path: $0.lastFrame) }
        for (kiosk, frame) in zip(kiosks, frames) {
            #expect(frame.differingArea(from: frames[0]) == nil, "\(kiosk.node)'s last frame differs from \(kiosks[0].node)'s",
                    sourceLocation: sourceLocation)
        }
        // The picture a kiosk alone draws from the store: the screens show the list, all of it.
        let reference = try SharedTodoKiosk(config: sharedTodoConfig(broker: nil, node: "alone"), node: "alone", store: kiosks[0].store)
        reference.settle()
        #expect(reference.player.screen.differingArea(from: frames[0]) == nil, "the kiosks' frames are not their list's",
                sourceLocation: sourceLocation)
    }

    /// Whether `items` are the plan's: the added ones (in any order) above the seeds left, in their order.
    static func matches(_ items: [TodoItem], _ expected: (added: [TodoItem], seeds: [TodoItem])) -> Bool {
        guard items.count == expected.added.count + expected.seeds.count else { return false }
        let added = items.prefix(expected.added.count).sorted { $0.text < $1.text }
        return describe(added) == describe(expected.added) && describe(items.suffix(expected.seeds.count)) == describe(expected.seeds)
    }

    /// Items as "text" and "text ✓" for those done.
    static func describe<Items: Collection<TodoItem>>(_ items: Items) -> [String] {
        items.map { $0.completed ? $0.text + " ✓" : $0.text }
    }
}
