import FlickText
import FoundationEssentials

extension KioskConfig {
    /// Where the kiosk config `flick run` uses without `--config` lives, first match wins:
    /// 1. `$FLICK_KIOSK` (used as given, so a wrong path fails loudly when loaded);
    /// 2. `<executable dir>/../share/flick/kiosk/tour.json` (an installed tree);
    /// 3. `kiosk/tour.json` in the executable's directory or any parent (`.build/release/flick` in a checkout);
    /// 4. the checkout this module was compiled from.
    /// nil when none exists.
    package static func defaultTourPath(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = FontCollection.currentExecutablePath(),
        sourceTree: String = compiledSourceTree
    ) -> String? {
        if let override = environment["FLICK_KIOSK"], !override.isEmpty { return override }
        var candidates: [String] = []
        if let executablePath {
            let binDir = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
            candidates.append(binDir.appendingPathComponent("../share/flick/kiosk/tour.json").standardizedFileURL.path)
            var dir = binDir
            while true {
                candidates.append(dir.appendingPathComponent("kiosk/tour.json").path)
                let parent = dir.deletingLastPathComponent().standardizedFileURL
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        candidates.append(URL(fileURLWithPath: sourceTree).appendingPathComponent("kiosk/tour.json").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The checkout root, three levels up from Sources/FlickKiosk/Config/DefaultTour.swift at compile time.
    package static let compiledSourceTree: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
