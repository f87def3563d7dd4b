import ArgumentParser
import Logging

@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "A software-rendered kiosk UI for Linux touchscreens.",
        subcommands: [Run.self, Render.self, Check.self, Devices.self, RecordTouches.self, Bench.self, TodoStress.self],
        defaultSubcommand: Run.self)
}

enum Log {
    static func setUp() {
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
    }
    static let flick = Logger(label: "flick")
}
