import ArgumentParser
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

    /// The panel's density as the config states it, else the pages' default.
    var gestureMetrics: GestureMetrics {
        display?.dpi.map { GestureMetrics(dotsPerInch: $0) } ?? PagesScene.defaultMetrics
    }
}
