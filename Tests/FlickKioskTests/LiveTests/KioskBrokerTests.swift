import FlickJSON
import FlickKiosk
import FlickTestFixtures
import FlickText
import FlickUI
import Foundation
import Testing

/// A kiosk whose sources come from a real mosquitto the test starts.
@Suite(.serialized) struct KioskBrokerTests {
    private func kiosk(broker: MosquittoBroker, sources: String, log: @escaping (String) -> Void = { _ in }) throws -> KioskScene {
        let json = #"""
        {"mqtt": {"broker": "\#(broker.address)"}, "sources": \#(sources),
         "pages": [{"id": "home", "content": {"type": "text", "title": "Line 1", "body": ""}}]}
        """#
        let config = try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/tmp")
        return KioskScene(config: config, file: nil, width: 320, height: 240, fonts: try FontCollection(),
                          wallClock: WallClock(epoch: 0), log: log)
    }

    @Test func aMessageBecomesTheSourcesValueAndABadOneIsOneLine() throws {
        let broker = MosquittoBroker()
        try broker.start()
        var lines: [String] = []
        let kiosk = try self.kiosk(broker: broker, sources: #"{"temp": {"mqtt": "line1/+/temp", "path": "celsius", "freshness": 30}}"#) { lines.append($0) }
        let loop = TestLoop()
        // Published retained, the value is there as soon as the kiosk subscribes, whenever that is.
        #expect(broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-r", "-t", "line1/oven/temp", "-m", #"{"celsius": 86.2}"#]) == 0)
        #expect(loop.run(kiosk.sources, until: { kiosk.live.reading("temp") == .live(.number(86.2)) }))
        for _ in 0..<3 {
            broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-t", "line1/oven/temp", "-m", "\u{1b}[2Jbinary\u{0}"])
        }
        #expect(loop.run(kiosk.sources, until: { if case .failed = kiosk.live.reading("temp") { true } else { false } }))
        broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-t", "line1/oven/temp", "-m", #"{"celsius": 90}"#])
        #expect(loop.run(kiosk.sources, until: { kiosk.live.reading("temp") == .live(.number(90)) }))
        let bad = lines.filter { $0.hasPrefix("source temp:") }
        #expect(bad.count <= 2, "\(bad)")
        #expect(bad.allSatisfy { !$0.contains("\u{1b}") })
    }
}
