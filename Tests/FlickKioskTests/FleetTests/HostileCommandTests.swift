@testable import FlickKiosk
import FlickTestFixtures
import Foundation
import Testing

/// What anyone who can publish on the broker may send a kiosk: ten megabytes, binary, JSON nested ten thousand deep,
/// control characters, ten thousand commands at once. Each is refused; the kiosk keeps drawing, says so on
/// `state/error` and in its log once per burst, and holds no more after the flood than before it.
@Suite(.serialized) struct HostileCommandTests {
    @Test func hostilePayloadsAreRefusedAndTheKioskDrawsOn() throws {
        let broker = MosquittoBroker()
        try broker.start()
        let k = try FleetKiosk(broker: broker)
        #expect(k.connect())
        let config = try String(contentsOfFile: k.file, encoding: .utf8)

        // Ten megabytes of config: dropped unread, answered as refused.
        try k.send("config", [UInt8](repeating: UInt8(ascii: "{"), count: 10 << 20))
        #expect(k.wait(for: 20) { k.probe.json(on: k.topics.config) != nil })
        #expect(k.probe.json(on: k.topics.config)?["applied"] as? Bool == false)
        #expect(k.probe.json(on: k.topics.config)?["error"] as? String
            == "a payload of 10485760 bytes is more than the 4194304 a command may have: dropped unread")
        #expect(try String(contentsOfFile: k.file, encoding: .utf8) == config)

        var random = SplitMix64(seed: 34)
        try k.send("page", (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) | 0x80 })
        try k.send("backlight", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
        try k.send("page", "\u{1b}[2J\u{7}menu\u{0}")
        try k.send("config", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000))
        // The last one answered: the four are refused, in the burst the ten megabytes opened.
        #expect(k.wait { k.probe.texts(on: k.topics.config).count == 2 })
        k.loop.skip(1)
        #expect(k.wait { !k.probe.texts(on: k.topics.error).isEmpty })
        let line = try #require(k.probe.texts(on: k.topics.error).first)
        // The 10 MB config opened the burst; the four after it are counted, the latest quoted.
        #expect(line.hasPrefix("flick/cafe-1/command/config: a payload of 10485760 bytes"), "\(line)")
        #expect(line.contains("(and 4 more within 1 s, the latest: flick/cafe-1/command/config: not applied:"), "\(line)")
        #expect(!line.contains("\u{1b}") && !line.contains("\n"))
        #expect(k.kiosk.pages.currentPage == "home")

        // And the kiosk still takes a good command and draws it.
        let frames = k.player.framesDrawn
        try k.send("page", "menu")
        #expect(k.wait { k.kiosk.pages.currentPage == "menu" })
        k.settle()
        #expect(k.player.framesDrawn > frames)
        #expect(k.log.lines.allSatisfy { !$0.contains("\u{1b}") && !$0.contains("\n") })
    }

    @Test func aFloodOfTenThousandBadCommandsIsALineASecondAndTheLoopKeepsItsTurns() throws {
        let broker = MosquittoBroker()
        // Every command queued for the kiosk, none dropped by the broker (by default it keeps a thousand for a client).
        try broker.start(["allow_anonymous true", "max_queued_messages 20000"])
        let k = try FleetKiosk(broker: broker)
        #expect(k.connect())
        let file = broker.directory + "/flood"
        var sentinel = "menu"
        /// `count` commands on `verb`, each its own (a page that is not there, by a new name); then a good page
        /// command, which comes after them all: once it is shown, the flood has been read. Returns the longest the
        /// loop went without a turn, in seconds.
        func flood(_ count: Int, verb: String) throws -> Double {
            try Data((0..<count).map { "nowhere-\($0)-\u{1b}[31m" }.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
            let publisher = try broker.spawn(["/bin/sh", "-c", "mosquitto_pub -p \(broker.port) -q 1 -t flick/all/command/\(verb) -l < \(file)"],
                                             output: broker.directory + "/publisher.log")
            #expect(publisher.waitForExit() == 0, "\(broker.read("publisher.log"))")
            try k.send("page", sentinel)
            // A frame every sixtieth of a second, as on a board, between the loop's turns.
            var last = Date(), longest = 0.0
            #expect(k.loop.run(k.kiosk.sources + [k.probe.connection], for: 60, every: 1.0 / 60) {
                longest = max(longest, Date().timeIntervalSince(last))
                last = Date()
                k.player.step()
                return k.kiosk.pages.currentPage == sentinel
            })
            sentinel = sentinel == "menu" ? "home" : "menu"
            return longest
        }
        _ = try flood(1_000, verb: "page")
        k.loop.skip(1)
        k.wait(for: 0.3) { false }
        let errors = k.probe.texts(on: k.topics.error).count, lines = k.log.lines.count
        let started = Date(), frames = k.player.framesDrawn
        let longest = max(try flood(9_000, verb: "page"), try flood(1_000, verb: "dance"))
        let seconds = Date().timeIntervalSince(started)
        k.loop.skip(1)
        k.wait(for: 0.3) { false }

        let burstLines = Array(k.probe.texts(on: k.topics.error).dropFirst(errors))
        // Each line counts the refusals it stands for: the first, and "and N more".
        let refused = burstLines.map { line in
            1 + (line.firstMatch(of: /\(and (\d+) more/).flatMap { Int($0.1) } ?? 0)
        }.reduce(0, +)
        print("flood: \(refused) commands refused in \(String(format: "%.2f", seconds)) s, \(burstLines.count) lines on state/error, "
              + "the loop's longest turn \(Int(longest * 1000)) ms, \(k.player.framesDrawn - frames) frames drawn")
        #expect(refused == 10_000)
        // A line per second of flood at most (each skip of the loop's clock closes a window early: one more each).
        #expect(!burstLines.isEmpty && Double(burstLines.count) <= seconds + 3, "\(burstLines.count) lines in \(seconds) s")
        #expect(burstLines.allSatisfy { !$0.contains("\u{1b}") && !$0.contains("\n") })
        #expect(k.log.lines.dropFirst(lines).filter { $0.hasPrefix("flick/all/command/") }.count == burstLines.count)
        // The loop kept its turns: a turn takes at most a service's two hundred messages (some 20 ms in a debug build
        // on a busy machine), never the whole flood (fifty times that).
        #expect(longest < 0.5, "\(longest) s")
        #expect(k.player.framesDrawn > frames)
    }
}
