import ArgumentParser
import FlickBoard
import FlickKiosk
import FlickGestures

extension KioskConfig {
    /// A bad config is the operator's to fix: every problem on its own line on stderr (plain `file: path: message`
    /// lines, not the logger's format, for editors and CI to parse), exit 2.
    static func loadOrExit(path: String) throws -> KioskConfig {
        do {
            return try KioskConfig.load(path: path)
        } catch {
            printToStandardError(error.lines)
            throw ExitCode(2)
        }
    }

    /// The config at `path` checked as `flick check` checks it — its fields, what only a board can check, every
    /// picture decoded — or its problems on stderr, one line each, and exit 2.
    static func checkedOrExit(path: String) throws -> KioskConfig {
        let loaded = try loadOrExit(path: path)
        let problems = [loaded.boardProblems(file: path), loaded.damagedImages(file: path)].compactMap { $0 }
        if !problems.isEmpty {
            printToStandardError(problems.flatMap(\.lines))
            throw ExitCode(2)
        }
        return loaded
    }

    /// The panel's density as the config states it, else the pages' default.
    var gestureMetrics: GestureMetrics {
        display?.dpi.map { GestureMetrics(dotsPerInch: $0) } ?? PagesScene.defaultMetrics
    }
}
