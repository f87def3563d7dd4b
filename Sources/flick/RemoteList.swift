import ArgumentParser
import FlickJSON
import FoundationEssentials

struct RemoteList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the kiosks the broker knows, online and offline, with their health.",
        discussion: """
            From every kiosk's retained status, health and page: node, status, groups, page, uptime, frames per \
            second, screen, last restart and last error (uptime, fps and screen only while it is online). With \
            --json, one object per line and kiosk: {"node", "status", "page", "health"}, page and health as the \
            kiosk sent them. No kiosk at all exits 1.
            """)

    @OptionGroup var options: RemoteOptions

    @Flag(help: "One JSON object per kiosk and line, for scripts.")
    var json = false

    func run() throws {
        try reportingFailure { () throws(RemoteFailure) in
            let session = try RemoteSession(options)
            try session.open()
            session.close()
            let kiosks = session.fleet.kiosks
            guard !kiosks.isEmpty else { throw .noKiosks(broker: session.broker, topics: session.topics) }
            writeToStandardOutput(json ? kiosks.map { $0.json.text() } : Self.table(kiosks))
        }
    }

    static func table(_ kiosks: [KioskRecord]) -> [String] {
        let header = ["NODE", "STATUS", "GROUPS", "PAGE", "UPTIME", "FPS", "SCREEN", "LAST RESTART", "LAST ERROR"]
        let rows = kiosks.map { kiosk in
            // A kiosk gone offline keeps its last health on the broker: its groups, restart and error still say
            // something, its uptime, frame rate and screen no longer do.
            let live = kiosk.isOnline
            return [kiosk.node, kiosk.statusText(now: Date()), kiosk.groups.joined(separator: ","), kiosk.pageID ?? "-",
                    live ? kiosk.uptimeText : "-", live ? kiosk.fpsText : "-", live ? kiosk.screenText : "-",
                    kiosk.lastRestartText, kiosk.lastErrorText].map { $0.isEmpty ? "-" : escapingControlCharacters($0) }
        }
        let lines = [header] + rows
        let widths = header.indices.map { column in lines.map { $0[column].count }.max()! }
        // The last column is not padded: a line ends with its text.
        return lines.map { cells in
            (cells.indices.dropLast().map { cells[$0].padding(to: widths[$0]) } + [cells.last!]).joined(separator: "  ")
        }
    }
}

extension KioskRecord {
    /// `3d 4h`, `3h 02m`, `4m 10s`, `12s`.
    var uptimeText: String {
        guard let value = health("uptime")?.numberValue, value >= 0, value < 1e12 else { return "-" }
        let s = Int64(value)
        let (d, h, m) = (s / 86400, s / 3600 % 24, s / 60 % 60)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if d > 0 { return "\(d)d \(h)h" }
        if h > 0 { return "\(h)h \(two(m))m" }
        if m > 0 { return "\(m)m \(two(s % 60))s" }
        return "\(s)s"
    }

    var fpsText: String {
        guard let fps = health("fps")?.numberValue, fps.isFinite else { return "-" }
        return String((fps * 10).rounded() / 10)
    }

    var screenText: String { health("screen")?.stringValue ?? "-" }

    /// The status; `online, silent 7m` when the kiosk's latest health is older than two and a half of its minutes: a
    /// broker that kept its retained messages through a restart may say online for a kiosk that died meanwhile.
    func statusText(now: Date) -> String {
        let status = status ?? "?"
        guard isOnline, let text = health("at")?.stringValue, let at = try? Date(text, strategy: Date.ISO8601FormatStyle()) else {
            return status
        }
        let silent = now.timeIntervalSince(at)
        guard silent > 150 else { return status }
        let minutes = Int(silent / 60)
        return "\(status), silent \(minutes < 120 ? "\(minutes)m" : "\(minutes / 60)h")"
    }

    /// `2026-03-03T08:55:12Z watchdog`, or `-`.
    var lastRestartText: String {
        guard let restart = health("lastRestart") else { return "-" }
        return [restart[member: "at"]?.stringValue, restart[member: "reason"]?.stringValue].compactMap { $0 }.joined(separator: " ")
    }

    var lastErrorText: String { health("lastError")?.stringValue ?? "-" }
}

extension String {
    /// The text followed by spaces up to `width` characters.
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
