import FlickFiles
import FlickJSON
import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import FoundationEssentials
import Glibc

/// Bytes as the messages a broker delivers and the contents a data file is rewritten with, one after another: the
/// input split at 0xFE (a byte no UTF-8 text holds, so every text payload can be one of them), each part a payload.
/// Each goes where a real one goes — through ``TopicSources`` (as the broker connection hands it on) to three MQTT
/// sources with and without a path into the JSON, and written to a file read by two ``FileSource``s — into the
/// ``LiveData`` of a panel with every kind of widget bound, on a 160x120 and a 320x240 screen on the virtual clock,
/// the next frame played after each payload.
///
/// After each payload: every source reads a value a widget can show (a finite number, text of at most
/// ``LivePayload/textLimit`` bytes, or anything else JSON holds) or why it has none, in one line; never waiting or
/// stale. A message and a file with the same bytes give the same value. Bytes that are neither UTF-8 nor JSON give
/// no value. A changed reading asks for a frame, and after the next frame the scene is still (each change drawn in
/// the frame after it, nothing left spinning). Every line logged is one line, its control characters escaped.
enum PayloadFuzz {
    static let separator: UInt8 = 0xFE
    /// Enough for a sequence (a value, garbage, a huge number, a value again), few enough to keep inputs quick.
    static let mostPayloads = 16
    /// The topic every message arrives on; each MQTT source's filter matches it.
    static let topic = "fuzz/reading"

    /// Where the pictures a payload can name are: a FIFO and a PNG (`"/tmp/flick-fuzz-payload/fifo"` is in the seeds).
    static let directory = "/tmp/flick-fuzz-payload"
    /// The data file, one per process: libFuzzer's jobs run side by side.
    static let dataFile = directory + "/value-\(getpid())"

    /// The panel on each screen, its widgets in rows so each has room to draw in, every source bound: on 160x120 at
    /// half scale the readouts, on 320x240 every kind, controls included.
    static let screens: [(width: Int, height: Int, config: KioskConfig)] = {
        mkdir(directory, 0o755)
        mkfifo(directory + "/fifo", 0o600)
        let picture = Surface(width: 8, height: 6)
        Canvas(surface: picture).fill(Rect(x: 0, y: 0, width: 8, height: 6), color: Color(hex: 0x3366CC))
        try? picture.writePNG(path: directory + "/picture.png")
        let small = """
          {"row": [{"value": "reading", "decimals": 6, "unit": "°C", "limits": {"low": -10, "high": 40}},
                   {"gauge": "reading", "min": -50, "max": 150, "limits": {"low": 0}}, {"clock": "time", "source": "reading"},
                   {"value": "deep"}]},
          {"row": [{"progress": "field", "max": 500, "decimals": 2}, {"image": {"source": "reading"}}, {"value": "file", "unit": "V"},
                   {"gauge": "fileField"}]}
        """
        let full = """
          {"row": [{"value": "reading", "decimals": 6, "unit": "°C", "limits": {"low": -10, "high": 40}},
                   {"value": "field", "decimals": 0, "limits": {"high": 1e300}}, {"value": "deep"}, {"value": "file", "unit": "V"}]},
          {"row": [{"gauge": "reading", "min": -50, "max": 150, "unit": "bar", "limits": {"low": 0}},
                   {"progress": "field", "max": 500, "decimals": 2}, {"gauge": "fileField"}, {"clock": "dateTime", "source": "reading"}]},
          {"row": [{"toggle": "Pump", "source": "reading"}, {"slider": "Speed", "min": -100, "max": 100, "step": 0.5, "source": "field", "weight": 2}]},
          {"row": [{"image": {"source": "reading"}}, {"image": {"source": "fileField"}}, {"clock": "time", "source": "field", "style": "title"},
                   {"label": "Acknowledged"}]}
        """
        return [(160, 120, config(widgets: small, scale: 0.5)), (320, 240, config(widgets: full, scale: 1))]
    }()

    private static func config(widgets: String, scale: Double) -> KioskConfig {
        let json = """
        {"mqtt": {"broker": "mqtt://127.0.0.1:1"}, "display": {"scale": \(scale)},
         "sources": {
           "reading": {"mqtt": "\(topic)", "freshness": 0.5},
           "field": {"mqtt": "fuzz/+", "path": "value"},
           "deep": {"mqtt": "fuzz/#", "path": "state.readings[1].v", "freshness": 30},
           "file": {"file": "\(dataFile)"},
           "fileField": {"file": "\(dataFile)", "path": "value", "interval": 1}
         },
         "pages": [{"id": "panel", "content": {"type": "panel", "widgets": [\(widgets)]}}]}
        """
        do { return try KioskConfig.parse(Array(json.utf8), file: "payload-fuzz.json", directory: directory) } catch {
            fatalError("the payload fuzzer's own config is refused: \(error)")
        }
    }

    static func run(_ bytes: [UInt8]) {
        guard let fonts = StormFuzz.fonts else { return }
        let payloads = bytes.split(separator: separator, omittingEmptySubsequences: false).prefix(mostPayloads).map(Array.init)
        for screen in screens { play(payloads, config: screen.config, width: screen.width, height: screen.height, fonts: fonts) }
    }

    private final class Log {
        func add(_ line: String) { invariant(isOneLine(line), "a log line with a control character: \(line.debugDescription)") }
    }

    private static func play(_ payloads: [[UInt8]], config: KioskConfig, width: Int, height: Int, fonts: FontCollection) {
        let log = Log()
        // The file sources start from an empty file, not the last input's.
        _ = write([])
        let live = LiveData(sources: config.sources.map { ($0.name, $0.freshness) })
        var topics = TopicSources(config.sources)
        let files = config.sources.compactMap { source -> FileSource? in
            guard case .file(let path, let valuePath, let interval) = source.origin else { return nil }
            return FileSource(name: source.name, path: path, valuePath: valuePath, interval: interval, live: live, log: log.add, now: 0)
        }
        let scene = PagesScene(config: config, width: width, height: height, fonts: fonts, live: live,
                               wallClock: WallClock(epoch: 1_772_550_000), log: log.add)
        let player = VirtualClockPlayer(scene: scene, width: width, height: height)
        for payload in payloads {
            let generation = live.generation
            topics.receive(payload, on: topic, into: live, at: player.time, log: log.add)
            let written = write(payload)
            if written { for file in files { file.read(now: player.time) } }
            check(payload, live, fileWritten: written)
            invariant(live.generation == generation || scene.needsFrame, "a changed reading asks for no frame")
            player.step()
            invariant(!scene.needsFrame, "the panel still wants a frame after the one that drew a payload")
        }
        // Past the freshness of the sources that have one: stale is drawn too.
        live.advance(to: player.time + 1)
        player.step()
        invariant(!scene.needsFrame, "the panel still wants a frame after the one that drew its values stale")
    }

    /// What the sources read right after `payload`.
    private static func check(_ payload: [UInt8], _ live: LiveData, fileWritten: Bool) {
        for name in live.names {
            let reading = live.reading(name)
            switch reading {
            case .live(.number(let n)): invariant(n.isFinite, "source \(name) reads the number \(n)")
            case .live(.string(let s)):
                invariant(s.utf8.count <= LivePayload.textLimit, "source \(name) reads text of \(s.utf8.count) bytes")
            case .live: break
            case .failed(let reason): invariant(isOneLine(reason), "source \(name) fails with \(reason.debugDescription)")
            case .waiting, .stale: invariant(false, "source \(name) reads \(reading) right after a payload")
            }
        }
        if fileWritten, payload.count <= InputFile.Kind.dataSource.limit {
            for (message, file) in [("reading", "file"), ("field", "fileField")] {
                invariant(live.reading(message).value == live.reading(file).value,
                          "a message gives \(live.reading(message)), a file with the same bytes \(live.reading(file))")
            }
        }
        if String(validating: payload, as: UTF8.self) == nil, (try? JSONParser.parse(payload)) == nil {
            invariant(live.reading("reading").value == nil, "binary data reads \(live.reading("reading"))")
        }
    }

    /// `bytes` as the data file's contents; false when they could not be written.
    private static func write(_ bytes: [UInt8]) -> Bool {
        (try? Data(bytes).write(to: URL(filePath: dataFile))) != nil
    }
}

/// `text` is one line a terminal shows as it is: no control or format characters, no line separators.
func isOneLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory) }
}
