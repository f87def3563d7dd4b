import FlickCore
import FlickJSON

/// The loop sources that bring a config's live values: a ticker for each clock, a reader for each file, the timer
/// that marks values stale, and the MQTT sources' messages taken from the kiosk's broker.
final class LiveSources {
    private let clocks: [ClockTicker]
    private let files: [FileSource]
    private let staleness: StalenessTimer
    private let messages: BrokerSources?

    /// The sources of `config`, handing values to `live`; its MQTT sources' through `broker` (nil: the config has no
    /// `mqtt`).
    init(config: KioskConfig, live: LiveData, broker: KioskBroker?, wallClock: WallClock, log: @escaping (String) -> Void,
         now: Double) {
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
        messages = broker.map { BrokerSources(config.sources, live: live, broker: $0, log: log) }
        loopSources = clocks as [any LoopSource] + files + [staleness]
    }

    /// Reads the file source(s) of `path` again: the file changed.
    func fileChanged(_ path: String, now: Double) {
        for source in files where source.path == path { source.read(now: now) }
    }

    /// What the frame loop waits on (the broker is the kiosk's). Made once: the frame loop asks for them every turn.
    let loopSources: [any LoopSource]
}
