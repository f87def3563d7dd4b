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
        guard let items = try? TodoFile.decode(bytes) else { return }
        // What loads must save and load again unchanged: an edit never loses the items around it.
        let again = try? TodoFile.decode(TodoFile.encode(items))
        invariant(again == items, "a store's items do not survive a save")
    }
}
