import FlickKiosk
import Foundation
import Testing

/// The store's version 2 file: the whole replica. Version 1 files are read and migrated.
@Suite struct TodoStoreMigrationTests {
    private static let version1 = """
        {"version": 1, "items": [
          {"id": 3, "text": "Milk \\"2 l\\"", "completed": true},
          {"id": 1, "text": "Eggs", "completed": false},
          {"id": 2, "text": "Bread", "completed": false}
        ]}

        """

    @Test func aVersion1FileIsReadInItsOrderAndWrittenAsVersion2AtTheNextChange() throws {
        let directory = temporaryStateDirectory()
        let path = directory + "/todo.json"
        try Self.version1.write(toFile: path, atomically: false, encoding: .utf8)
        let replica = TodoReplica(list: "todo", store: TodoStore(directory: directory, node: "cafe-1"), node: "cafe-1", log: { _ in })
        #expect(replica.items.map(\.text) == ["Milk \"2 l\"", "Eggs", "Bread"])
        #expect(replica.items.map(\.completed) == [true, false, false])
        // Every field at version zero from this node: any change anywhere wins over it.
        let zero = HLCTimestamp.zero(node: "cafe-1")
        #expect(replica.state.entries.values.allSatisfy { $0.versions == [zero, zero, zero] })
        // Read, nothing changed: the file is as it was.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.version1)

        // New ids, the same each time the file is read, and different on another kiosk.
        let ids = replica.items.map(\.id)
        #expect(!ids.contains { [1, 2, 3].contains($0) } && Set(ids).count == 3)
        #expect(TodoStore(directory: directory, node: "cafe-1").load().map(\.id) == ids)
        #expect(Set(TodoStore(directory: directory, node: "cafe-2").load().map(\.id)).isDisjoint(with: ids))

        #expect(replica.setCompleted(ids[1], true))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix(#"{"version": 2, "clock": ""#))
        let reread = TodoStore(directory: directory, node: "elsewhere").loadContents()
        #expect(reread.list == replica.state)
        #expect(reread.list.items.map(\.completed) == [true, true, false])
    }

    @Test(arguments: [
        #"{"version": 2, "items": []}"#,
        #"{"version": 2, "clock": "yesterday", "items": []}"#,
        #"{"version": 2, "clock": "0000018f3a2b4c5d-0003-cafe-1", "items": [{"id": 1, "text": "a"}]}"#,
        #"{"version": 2, "clock": "0000018f3a2b4c5d-0003-cafe-1", "items": [{"id": 1, "deleted": "0000018f3a2b4c5d-0003-x"}, {"id": 1, "deleted": "0000018f3a2b4c5d-0004-x"}]}"#,
        #"{"version": 2, "clock": "0000018f3a2b4c5d-0003-cafe-1", "items": [{"id": 9007199254740992, "deleted": "0000018f3a2b4c5d-0003-x"}]}"#,
        #"{"version": 2, "clock": "0000018f3a2b4c5d-0003-cafe-1", "items": [{"id": 1, "text": "a", "completed": false, "position": "a00", "versions": {"text": "0000018f3a2b4c5d-0003-x", "completed": "0000018f3a2b4c5d-0003-x", "position": "0000018f3a2b4c5d-0003-x"}}]}"#,
        #"{"version": 3, "clock": "0000018f3a2b4c5d-0003-cafe-1", "items": []}"#,
    ])
    func aDamagedVersion2FileIsMovedAsideNotOverwritten(content: String) throws {
        let directory = temporaryStateDirectory()
        try content.write(toFile: directory + "/todo.json", atomically: false, encoding: .utf8)
        var lines: [String] = []
        let store = TodoStore(directory: directory) { lines.append($0) }
        #expect(store.load(now: 1_700_000_000).isEmpty)
        let aside = directory + "/todo.json.corrupt-1700000000"
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
        #expect(lines.count == 1 && lines[0].contains("is damaged") && lines[0].contains("moved to \(aside)"))
    }

    /// The kiosk made its latest change at 10:00; it restarts with its clock in 1970 (no RTC, no NTP yet). Its next
    /// change must still be later, or a kiosk that saw the 10:00 one would keep it.
    @Test func theClocksLatestTimeSurvivesARestartWithAClockInThePast() throws {
        let directory = temporaryStateDirectory()
        let wall = HandClock(1_700_000_000_000)
        let before = TodoReplica(list: "todo", store: TodoStore(directory: directory, node: "pi"), node: "pi", log: { _ in })
        before.clock.wallMilliseconds = wall.read
        let id = before.newID()
        #expect(before.add(id: id, text: "Milk", at: 0))
        // Ten changes in the same millisecond: the high-water mark is past the last field version.
        for _ in 0..<10 { _ = before.clock.now() }
        #expect(before.setCompleted(id, true))
        let last = try #require(before.state[id]?.fields?.completed.version)

        wall.milliseconds = 0
        let after = TodoReplica(list: "todo", store: TodoStore(directory: directory, node: "pi"), node: "pi", log: { _ in })
        after.clock.wallMilliseconds = wall.read
        #expect(after.clock.latest >= last)
        #expect(after.edit(id, text: "Oat milk"))
        #expect(try #require(after.state[id]?.fields?.text.version) > last)
    }
}
