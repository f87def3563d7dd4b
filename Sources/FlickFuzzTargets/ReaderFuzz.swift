import FlickKiosk
import FlickGestures
import FlickInput
import FoundationEssentials

enum TouchScriptFuzz {
    static func run(_ bytes: [UInt8]) {
        guard let script = try? TouchScript(json: Data(bytes), name: "fuzz.json") else { return }
        StormFuzz.tour.play(script.frames)
        // What `flick record-touches` writes must read back as the same script.
        let again = try? TouchScript(json: Data(script.json().utf8), name: "again.json")
        invariant(again == script, "a script's JSON does not read back as the script")
    }
}

enum RecordingFuzz {
    static func run(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
              let recording = try? LibinputRecording(yaml: text, name: "fuzz.yml") else { return }
        // Playing what it imports is the touch-script target's work.
        _ = try? recording.touchScript(screenWidth: 1280, screenHeight: 800)
    }
}

enum StoreFuzz {
    static func run(_ bytes: [UInt8]) {
        if let contents = try? TodoFile.decode(bytes, node: "fuzz") {
            // What loads must save and load again unchanged: an edit never loses the items around it.
            let again = try? TodoFile.decode(TodoFile.encode(contents.list, clock: contents.clock ?? .zero(node: "fuzz")), node: "fuzz")
            invariant(again?.list == contents.list, "a store's items do not survive a save")
        }
        // The same bytes as an item's message from the broker: one a replica takes must publish as itself, and merge
        // as a join (idempotent, commutative with any other state of the item).
        if let item = try? TodoItemPayload.decode(bytes) {
            invariant((try? TodoItemPayload.decode(TodoItemPayload.encode(item))) == item, "an item does not survive being published")
            let other = TodoItemState(id: item.id, text: "other", position: .first, at: HLCTimestamp(wall: 1, node: "fuzz"))
            invariant(item.merged(with: item) == item, "merging an item with itself changes it")
            invariant(item.merged(with: other) == other.merged(with: item), "merging two states of an item depends on their order")
        }
    }
}
