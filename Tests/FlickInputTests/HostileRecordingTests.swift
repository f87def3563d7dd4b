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
        "\(error)" == "deep.yml:1: not valid YAML: Maximum nesting level reached, set with yaml_set_max_nest_level())"
    }
}
