import ArgumentParser
import FlickBoard
import FlickJSON
import FoundationEssentials
import Glibc

struct RemoteFollow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Print kiosks' status, page, health and errors as they change, until Ctrl-C.",
        discussion: """
            Starts with what the broker holds for each kiosk followed, then prints a line for each change: \
            TIME NODE status|page|health|error WHAT. With --json, one object per line: {"at", "node"} and one of \
            "status", "page", "health" (as the kiosk sent them) or "error". A broker that goes away is tried again \
            (said on stderr); Ctrl-C or SIGTERM ends it with exit 0.
            """)

    @OptionGroup var options: RemoteOptions

    @Argument(help: "A node or a group to follow (default: every kiosk).")
    var target: String?

    @Flag(help: "One JSON object per change and line, for scripts.")
    var json = false

    func validate() throws {
        if let target, let problem = RemoteTarget.check(target) { throw ValidationError(problem) }
    }

    func run() throws {
        // Before the connection: the mask is inherited by every thread started afterwards.
        let signals = try SignalQueue(SIGINT, SIGTERM)
        try reportingFailure { () throws(RemoteFailure) in
            let session = try RemoteSession(options)
            session.survivesDisconnects = true
            try session.open(subscribing: [session.topics.state("error")])
            // A name that is no kiosk's is a typo to say, not something to wait for.
            if let target, target != RemoteTarget.all { _ = try session.fleet.known(target, broker: session.broker, topics: session.topics) }
            var open = writeToStandardOutput(session.fleet.kiosks.filter(follows).flatMap { kiosk in
                [FleetMessage.Kind.status, .page, .health].compactMap { line($0, of: kiosk) }
            })
            session.onMessage = { [unowned session] message, changed in
                let kiosk = session.fleet.kiosk(message.node) ?? KioskRecord(node: message.node)
                guard open, changed || message.kind == .error, follows(kiosk) else { return }
                let error = message.kind == .error ? message.text : nil
                open = writeToStandardOutput(line(message.kind, of: kiosk, error: error, cleared: true).map { [$0] } ?? [])
            }
            session.onConnectionChange = { [broker = session.broker] state in
                switch state {
                case .connected: printToStandardError(["flick remote: \(broker): connected again"])
                case .disconnected(let reason): printToStandardError(["flick remote: \(broker): \(reason); trying again"])
                case .connecting: break
                }
            }
            _ = try session.wait(until: .infinity, interruption: signals.descriptor.rawValue, for: { !open })
            session.close()
        }
    }

    private func follows(_ kiosk: KioskRecord) -> Bool {
        guard let target, target != RemoteTarget.all else { return true }
        return kiosk.node == target || kiosk.groups.contains(target)
    }

    /// The line for news of a `kind` about `kiosk`: its `error`, else what its record now holds; nil when that is
    /// nothing, unless the news is that it was `cleared`.
    private func line(_ kind: FleetMessage.Kind, of kiosk: KioskRecord, error: String? = nil, cleared: Bool = false) -> String? {
        let value: JSONValue
        switch kind {
        case .status: value = kiosk.status.map(JSONValue.string) ?? .null
        case .page: value = kiosk.page ?? .null
        case .health: value = kiosk.health ?? .null
        case .error: value = .string(error ?? "")
        case .config, .screenshot: return nil
        }
        guard value != .null || cleared else { return nil }
        let at = Date.now.formatted(.iso8601)
        if json { return JSONValue.object([("at", .string(at)), ("node", .string(kiosk.node)), (kind.rawValue, value)]).text() }
        return escapingControlCharacters("\(at) \(kiosk.node) \(kind.rawValue) \(Self.summary(kind, of: kiosk, value: value))")
    }

    /// `online`; `menu (en)`; `screen on, 59.9 fps, up 3h 02m, last error: …`; an error's line.
    private static func summary(_ kind: FleetMessage.Kind, of kiosk: KioskRecord, value: JSONValue) -> String {
        switch kind {
        case .status: return kiosk.status ?? "(cleared)"
        case .page:
            guard let id = kiosk.pageID else { return value == .null ? "(cleared)" : value.text() }
            return id + (kiosk.page?[member: "language"]?.stringValue.map { " (\($0))" } ?? "")
        case .health:
            guard kiosk.health != nil else { return "(cleared)" }
            var parts = ["screen \(kiosk.screenText)", "\(kiosk.fpsText) fps", "up \(kiosk.uptimeText)"]
            if kiosk.lastRestartText != "-" { parts.append("restarted \(kiosk.lastRestartText)") }
            if kiosk.lastErrorText != "-" { parts.append("last error: \(kiosk.lastErrorText)") }
            return parts.joined(separator: ", ")
        case .error: return value.stringValue ?? ""
        case .config, .screenshot: return ""
        }
    }
}
