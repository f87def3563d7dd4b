import FlickCore
import FlickJSON

/// The loop sources that bring a config's live values: a ticker for each clock, a reader for each file, the timer
/// that marks values stale.
final class LiveSources {
    private let clocks: [ClockTicker]
    private let files: [FileSource]
    private let staleness: StalenessTimer
    private let log: (String) -> Void

    /// The sources of `config`, handing values to `live`.
    init(config: KioskConfig, live: LiveData, wallClock: WallClock, log: @escaping (String) -> Void, now: Double,
         reusing old: LiveSources? = nil) {
        self.log = log
        var clocks: [ClockTicker] = [], files: [FileSource] = []
        for source in config.sources {
            switch source.origin {
            case .clock(let tick):
                clocks.append(ClockTicker(name: source.name, tick: tick, live: live, wallClock: wallClock, now: now))
            case .file(let path, let valuePath, let interval):
                files.append(FileSource(name: source.name, path: path, valuePath: valuePath, interval: interval, live: live,
                                        log: log, now: now))
            case .mqtt:
                break
            }
        }
        self.clocks = clocks
        self.files = files
        staleness = StalenessTimer(live: live)
    }

    /// What the frame loop waits on.
    var loopSources: [any LoopSource] { clocks as [any LoopSource] + files + [staleness] }

    /// Publishes `payload` on `topic`.
    func publish(topic: String, payload: String, retain: Bool) {
        log("publish to \(topic): no MQTT connection")
    }
}
