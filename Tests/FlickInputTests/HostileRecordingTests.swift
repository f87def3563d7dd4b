import Foundation
import Testing
@testable import FlickInput

/// Laughs nested `depth` deep, ten of the last per level: 10^depth scalars once the aliases are followed.
private func laughs(depth: Int) -> String {
    var yaml = "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
    for level in 1...depth {
        yaml += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    return yaml
}

@Test func aliasesAsKeysAreRefusedBeforeTheyMultiply() throws {
    let yaml = laughs(depth: 9) + "? *l9\n: 1\nother: 2\ndevices:\n"
    let started = ContinuousClock.now
    #expect(throws: LibinputRecordingError.self) { try LibinputRecording(yaml: yaml, name: "laughs.yml") }
    #expect(ContinuousClock.now - started < .seconds(2))
}

@Test func aliasedEventsAreRefusedBeforeTheyMultiply() throws {
    func thousand(_ alias: String) -> String { "[" + Array(repeating: alias, count: 1000).joined(separator: ", ") + "]" }
    // A thousand devices of a thousand frames of a thousand events: a billion from 12 kB.
    let yaml = """
        e: &e [0, 0, 3, 53, 100]
        f: &f {evdev: \(thousand("*e"))}
        d: &d {node: /dev/input/event2, events: \(thousand("*f"))}
        devices: \(thousand("*d"))
        """
    let started = ContinuousClock.now
    #expect(throws: LibinputRecordingError.self) { try LibinputRecording(yaml: yaml, name: "laughs.yml") }
    #expect(ContinuousClock.now - started < .seconds(2))
}

@Test func deepNestingIsOneError() throws {
    let yaml = "devices: " + String(repeating: "[", count: 100_000)
    #expect {
        try LibinputRecording(yaml: yaml, name: "deep.yml")
    } throws: { error in
        "\(error)" == "deep.yml:1: nested more than 64 levels deep; a libinput recording nests 7"
    }
}

@Test(arguments: [
    ("devices:\n- &d {node: /dev/input/event2}\n",
     "anchor.yml:2: an anchor (&d): libinput record writes none, and aliases to it can multiply without bound; write the values out"),
    ("devices:\n- *d\n",
     "anchor.yml:2: an alias (*d): libinput record writes none, and they can multiply without bound; write the values out"),
    ("version: 1\ndevices:\nversion: 1\n", "anchor.yml:3: `version` is a key twice in one map; keep one of them"),
    ("devices:\n---\ndevices:\n", "anchor.yml:2: a second YAML document; a libinput recording is one"),
    ("devices: [\u{1}]\n", "anchor.yml:1: not valid YAML: control characters are not allowed (U+1)"),
])
func whatLibinputNeverWritesIsOneLineAtItsLine(yaml: String, message: String) throws {
    #expect {
        try LibinputRecording(yaml: yaml, name: "anchor.yml")
    } throws: { error in
        "\(error)" == message
    }
}

@Test func emptyTextHasNoDevices() throws {
    #expect {
        try LibinputRecording(yaml: "", name: "empty.yml")
    } throws: { error in
        "\(error)" == "empty.yml: not a libinput recording: no `devices:` section"
    }
}
