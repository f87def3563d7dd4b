@testable import FlickKiosk
import FlickJSON
import FlickRaster
import FlickTestFixtures
import Foundation
import Glibc
import Testing

/// kiosk/examples/factory.json: a panel beside an oven, its temperature (alarm above 220 °C) and parts count from a
/// real mosquitto, and an Acknowledge button that publishes. Three kiosks, one per line, run at once against one
/// broker, as `flick run --headless --realtime` processes.
@Suite struct FactoryKioskTests {
    /// One production line: its kiosk's readings and what its screen should show.
    private struct Line {
        let number: Int
        let celsius: Double
        let parts: Double
        var values: [String: JSONValue] { ["oven": .number(celsius), "parts": .number(parts)] }
        var isAlarm: Bool { celsius > 220 }
    }

    /// Line 3 is a tenth under the limit: no alarm.
    private let lines = [Line(number: 1, celsius: 231.7, parts: 1287), Line(number: 2, celsius: 182.4, parts: 1302),
                         Line(number: 3, celsius: 219.9, parts: 988)]

    @Test func threeKiosksOnOneBrokerShowTheirOwnLineAndAcknowledgePublishes() throws {
        let broker = MosquittoBroker()
        try broker.start(["allow_anonymous true", "log_type subscribe"])
        let dir = try ExampleKiosk.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let example = try ExampleKiosk.text("factory")
        for line in lines {
            let config = try ExampleKiosk.replacing("mqtt://localhost:1883", with: broker.address, in: example)
                .replacingOccurrences(of: "line1", with: "line\(line.number)").replacingOccurrences(of: "Line 1", with: "Line \(line.number)")
            try ExampleKiosk.save(config, to: "\(dir)/examples/line\(line.number).json")
            // Retained: each kiosk has its readings as soon as it subscribes, whichever starts first.
            for (topic, payload) in [("oven/temperature", #"{"celsius": \#(JSONValue.numberText(line.celsius))}"#),
                                     ("parts", JSONValue.numberText(line.parts))] {
                #expect(broker.run(["mosquitto_pub", "-p", "\(broker.port)", "-r", "-t", "line\(line.number)/\(topic)", "-m", payload]) == 0,
                        "\(broker.read("commands.log"))")
            }
        }
        // Line 2's operator acknowledges: its kiosk publishes once, to a subscriber listening before it starts.
        let acknowledged = try broker.spawn(["mosquitto_sub", "-p", "\(broker.port)", "-t", "line2/alarm/ack", "-C", "1", "-W", "10"],
                                            output: dir + "/ack.out")
        #expect(acknowledged.wait(seconds: 10) { broker.log.contains(" line2/alarm/ack") }, "\(broker.log)")
        let reference = try lines.map { try ReferenceKiosk(config: "\(dir)/examples/line\($0.number).json", values: $0.values) }
        let button = try reference[1].button("Acknowledge")
        try Data(#"""
            [{"t": 1200, "type": "down", "id": 0, "x": \#(button.midX), "y": \#(button.midY)}, {"t": 1280, "type": "up", "id": 0}]
            """#.utf8).write(to: URL(fileURLWithPath: dir + "/acknowledge.json"))

        let kiosks = try lines.map { line in
            let home = "\(dir)/line\(line.number)"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            return try FlickCommand.start(["run", "--headless", "--realtime", "--config", "\(dir)/examples/line\(line.number).json",
                                           "--state-dir", home, "--wall-clock", ExampleKiosk.wallClock, "--shot", "2500=\(home)/shot.png"]
                                          + (line.number == 2 ? ["--script", dir + "/acknowledge.json"] : []), in: home)
        }
        for (line, kiosk) in zip(lines, kiosks) {
            let shot = "\(dir)/line\(line.number)/shot.png"
            #expect(kiosk.wait(seconds: 20) { FileManager.default.fileExists(atPath: shot) }, "line \(line.number): no shot: \(kiosk.err)")
        }
        #expect(acknowledged.exitCode(within: 10) == 0, "mosquitto_sub had nothing from line 2's kiosk: \(kiosks[1].err)")
        #expect(acknowledged.out == #"{"panel": "line2", "ack": true}"# + "\n")

        for (i, (line, kiosk)) in zip(lines, kiosks).enumerated() {
            kill(kiosk.pid, SIGTERM)
            #expect(kiosk.exitCode(within: 10) == 0, "line \(line.number): \(kiosk.err)")
            #expect(ExampleKiosk.finalState(kiosk.out)["page"] as? String == "line\(line.number)", "\(kiosk.out)")
            let shot = try Surface.readPNG(path: "\(dir)/line\(line.number)/shot.png")
            // The screen is the panel with this line's readings: the same pixels as the config drawn here with them.
            #expect(shot.differingArea(from: reference[i].screen) == nil, "line \(line.number) does not show its readings")
            // And the temperature's tile is the alarm colour above the limit and the surface's below it.
            let tile = try reference[i].panel().tiles.first { $0 is ValueTile }?.view.frame ?? .zero
            let edge = shot.colour(at: Point(tile.minX + 4, tile.midY))
            let look = try PanelLook(reference[i].panel().context)
            #expect(edge.isClose(to: line.isAlarm ? look.alarmFill : look.theme.surface, tolerance: ExampleKiosk.oneLevel),
                    "line \(line.number) at \(line.celsius) °C: \(edge)")
        }
    }
}
