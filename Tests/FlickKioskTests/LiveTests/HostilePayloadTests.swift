@testable import FlickKiosk
import FlickInput
import FlickJSON
import FlickRaster
import FlickTestFixtures
import FlickText
import FlickUI
import Foundation
import Testing

/// What a broker may deliver that no sensor should: megabytes, binary, JSON nested ten thousand deep, NaN, 1e308,
/// control characters — through a real mosquitto into a kiosk whose panel binds every kind of widget to it. Each
/// message is refused with a reason on screen or shown, the frame is drawn, the log stays one line per problem, and
/// ten thousand messages leave the kiosk holding what it held after the first thousand.
@Suite(.serialized) struct HostilePayloadTests {
    static let topic = "plant/oven"

    /// A kiosk subscribed to `topic` on `broker`, on an 800x480 screen on the virtual clock: the widgets, in order, are a
    /// value with six decimals and limits, a value of the payload's `value`, a gauge, a toggle, a slider, a picture
    /// and a clock bound to the payload, a label, and the picture at the payload's `picture`.
    private final class Kiosk {
        let kiosk: KioskScene
        let player: VirtualClockPlayer
        let loop = TestLoop()
        private let log = Log()
        var logged: [String] { log.lines }

        final class Log { var lines: [String] = [] }

        init(broker: MosquittoBroker) throws {
            let json = #"""
            {"mqtt": {"broker": "\#(broker.address)"},
             "sources": {"reading": {"mqtt": "\#(HostilePayloadTests.topic)", "freshness": 30},
                         "field": {"mqtt": "\#(HostilePayloadTests.topic)", "path": "value"},
                         "picture": {"mqtt": "\#(HostilePayloadTests.topic)", "path": "picture"}},
             "pages": [{"id": "panel", "content": {"type": "panel", "title": "Oven", "columns": 3, "widgets": [
               {"value": "reading", "title": "Raw", "decimals": 6, "unit": "°C", "limits": {"low": -10, "high": 250}},
               {"value": "field", "title": "Field"},
               {"gauge": "reading", "max": 300},
               {"toggle": "Fan", "source": "reading"},
               {"slider": "Set", "min": 0, "max": 300, "source": "field"},
               {"image": {"source": "reading"}},
               {"clock": "time", "source": "reading"},
               {"label": "Line 1"},
               {"image": {"source": "picture"}}
             ]}}]}
            """#
            let config = try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/tmp")
            let log = log
            kiosk = KioskScene(config: config, file: nil, width: 800, height: 480, fonts: try FontCollection(),
                               wallClock: WallClock(epoch: 1_772_550_000), log: { log.lines.append($0) })
            player = VirtualClockPlayer(scene: FramesOf(kiosk), width: 800, height: 480)
        }

        var panel: PanelPage { kiosk.pages.page("panel") as! PanelPage }
        var value: ShownValue { (panel.tiles[0] as! ValueTile).shown }
        var clock: String { (panel.tiles[6] as! ClockTile).shownText }

        /// Services the connection until `condition` holds (false after 5 s).
        func wait(until condition: () -> Bool) -> Bool { loop.run(kiosk.sources, until: condition) }

        /// The subscription is made: a first message arrives.
        func connect(_ broker: MosquittoBroker) -> Bool {
            wait {
                broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-t", HostilePayloadTests.topic, "-m", "0"])
                return kiosk.live.reading("reading") == .live(.number(0))
            }
        }

        /// `payload` published and received (the reading changed from `before`), then a frame: true when one was drawn.
        func publish(_ payload: [UInt8], on broker: MosquittoBroker) throws -> Bool {
            let file = broker.directory + "/payload"
            try Data(payload).write(to: URL(fileURLWithPath: file))
            let version = kiosk.live.version(of: "reading"), frames = player.framesDrawn
            #expect(broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-t", HostilePayloadTests.topic, "-f", file]) == 0)
            #expect(wait { kiosk.live.version(of: "reading") != version }, "the message did not arrive")
            player.step()
            return player.framesDrawn > frames
        }
    }

    @Test func eachHostilePayloadIsRefusedOnScreenOrShownAndTheFrameDrawn() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try Kiosk(broker: broker)
        #expect(k.connect(broker))

        #expect(try k.publish(Array(String(repeating: "x", count: 256 << 10).utf8), on: broker))
        #expect(k.kiosk.live.reading("reading") == .failed("longer than 4096 bytes"))
        #expect(k.value.failure == "longer than 4096 bytes")

        var random = SplitMix64(seed: 33)
        #expect(try k.publish((0..<(256 << 10)).map { _ in UInt8(truncatingIfNeeded: random.next()) | 0x80 }, on: broker))
        #expect(k.kiosk.live.reading("reading") == .failed("not text (binary data)"))

        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(try k.publish(Array(deep.utf8), on: broker))
        #expect(k.kiosk.live.reading("reading") == .failed("longer than 4096 bytes"))
        #expect(k.kiosk.live.reading("field") == .failed("not JSON, so it has no path to look into"))

        for nanLike in ["NaN", "-nan", "Infinity", "1e400", "-1e999"] {
            #expect(try k.publish(Array("1".utf8), on: broker))
            #expect(try k.publish(Array(nanLike.utf8), on: broker))
            #expect(k.kiosk.live.reading("reading") == .failed("not a finite number (NaN, infinity, or past 1.8e308)"), "\(nanLike)")
            #expect(k.value.failure != nil && k.value.number == nil)
        }

        // 1e308 with six decimals: every digit, the alarm colour, the gauge full; no date for a clock.
        #expect(try k.publish(Array("1e308".utf8), on: broker))
        #expect(k.kiosk.live.reading("reading") == .live(.number(1e308)))
        #expect(k.value.isAlarm && k.value.text.hasPrefix("100,000,000") && k.value.text.hasSuffix(".000000"))
        #expect(k.clock == ShownValue.none)
        #expect(try k.publish(Array("1772550000".utf8), on: broker))
        #expect(k.clock != ShownValue.none)

        // Control characters in text a value shows: drawn as they are; the picture's path in the log escaped.
        let hostile = "/nonexistent/\u{1b}[2J\u{7}\u{0}.png"
        #expect(try k.publish(Array(JSONValue.string(hostile).text().utf8), on: broker))
        #expect(k.kiosk.live.reading("reading") == .live(.string(hostile)))
        #expect(k.value.text == hostile)
        let line = try #require(k.logged.last { $0.contains("/nonexistent/") })
        #expect(line == #"/nonexistent/\u{1B}[2J\u{07}\0.png: no such file: shown blank"#)

        // A value again after all that: the kiosk is not stuck on a failure.
        #expect(try k.publish(Array(#"{"value": 21.5}"#.utf8), on: broker))
        #expect(k.kiosk.live.reading("field") == .live(.number(21.5)))
        #expect(k.logged.allSatisfy { !$0.contains("\u{1b}") && !$0.contains("\n") })
    }

    @Test func tenThousandPayloadsLeaveTheKioskHoldingNoMore() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try Kiosk(broker: broker)
        #expect(k.connect(broker))
        // Each message its own: a new number, a new picture path (missing) and text, 2 KB in all.
        func messages(_ range: Range<Int>) -> String {
            let pad = String(repeating: "ü", count: 500)
            return range.map { #"{"value": \#($0), "picture": "/nonexistent/\#($0)-\#(pad).png", "note": "\#(pad)"}"# }
                .joined(separator: "\n") + "\n"
        }
        // In batches the broker's queue for the kiosk holds (mosquitto drops what is over 1,000), with a frame between
        // the loop's turns at most every sixtieth of a second while they come, as on a board.
        func play(_ range: Range<Int>) throws {
            var nextFrame = Date()
            for batch in stride(from: range.lowerBound, to: range.upperBound, by: 500) {
                let file = broker.directory + "/messages"
                try Data(messages(batch..<batch + 500).utf8).write(to: URL(fileURLWithPath: file))
                let publisher = try broker.spawn(["/bin/sh", "-c", "mosquitto_pub -p \(broker.port) -t \(Self.topic) -l < \(file)"],
                                                 output: broker.directory + "/publisher.log")
                #expect(k.loop.run(k.kiosk.sources, for: 30, every: 0.01) {
                    if Date() >= nextFrame {
                        k.player.step()
                        nextFrame = Date() + 1.0 / 60
                    }
                    return k.kiosk.live.reading("field") == .live(.number(Double(batch + 499)))
                })
                #expect(publisher.waitForExit() == 0)
            }
            k.player.step()
        }
        try play(0..<1_000)
        let linesBefore = k.logged.count, framesBefore = k.player.framesDrawn, views = viewCount(k.panel.view)
        let received = k.kiosk.live.version(of: "field")
        try play(1_000..<10_000)
        // Every message arrived; what the kiosk holds after them is what it held before: a value a source, the views of
        // the panel, a bounded set of missing pictures; one line a frame at most, for the missing picture drawn.
        #expect(k.kiosk.live.version(of: "field") - received == 9_000)
        #expect(k.kiosk.live.names == ["field", "picture", "reading"])
        let last = try JSONParser.parse(Array(messages(9_999..<10_000).utf8))
        #expect(k.kiosk.live.reading("reading") == .live(last))
        #expect(viewCount(k.panel.view) == views)
        #expect(k.kiosk.pages.images.reported.count <= ImageFiles.reportedLimit)
        #expect(k.logged.count - linesBefore <= k.player.framesDrawn - framesBefore)
    }

    @Test func picturesNamedByMessagesAreLoggedOnceEachInABoundedSet() {
        var lines: [String] = []
        let images = ImageFiles { lines.append($0) }
        for i in 0..<1_000 {
            #expect(images.read("/nonexistent/\u{1b}\(i).png", fitting: Size(width: 10, height: 10)) == nil)
            #expect(images.read("/nonexistent/\u{1b}\(i).png", fitting: Size(width: 10, height: 10)) == nil)
        }
        #expect(images.reported.count <= ImageFiles.reportedLimit)
        #expect(lines.count == 1_000)
        #expect(lines[7] == #"/nonexistent/\u{1B}7.png: no such file: shown blank"#)
    }

    private func viewCount(_ view: View) -> Int { 1 + view.children.map(viewCount).reduce(0, +) }
}
