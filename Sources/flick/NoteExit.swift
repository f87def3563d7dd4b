import ArgumentParser
import FlickKiosk
import FoundationEssentials
import Glibc

/// `flick note-exit`: the unit's `ExecStopPost=`, which keeps how the kiosk last ended (systemd's `SERVICE_RESULT`,
/// `EXIT_CODE` and `EXIT_STATUS`, with the time) as `last-exit.json` in the state directory, for the health report of
/// the kiosk systemd starts again.
struct NoteExit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "note-exit",
        abstract: "Record why the kiosk's service stopped, as systemd's ExecStopPost= (see deploy/flick.service).",
        discussion: "Writes $SERVICE_RESULT, $EXIT_CODE and $EXIT_STATUS (set by systemd for ExecStopPost=) and the time to last-exit.json in the state directory, where the kiosk's health report finds when it was last restarted and why.",
        // The unit's plumbing, not an operator's command: deploy/README.md documents it.
        shouldDisplay: false)

    @Option(help: "The state directory (default: as flick run: $XDG_STATE_HOME/flick, else ~/.local/state/flick).")
    var stateDir: String?

    func validate() throws {
        if stateDir?.isEmpty == true {
            throw ValidationError("--state-dir needs a directory (relative paths are from the working directory)")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let exit = LastExit(environment: environment, at: Double(time(nil))) else {
            printToStandardError(["flick note-exit: SERVICE_RESULT is not set: run it as the unit's ExecStopPost= (systemd sets it there)"])
            throw ExitCode(2)
        }
        let directory = stateDir ?? TodoStore.defaultDirectory(environment: environment)
        do {
            try exit.write(stateDirectory: directory)
        } catch {
            printToStandardError(["flick note-exit: \(error)"])
            throw ExitCode(1)
        }
    }
}
