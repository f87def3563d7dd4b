import ArgumentParser
import FlickJSON
import FlickFiles
import FlickRaster

struct RemoteScreenshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot",
        abstract: "Save the frame on one kiosk's screen as a PNG.",
        discussion: """
            Publishes command/screenshot to the node and waits --timeout seconds for its state/screenshot; what \
            comes back must decode as a PNG, and is written durably (a temporary file renamed over OUT). A kiosk \
            that does not answer in time exits 1 with nothing written.
            """)

    @OptionGroup var options: RemoteOptions

    @Argument(help: "The kiosk's node name (fleet.node in its config).")
    var node: String

    @Option(name: [.customShort("o"), .customLong("out")], help: "Where to write the PNG (default: NODE.png).")
    var out: String?

    func validate() throws {
        if let problem = RemoteTarget.check(node, allowsAll: false) { throw ValidationError(problem) }
    }

    func run() throws {
        try reportingFailure { () throws(RemoteFailure) in
            let session = try RemoteSession(options)
            let topics = session.topics
            try session.open(subscribing: [topics.state("screenshot", of: node), topics.state("error", of: node)])
            _ = try session.fleet.online(node, broker: session.broker, topics: topics)
            var answer: FleetMessage?
            session.onMessage = { message, _ in
                if message.node == node && [.screenshot, .error].contains(message.kind) { answer = answer ?? message }
            }
            try session.publish(topics.command("screenshot", to: node), [])
            guard try session.wait(for: { answer != nil }) == .done, let answer else {
                throw RemoteFailure(.fleet, "\(node) sent no screenshot within \(seconds(session.timeout)) s (--timeout gives it longer)")
            }
            session.close()
            if answer.kind == .error { throw RemoteFailure(.fleet, "\(node) refused the screenshot: \(answer.text)") }
            let path = out ?? "\(node).png"
            let frame: Surface
            do { frame = try Surface.decodePNG(answer.payload, path: path) } catch {
                throw RemoteFailure(.fleet, "\(node) sent \(answer.payload.count) bytes that are not a PNG (\((error as? ImageError)?.reason ?? "\(error)")): nothing written")
            }
            do { try DurableFile.write(answer.payload, to: path) } catch { throw RemoteFailure(.local, "\(error)") }
            writeToStandardOutput(["\(escapingControlCharacters(path)): \(frame.width)x\(frame.height), the screen of \(node)"])
        }
    }
}
