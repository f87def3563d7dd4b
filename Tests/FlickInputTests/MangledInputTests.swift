import FlickTestFixtures
import Foundation
import Testing
@testable import FlickInput

@Test func mangledScriptsAndRecordingsFailWithOneLineErrors() throws {
    var rng = SplitMix64(seed: 99)
    let alphabet = Array("[]{}\",:-.0123456789 eE\nabcdefghijklmnopqrstuvwxyz#\t")
    func mangle(_ text: String) -> String {
        var chars = Array(text)
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let i = Int.random(in: 0..<chars.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: chars.remove(at: i)
            case 1: chars.insert(alphabet.randomElement(using: &rng)!, at: i)
            default: chars[i] = alphabet.randomElement(using: &rng)!
            }
        }
        return String(chars)
    }
    let json = try String(contentsOf: streamURL("todo-session.json"), encoding: .utf8)
    let yaml = try String(contentsOf: streamURL("ads7846-tap.yml"), encoding: .utf8)
    var problems: [String] = []
    for _ in 0..<400 {
        do {
            _ = try TouchScript(json: Data(mangle(json).utf8), name: "m.json")
        } catch {
            if "\(error)".contains("\n") || !"\(error)".hasPrefix("m.json: ") { problems.append("\(error)") }
        }
        do {
            let recording = try LibinputRecording(yaml: mangle(yaml), name: "m.yml")
            _ = try recording.touchScript(screenWidth: 800, screenHeight: 480)
        } catch {
            if "\(error)".contains("\n") || !"\(error)".hasPrefix("m.yml") { problems.append("\(error)") }
        }
    }
    #expect(problems == [])
}
