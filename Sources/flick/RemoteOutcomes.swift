import FlickJSON

/// What each kiosk a command went to made of it, as the answers come in.
struct RemoteOutcomes {
    enum Outcome: Equatable {
        /// Done, and how it said so (`applied (config 3f2a9c1e)`, `showing menu`).
        case done(String)
        /// Refused, with its one line of why.
        case refused(String)
        /// Offline when the command was sent: it never got it.
        case offline
        /// No answer yet (past the timeout: none).
        case waiting
    }

    private(set) var outcomes: [(node: String, outcome: Outcome)]

    /// Every kiosk in `kiosks` waiting for its answer, but those offline.
    init(_ kiosks: [KioskRecord]) {
        outcomes = kiosks.map { ($0.node, $0.isOnline ? .waiting : .offline) }
    }

    /// No kiosk is still to answer.
    var settled: Bool { !outcomes.contains { $0.outcome == .waiting } }

    /// The answer of `node`, if it is one still waiting; later answers of the same kiosk are not its answer.
    mutating func record(_ outcome: Outcome, of node: String) {
        if let i = outcomes.firstIndex(where: { $0.node == node && $0.outcome == .waiting }) { outcomes[i].outcome = outcome }
    }

    /// One line per kiosk: `cafe-1: applied (config 3f2a9c1e)`, `cafe-2: refused: …`, `cafe-3: no answer within 5 s`.
    func lines(timeout: Double) -> [String] {
        outcomes.map { node, outcome in
            switch outcome {
            case .done(let how): "\(node): \(how)"
            case .refused(let why): "\(node): refused: \(escapingControlCharacters(why))"
            case .offline: "\(node): offline, not reached"
            case .waiting: "\(node): no answer within \(seconds(timeout)) s"
            }
        }
    }

    /// Nil when every kiosk did it; else the failure naming those that did not and why (`doing`: what they were
    /// asked, `apply cafe.json`).
    func failure(doing: String, timeout: Double) -> RemoteFailure? {
        let failed = outcomes.compactMap { node, outcome -> (node: String, why: String)? in
            switch outcome {
            case .done: nil
            case .refused: (node, "refused")
            case .offline: (node, "offline")
            case .waiting: (node, "no answer within \(seconds(timeout)) s")
            }
        }
        if outcomes.count == 1, let only = failed.first { return RemoteFailure(.fleet, "\(only.node) did not \(doing): \(only.why)") }
        guard !failed.isEmpty else { return nil }
        return RemoteFailure(.fleet, "\(failed.count) of \(outcomes.count) kiosks did not \(doing): "
            + failed.map { "\($0.node) (\($0.why))" }.joined(separator: ", "))
    }
}
