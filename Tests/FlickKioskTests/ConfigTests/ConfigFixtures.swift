import FlickKiosk
import Foundation
import Testing

enum ConfigFixtures {
    /// The package root, found from this file's path so tests run from any directory.
    static let repoRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let tourPath = repoRoot + "/kiosk/tour.json"

    /// The lines `flick check` would print for `json` read as `file` from `directory`; empty when it is valid.
    static func problems(_ json: String, file: String = "kiosk.json", directory: String = "/nonexistent",
                         kinds: [any PageKind.Type] = []) -> [String] {
        do {
            _ = try KioskConfig.parse(Array(json.utf8), file: file, directory: directory, kinds: kinds)
            return []
        } catch {
            return error.lines
        }
    }

    /// A fresh directory holding `files` (name → contents), for configs with relative image paths.
    static func directory(_ files: [String: String] = [:]) throws -> String {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("flick-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, contents) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        }
        return dir
    }
}

/// Groups the config suites so `swift test --filter ConfigTests` runs them all.
@Suite enum ConfigTests {}
