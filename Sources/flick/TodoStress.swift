import ArgumentParser
import FlickKiosk

/// For the crash test: applies `TodoEditBurst` edits to the store in DIR as fast as it can and prints
/// `ack K` once edit K is durably saved. The test kills it at random moments.
struct TodoStress: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "todo-stress", abstract: "Crash-test helper for the to-do store.",
                                                    shouldDisplay: false)

    @Option(help: "The state directory.")
    var dir: String

    @Option(help: "The edit the store in DIR already holds (0: none).")
    var from = 0

    @Option(help: "How many edits.")
    var edits = 1000

    func run() throws {
        let store = TodoStore(directory: dir)
        var items = store.load()
        guard items == TodoEditBurst.state(after: from) else {
            print("store does not hold edit \(from)")
            throw ExitCode(3)
        }
        var k = from
        while k < from + edits {
            k += 1
            TodoEditBurst.apply(edit: k, to: &items)
            try store.save(items)
            // Unbuffered: an acknowledgement the test reads is one the store has made durable.
            let ack = Array("ack \(k)\n".utf8)
            _ = ack.withUnsafeBytes { write(1, $0.baseAddress!, $0.count) }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
