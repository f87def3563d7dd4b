import ArgumentParser
import FlickJSON

struct RemoteSend: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a command to a node, a group or all kiosks: page, backlight, wake, blank or reload.",
        discussion: """
            Publishes command/VERB to the target and waits for each kiosk it reaches to show it did: page until its \
            state/page is that page, wake and blank until its health's screen is on or blank. backlight and reload \
            have no answer: they are done once the broker has passed them on. A kiosk that refuses says why on \
            state/error (an unknown page, say). One line per kiosk; exit 0 only when every one did it.

              flick remote send cafe-1 page menu
              flick remote send cafe backlight 40
              flick remote send all blank
            """)

    enum Verb: String, ExpressibleByArgument, CaseIterable {
        case page, backlight, wake, blank, reload
    }

    @OptionGroup var options: RemoteOptions

    @Argument(help: "A node, a group, or all.")
    var target: String

    @Argument(help: "page, backlight, wake, blank or reload.")
    var verb: Verb

    @Argument(help: "page: the page id; backlight: the brightness, 1 to 100 percent; the others take none.")
    var payload: String?

    func validate() throws {
        if let problem = RemoteTarget.check(target) { throw ValidationError(problem) }
        switch verb {
        case .page:
            guard let payload, !payload.isEmpty else { throw ValidationError("page needs the page id, like: send \(target) page menu") }
        case .backlight:
            guard let percent = payload.flatMap(Double.init), (1...100).contains(percent) else {
                throw ValidationError("backlight needs a brightness from 1 to 100 percent, like: send \(target) backlight 40")
            }
        case .wake, .blank, .reload:
            if let payload { throw ValidationError("\(verb.rawValue) takes nothing after it, not '\(escapingControlCharacters(payload))'") }
        }
    }

    func run() throws {
        try reportingFailure { () throws(RemoteFailure) in
            let session = try RemoteSession(options)
            let topics = session.topics
            try session.open(subscribing: [topics.state("error")])
            let members = try session.fleet.reach(target, broker: session.broker, topics: topics)
            var outcomes = RemoteOutcomes(members)
            let check = { (kiosk: KioskRecord) in
                if let done = self.done(on: kiosk) { outcomes.record(.done(done), of: kiosk.node) }
            }
            members.filter(\.isOnline).forEach(check)
            session.onMessage = { [unowned session] message, changed in
                if message.kind == .error { outcomes.record(.refused(message.text), of: message.node) }
                if changed, let kiosk = session.fleet.kiosk(message.node) { check(kiosk) }
            }
            try session.publishAndConfirm(topics.command(verb.rawValue, to: target), Array((payload ?? "").utf8))
            if verb == .backlight || verb == .reload {
                for kiosk in members where kiosk.isOnline { outcomes.record(.done("sent (it does not answer \(verb.rawValue))"), of: kiosk.node) }
            }
            _ = try session.wait(for: { outcomes.settled })
            session.close()
            writeToStandardOutput(outcomes.lines(timeout: session.timeout))
            let command = [verb.rawValue, payload].compactMap { $0 }.joined(separator: " ")
            if let failure = outcomes.failure(doing: "do \"\(escapingControlCharacters(command))\"", timeout: session.timeout) { throw failure }
        }
    }

    /// How `kiosk`'s state shows the command done, or nil while it does not (or cannot: backlight, reload).
    private func done(on kiosk: KioskRecord) -> String? {
        switch verb {
        case .page: kiosk.pageID == payload ? "showing \(kiosk.pageID!)" : nil
        case .wake: kiosk.health("screen")?.stringValue == "on" ? "screen on" : nil
        case .blank: kiosk.health("screen")?.stringValue == "blank" ? "screen blank" : nil
        case .backlight, .reload: nil
        }
    }
}
