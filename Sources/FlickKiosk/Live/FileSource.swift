import FlickCore
import FlickFiles
import FlickJSON

/// A `file` source: the file read when the file watcher reports it changed, and every `interval` seconds where it
/// cannot (sysfs values), its value handed to the live data. A file that cannot be read (gone, a FIFO, too large)
/// makes the source fail with the reason, once; the next good read brings it back.
package final class FileSource: LoopSource {
    let name: String
    let path: String
    private let valuePath: ValuePath?
    private let interval: Double?
    private let live: LiveData
    private let log: (String) -> Void
    private var lastProblem: String?
    package private(set) var nextDeadline: Double?

    /// The source `name` of the file at `path` (its value at `valuePath`), read now and every `interval` seconds,
    /// handing its value to `live`; one line to `log` for each new problem.
    package init(name: String, path: String, valuePath: ValuePath?, interval: Double?, live: LiveData,
                 log: @escaping (String) -> Void, now: Double) {
        self.name = name
        self.path = path
        self.valuePath = valuePath
        self.interval = interval
        self.live = live
        self.log = log
        read(now: now)
    }

    package var fileDescriptor: Int32 { -1 }
    package var wantsWrite: Bool { false }
    package func service(readable: Bool, writable: Bool, now: Double) { read(now: now) }

    /// Reads the file now and hands its value on.
    package func read(now: Double) {
        if let interval { nextDeadline = now + interval }
        let value: JSONValue?, problem: String?
        do {
            switch LivePayload.value(of: try InputFile.read(path, as: .dataSource), at: valuePath) {
            case .success(let v): (value, problem) = (v, nil)
            case .failure(let p): (value, problem) = (nil, "\(path): \(p)")
            }
        } catch {
            (value, problem) = (nil, error.description)
        }
        if let value {
            lastProblem = nil
            live.receive(value, for: name, at: now)
        } else if let problem {
            if problem != lastProblem { log("source \(name): \(problem)") }
            lastProblem = problem
            live.fail(name, reason: problem)
        }
    }
}
