/// Refused commands, answered at most once per burst: the first refusal opens a window of ``window`` seconds, and
/// when it closes one line says the first refusal, and how many more came in the window and the latest of them. A
/// flood of ten thousand bad commands is one line a second, on `state/error` and in the log, and holds two lines in
/// memory whatever it sends.
struct ErrorBurst {
    /// How long a burst gathers refusals before its line goes out.
    static let window = 1.0

    private var first: String?
    private var latest: String?
    private var more = 0
    /// When the open burst's line is due; nil: no burst is open.
    private(set) var deadline: Double?

    /// A refusal at `now`: opens a burst, or counts in the open one.
    mutating func add(_ line: String, at now: Double) {
        if first == nil {
            first = line
            deadline = now + Self.window
        } else {
            more += 1
            latest = line
        }
    }

    /// The line of the burst whose window closed by `now`, once; nil while it is open, or when there is none.
    mutating func take(at now: Double) -> String? {
        guard let deadline, now >= deadline, let first else { return nil }
        defer { self = ErrorBurst() }
        guard more > 0, let latest else { return first }
        let count = more == 1 ? "1 more" : "\(more) more"
        return latest == first ? "\(first) (and \(count) like it within \(Self.seconds) s)"
            : "\(first) (and \(count) within \(Self.seconds) s, the latest: \(latest))"
    }

    private static var seconds: String { window == window.rounded() ? String(Int(window)) : String(window) }
}
