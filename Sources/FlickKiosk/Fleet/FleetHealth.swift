import FlickCore
import FlickJSON
import FlickUI
import Glibc

/// The kiosk's health as `state/health` carries it (<doc:Fleet>): who it is, what runs, how well it draws and how the
/// board is.
struct FleetHealth: Equatable {
    /// What changes the health at once, rather than at the next minute: a report goes out when it differs.
    struct Signature: Equatable {
        var screen: String
        var lastError: String?
        var config: String?
        var lastRestart: LastExit?
    }

    /// How many frames the loop had drawn, and when: the start of the period the next report's frame rate is of.
    struct FrameCount {
        var frames: Int
        var time: Double
    }

    var signature: Signature
    var fps: Double
    var frameTimeP99: Double?
    var missedVblanks: Int

    /// The health at `now` (seconds on the loop's clock): the frame rate since `since`, the rest from `statistics`.
    init(signature: Signature, statistics: FrameStatistics?, since: FrameCount?, now: Double) {
        self.signature = signature
        let frames = statistics?.frames ?? 0
        let period = since.map { now - $0.time } ?? 0
        fps = since.map { period > 0 ? Double(frames - $0.frames) / period : 0 } ?? 0
        frameTimeP99 = statistics?.drawTimes.percentile(99).map { $0 * 1000 }
        missedVblanks = statistics?.missedVblanks ?? 0
    }

    /// `screen` as the health says it: `on`, `dim` or `blank`.
    static func screen(_ state: ScreenPower.State?) -> String {
        switch state {
        case .dimmed: "dim"
        case .blanked: "blank"
        case .on, nil: "on"
        }
    }

    /// The JSON object, with what is read from the system now and `epoch` (seconds since 1970) for `at`.
    func json(fleet: KioskConfig.Fleet, epoch: Double) -> JSONValue {
        func number(_ value: Double?, decimals: Double = 100) -> JSONValue {
            value.map { .number(($0 * decimals).rounded() / decimals) } ?? .null
        }
        let restart = signature.lastRestart?.json
        return .object([
            ("node", .string(fleet.node)),
            ("groups", .array(fleet.groups.map(JSONValue.string))),
            ("version", .string(FlickVersion.current)),
            ("uptime", number(SystemReadings.processUptime(), decimals: 1)),
            ("config", signature.config.map(JSONValue.string) ?? .null),
            ("fps", number(fps, decimals: 10)),
            ("frameTimeP99", number(frameTimeP99)),
            ("missedVblanks", .number(Double(missedVblanks))),
            ("rss", SystemReadings.residentBytes().map { .number(Double($0)) } ?? .null),
            ("cpuTemperature", number(SystemReadings.cpuTemperature(), decimals: 10)),
            ("screen", .string(signature.screen)),
            ("lastError", signature.lastError.map(JSONValue.string) ?? .null),
            ("lastRestart", restart ?? .null),
            ("at", .string(Self.utc(epoch))),
        ])
    }

    /// `epoch` (seconds since 1970) as ISO 8601 in UTC to the second: `2026-03-03T08:00:00Z`.
    static func utc(_ epoch: Double) -> String {
        var t = time_t(epoch.rounded(.down))
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
