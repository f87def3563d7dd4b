import ArgumentParser
import FlickKiosk
import FlickBoard
import FlickDRM
import FlickLibInput

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a kiosk config file without running it.",
        discussion: "Prints every problem to stderr, one line each (file: JSON path: what is expected) — every picture decoded whole — and exits 2; otherwise prints \"CONFIG: ok (N pages)\".")

    @Argument(help: "The kiosk config (JSON), e.g. kiosk/tour.json.")
    var config: String

    func run() throws {
        let loaded = try KioskConfig.checkedOrExit(path: config)
        let unreachable = PageGraph(loaded).unreachable
        if !unreachable.isEmpty {
            printToStandardError(["\(config): warning: not reachable from \"\(loaded.start)\" by swiping or buttons: \(unreachable.joined(separator: ", "))"])
        }
        let count = loaded.pages.count
        print("\(config): ok (\(count) \(count == 1 ? "page" : "pages"))")
    }
}
