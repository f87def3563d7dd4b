import FlickCore
import FlickJSON
import FlickMQTT

/// The loop sources that bring a config's live values: a ticker for each clock, a reader for each file, the timer
/// that marks values stale.
final class LiveSources {
    private let clocks: [ClockTicker]
    private let files: [FileSource]
    private let staleness: StalenessTimer
    /// The broker connection; kept across a reload that keeps the config's `mqtt`.
    let broker: BrokerSources?
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
        if let mqtt = config.mqtt {
            if let kept = old?.broker, kept.mqtt == mqtt {
                broker = kept
            } else {
                do throws(MQTTError) { broker = try BrokerSources(mqtt: mqtt, log: log) } catch {
                    // The config reader checked the settings: only a failure to create a client gets here.
                    log("\(mqtt.broker): \(error)")
                    broker = nil
                }
            }
            broker?.bind(config.sources, to: live)
        } else {
            broker = nil
        }
        loopSources = clocks as [any LoopSource] + files + [staleness] + (broker.map { [$0] } ?? [])
    }

    /// Reads the file source(s) of `path` again: the file changed.
    func fileChanged(_ path: String, now: Double) {
        for source in files where source.path == path { source.read(now: now) }
    }

    /// What the frame loop waits on. Made once: the frame loop asks for them every turn.
    let loopSources: [any LoopSource]

    /// Publishes `payload` on `topic` through the broker.
    func publish(topic: String, payload: String, retain: Bool) {
        guard let broker else { return log("publish to \(topic): the config has no mqtt broker") }
        broker.publish(topic: topic, payload: payload, retain: retain)
    }
}
