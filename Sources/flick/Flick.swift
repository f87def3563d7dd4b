import ArgumentParser
import FlickCore
import FlickJSON

@main
struct Flick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "A software-rendered kiosk UI for Linux touchscreens.",
        version: FlickVersion.current,
        subcommands: [Run.self, Render.self, Check.self, Devices.self, RecordTouches.self, Remote.self, Bench.self, TodoStress.self, NoteExit.self],
        defaultSubcommand: Run.self)

    /// `flick` alone and `flick --config x.json` run `flick run`, but a first word that names no command is a
    /// typo, not run's business: argument-parser would hand it to run and answer about run's options.
    static func main() {
        if let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-"), !commandNames.contains(word) {
            let shown = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { command in
                command == configuration.defaultSubcommand ? "\(command._commandName) (default)" : command._commandName
            }
            printToStandardError(["flick: unknown command '\(escapingControlCharacters(word))'",
                                  "commands: \(shown.joined(separator: ", ")) (see 'flick --help')"])
            exit(withError: ExitCode.validationFailure)
        }
        main(nil)
    }

    private static var commandNames: Set<String> { Set(configuration.subcommands.map { $0._commandName } + ["help"]) }
}
