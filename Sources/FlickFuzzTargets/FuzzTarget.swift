/// What `flick-fuzz` feeds with arbitrary bytes, each a place where outside input enters Flick. A target
/// returns normally for any input (refusing bad input is fine); a trap, a hang or a broken invariant is a bug.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The kiosk config reader; a config it accepts must also run (build its pages, take a swipe).
    case config
    /// The touch-script reader.
    case touchScript = "touch-script"
    /// The `libinput record` importer, through to a touch script.
    case recording
    /// The to-do store's file reader and the reader of an item's message from the broker; what they read must write
    /// back and read again unchanged.
    case store
    /// A multi-finger storm (and keys) through the headless runner, on the tour.
    case tourStorm = "tour-storm"
    /// The same on the to-do app, keyboard included.
    case todoStorm = "todo-storm"
    /// MQTT payloads and data files, one after another, into a panel with every kind of widget bound to them.
    case payload

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .config: ConfigFuzz.run(bytes)
        case .touchScript: TouchScriptFuzz.run(bytes)
        case .recording: RecordingFuzz.run(bytes)
        case .store: StoreFuzz.run(bytes)
        case .tourStorm: StormFuzz.tour.run(bytes)
        case .todoStorm: StormFuzz.todo.run(bytes)
        case .payload: PayloadFuzz.run(bytes)
        }
    }
}

/// A broken invariant: stop the fuzzer here, with what was expected.
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}
