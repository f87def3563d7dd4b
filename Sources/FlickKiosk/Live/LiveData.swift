import FlickJSON

/// The current value of every data source of a kiosk, by name, with its freshness: what widgets bound to a source
/// draw. The sources (an MQTT subscription, a watched file, the clock) hand it values as they arrive; widgets read
/// ``reading(_:)`` and redraw when the source's ``version(of:)`` changes. Everything happens on the frame loop's
/// thread.
public final class LiveData {
    /// What a widget bound to a source shows.
    public enum Reading: Sendable, Equatable {
        /// Nothing has arrived yet (the broker not reached, the file not read).
        case waiting
        /// The latest value, within its freshness.
        case live(JSONValue)
        /// The latest value, older than the source's freshness: show it as stale, not as if it were live.
        case stale(JSONValue)
        /// The source cannot give a value: why, in one line (a file that is gone, a payload without the path).
        case failed(String)

        /// The value, live or stale.
        public var value: JSONValue? {
            switch self {
            case .live(let v), .stale(let v): v
            case .waiting, .failed: nil
            }
        }
    }

    private struct Entry {
        var freshness: Double?
        var value: JSONValue?
        var updated: Double?
        var failure: String?
        var isStale = false
        var version: UInt64 = 0
    }

    private var entries: [String: Entry] = [:]
    /// Changes whenever any source's reading does.
    public private(set) var generation: UInt64 = 0

    /// Values for `sources` (name and freshness), none arrived yet.
    public init(sources: [(name: String, freshness: Double?)] = []) {
        for source in sources { entries[source.name] = Entry(freshness: source.freshness) }
    }

    /// The names of the sources, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// What the source `name` holds now; ``Reading/failed(_:)`` for a name that is not a source.
    public func reading(_ name: String) -> Reading {
        guard let entry = entries[name] else { return .failed("no source named \"\(name)\"") }
        if let failure = entry.failure { return .failed(failure) }
        guard let value = entry.value else { return .waiting }
        return entry.isStale ? .stale(value) : .live(value)
    }

    /// Counts the changes of the reading of `name`: a widget that drew version `n` need not draw again while it
    /// stays `n`.
    public func version(of name: String) -> UInt64 { entries[name]?.version ?? 0 }

    /// `value` arrived for `name` at `now` (seconds on the loop's clock). A value equal to the one held only renews its
    /// freshness.
    public func receive(_ value: JSONValue, for name: String, at now: Double) {
        guard var entry = entries[name] else { return }
        let changed = entry.value != value || entry.failure != nil || entry.isStale
        entry.value = value
        entry.failure = nil
        entry.updated = now
        entry.isStale = false
        store(entry, for: name, changed: changed)
    }

    /// The source `name` cannot give a value, for `reason` (one line); widgets show that instead of the old value.
    public func fail(_ name: String, reason: String) {
        guard var entry = entries[name], entry.failure != reason else { return }
        entry.failure = reason
        store(entry, for: name, changed: true)
    }

    /// Marks the values older than their freshness at `now` as stale.
    public func advance(to now: Double) {
        for (name, entry) in entries where !entry.isStale && entry.failure == nil {
            guard let freshness = entry.freshness, let updated = entry.updated, now >= updated + freshness else { continue }
            var stale = entry
            stale.isStale = true
            store(stale, for: name, changed: true)
        }
    }

    /// When the next live value goes stale; nil when none will.
    public var nextDeadline: Double? {
        entries.values.compactMap { entry -> Double? in
            guard !entry.isStale, entry.failure == nil, let freshness = entry.freshness, let updated = entry.updated else { return nil }
            return updated + freshness
        }.min()
    }

    /// Carries over the values of `old` for the sources of the same name and freshness: a config reloaded
    /// without changing a source keeps showing its value instead of waiting for the next one.
    public func keepValues(of old: LiveData) {
        for (name, entry) in old.entries where entries[name]?.freshness == entry.freshness {
            entries[name] = entry
        }
        generation &+= 1
    }

    private func store(_ entry: Entry, for name: String, changed: Bool) {
        var entry = entry
        if changed {
            entry.version &+= 1
            generation &+= 1
        }
        entries[name] = entry
    }
}
