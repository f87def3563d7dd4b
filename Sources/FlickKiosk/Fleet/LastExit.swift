import FlickFiles
import FlickJSON
import FoundationEssentials

/// How the kiosk's service last ended, as systemd told `flick note-exit` (the unit's `ExecStopPost=`): when, and
/// why — the watchdog, a signal, an exit code, or a clean stop. Kept in the state directory as `last-exit.json`, so
/// the kiosk that systemd starts again can say in its health report when it was last restarted and why.
///
/// The file is this value's ``json``: `{"at": "2025-03-14T09:26:53Z", "reason": "watchdog", "detail": "dumped ABRT"}`.
/// A power cut runs no `ExecStopPost=`: the file then still tells of the stop before.
public struct LastExit: Equatable, Sendable {
    /// The file's name in the state directory.
    public static let fileName = "last-exit.json"
    /// When the service ended, in seconds since 1970 (UTC), to the second.
    public var at: Double
    /// systemd's `$SERVICE_RESULT`: `success` (a clean stop), `watchdog`, `signal`, `core-dump`, `exit-code`,
    /// `timeout`, `oom-kill`, `resources`, … (systemd.exec(5)).
    public var reason: String
    /// systemd's `$EXIT_CODE` and `$EXIT_STATUS`, as it says them: `exited 0`, `killed TERM`, `dumped ABRT`; empty
    /// when systemd gave neither (the process never started).
    public var detail: String

    /// An exit `reason` with its `detail`, at `at` (seconds since 1970, whole).
    public init(at: Double, reason: String, detail: String) {
        self.at = at.rounded(.down)
        self.reason = reason
        self.detail = detail
    }

    /// The exit systemd describes in `environment` to a unit's `ExecStopPost=` command (`SERVICE_RESULT`,
    /// `EXIT_CODE`, `EXIT_STATUS`), at `at`; nil without `SERVICE_RESULT` (not run by systemd after a stop).
    package init?(environment: [String: String], at: Double) {
        guard let result = environment["SERVICE_RESULT"], !result.isEmpty else { return nil }
        let detail = [environment["EXIT_CODE"], environment["EXIT_STATUS"]].compactMap { $0 }.filter { !$0.isEmpty }
        self.init(at: at, reason: result, detail: detail.joined(separator: " "))
    }

    /// The exit as the health report gives it: `{"at": "<ISO 8601, UTC>", "reason": "…", "detail": "…"}`.
    public var json: JSONValue {
        .object([("at", .string(FleetHealth.utc(at))), ("reason", .string(reason)), ("detail", .string(detail))])
    }

    /// The exit kept in `stateDirectory`; nil when there is none, or the file is damaged (not this JSON), which is
    /// left as it is for the next stop to replace.
    public static func read(stateDirectory: String) -> LastExit? {
        // The file is small, Flick's own, and rewritten whole: `.config`'s size cap is far above it.
        guard let bytes = try? InputFile.read(path(in: stateDirectory), as: .config),
              case .object(let members)? = try? JSONParser.parse(bytes) else { return nil }
        func string(_ key: String) -> String? {
            guard case .string(let value)? = members.first(where: { $0.key == key })?.value else { return nil }
            return value
        }
        guard let time = string("at"), let date = try? Date(time, strategy: Date.ISO8601FormatStyle()),
              let reason = string("reason"), !reason.isEmpty else { return nil }
        return LastExit(at: date.timeIntervalSince1970, reason: reason, detail: string("detail") ?? "")
    }

    /// Keeps this exit in `stateDirectory` (made when missing), durably: a power cut leaves the previous file or this
    /// one. Throws the `FileError` that names the file when it cannot be written.
    package func write(stateDirectory: String) throws(FileError) {
        try DurableFile.createDirectories(stateDirectory)
        try DurableFile.write(Array((json.text() + "\n").utf8), to: Self.path(in: stateDirectory))
    }

    private static func path(in stateDirectory: String) -> String {
        KioskConfig.resolve(fileName, against: stateDirectory)
    }
}
