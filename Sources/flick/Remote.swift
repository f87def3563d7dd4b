import ArgumentParser
import SystemPackage

/// `flick remote`: a fleet of kiosks seen and steered from a laptop, through the broker they share.
struct Remote: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "See and steer a fleet of kiosks through their MQTT broker.",
        discussion: """
            Kiosks with a "fleet" config publish their status, health and page on the broker (retained), and take \
            commands for their node, their groups and "all". docs/remote.md has the topics and worked examples.

              flick remote list --broker mqtt://broker.local
              flick remote screenshot cafe-1 -o cafe-1.png
              flick remote push cafe.json --to cafe
              flick remote send cafe page menu
              flick remote follow cafe

            The broker is --broker, else $FLICK_BROKER, else mqtt://localhost.

            Exit status: 0 done (every kiosk applied or answered); 1 a kiosk refused, did not answer within \
            --timeout, is offline or unknown, or no kiosk was found; 2 the config to push is invalid (nothing \
            published) or a file could not be read or written; 3 the broker could not be reached, refused the \
            login or the TLS handshake failed, or went away mid-command; 64 a mistake on the command line.
            """,
        subcommands: [RemoteList.self, RemoteScreenshot.self, RemotePush.self, RemoteSend.self, RemoteFollow.self])
}

/// Why a remote command did not do what it was asked, in one line, and the exit status that says which kind.
struct RemoteFailure: Error {
    enum Kind: Int32 {
        /// A kiosk refused, did not answer, is offline or unknown; or there are none.
        case fleet = 1
        /// Something on this machine: the config to push, a file to read or write.
        case local = 2
        /// The broker: unreachable, the login or TLS refused, or gone.
        case broker = 3
    }

    let kind: Kind
    let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    static func noKiosks(broker: String, topics: RemoteTopics) -> RemoteFailure {
        RemoteFailure(.fleet, "no kiosks on \(broker): nothing under \(topics.prefix)/+/status (a kiosk needs \"mqtt\" and \"fleet\" "
            + "in its config; is --prefix its fleet.prefix?)")
    }
}

extension ParsableCommand {
    /// Runs `body`; a failure is one line on stderr and its exit status.
    func reportingFailure(_ body: () throws(RemoteFailure) -> Void) throws {
        do {
            try body()
        } catch {
            printToStandardError(["flick remote: \(error.message)"])
            throw ExitCode(error.kind.rawValue)
        }
    }
}

/// Lines on standard output, written at once rather than held in stdio's buffer (`follow` is read line by line
/// while it runs); false when they could not be written (the reader went away).
@discardableResult
func writeToStandardOutput(_ lines: [String]) -> Bool {
    let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
    return (try? FileDescriptor.standardOutput.writeAll(bytes)) != nil
}
