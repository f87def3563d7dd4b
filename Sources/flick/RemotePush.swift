import ArgumentParser
import FlickFiles
import FlickJSON
import FlickKiosk

struct RemotePush: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Check a kiosk config here, then push it to a node, a group or all kiosks.",
        discussion: """
            The config is checked first as `flick check` checks it (its pictures and fonts relative to CONFIG here, \
            as they are to the config on each kiosk); an invalid one is refused with one line per problem, exit 2, \
            and nothing is published. A valid one goes to command/config of --to, and each kiosk it reaches answers \
            on state/config: applied, or refused with its reason, changing nothing. One line per kiosk says which; \
            the exit status is 0 only when every one applied it.

            --to NODE: that kiosk. --to GROUP: every kiosk whose health lists the group, offline ones too (they \
            miss it, and are named). --to all: every kiosk online. A config that names another fleet.node, or a \
            fleet.prefix other than --prefix, is refused; one without "fleet" is pushed with a warning (the kiosks \
            that apply it leave the fleet).
            """)

    @OptionGroup var options: RemoteOptions

    @Argument(help: "The kiosk config (JSON) to push.")
    var config: String

    @Option(help: "Where it goes: a node, a group, or all.")
    var to: String

    func validate() throws {
        if let problem = RemoteTarget.check(to) { throw ValidationError("--to: \(problem)") }
    }

    func run() throws {
        var bytes: [UInt8] = []
        var joinsFleet = false
        try reportingFailure { () throws(RemoteFailure) in
            do { bytes = try InputFile.read(config, as: .config) } catch { throw RemoteFailure(.local, "\(error)") }
            joinsFleet = try checkFleetFields(bytes)
        }
        _ = try KioskConfig.checkedOrExit(path: config)
        if !joinsFleet {
            // Said, not refused: taking a kiosk out of the fleet may be meant.
            printToStandardError(["flick remote: warning: \(config) has no \"fleet\": a kiosk that applies it leaves the fleet, "
                + "and is no longer reached from here"])
        }
        try reportingFailure { () throws(RemoteFailure) in
            let session = try RemoteSession(options)
            let topics = session.topics
            try session.open(subscribing: [topics.state("config"), topics.state("error")])
            var outcomes = RemoteOutcomes(try session.fleet.reach(to, broker: session.broker, topics: topics))
            session.onMessage = { message, _ in
                switch message.kind {
                case .config: outcomes.record(Self.outcome(of: message), of: message.node)
                case .error: outcomes.record(.refused(message.text), of: message.node)
                default: break
                }
            }
            try session.publish(topics.command("config", to: to), bytes)
            _ = try session.wait(for: { outcomes.settled })
            session.close()
            writeToStandardOutput(outcomes.lines(timeout: session.timeout))
            if let failure = outcomes.failure(doing: "apply \(config)", timeout: session.timeout) { throw failure }
        }
    }

    /// A kiosk's state/config: `{"applied": true, "config": "<hash>"}` or `{"applied": false, "error": "<line>"}`.
    private static func outcome(of message: FleetMessage) -> RemoteOutcomes.Outcome {
        let answer = message.json
        switch answer?[member: "applied"]?.boolValue {
        case true?: return .done("applied" + (answer?[member: "config"]?.stringValue.map { " (config \($0))" } ?? ""))
        case false?: return .refused(answer?[member: "error"]?.stringValue ?? "(no reason given)")
        case nil: return .refused("its answer is not {\"applied\": …}: \(message.text.prefix(200))")
        }
    }

    /// A config that names its own node or prefix would move every kiosk it reaches there: one config for a group
    /// leaves `fleet.node` out (each kiosk is then its host name), and the prefix must be the one pushed under.
    /// Whether the config has `fleet` at all.
    private func checkFleetFields(_ bytes: [UInt8]) throws(RemoteFailure) -> Bool {
        guard let fleet = (try? JSONParser.parse(bytes))?[member: "fleet"] else { return false }
        if let node = fleet[member: "node"]?.stringValue, node != to {
            let quoted = escapingControlCharacters(node)
            throw RemoteFailure(.local, "\(config): fleet.node is \"\(quoted)\": pushed to \(to), every kiosk it reaches would become \(quoted); "
                + "leave fleet.node out of a config for many kiosks (each is then its host name), or push it to \(quoted)")
        }
        let prefix = fleet[member: "prefix"]?.stringValue ?? RemoteOptions.defaultPrefix
        if prefix != options.prefix {
            throw RemoteFailure(.local, "\(config): its fleet.prefix is \"\(escapingControlCharacters(prefix))\", but it is pushed under "
                + "\(options.prefix): the kiosks would leave this fleet; push with --prefix \(escapingControlCharacters(prefix)), or change fleet.prefix")
        }
        return true
    }
}
