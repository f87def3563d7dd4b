import Foundation
import Testing

private struct RecordedTouch: Decodable {
    let t: Double, type: String, id: Int
    let x: Double?, y: Double?
}

extension VirtualMachine {
    @Test(.timeLimit(.minutes(5)))
    func aSwipeOnTheVirtioTouchscreenArrivesThroughLibinputInScreenPixels() throws {
        let guest = try GuestVM(command: "\"$FLICK\" record-touches --size 1280x800 --count 1; echo recorder-done",
                                width: 1280, height: 800)
        defer { guest.shutDown() }
        try guest.waitForLog("QEMU Virtio MultiTouch [touch", timeout: 180)

        // A leftward swipe across the middle: from 3/4 of the width to 1/4.
        let steps = 6
        try guest.sendTouch(mttEvents("begin", x: 24576, y: 16384, trackingID: 1))
        for i in 1...steps { try guest.sendTouch(mttEvents("update", x: 24576 - i * 16384 / steps, y: 16384, trackingID: 1)) }
        try guest.sendTouch(mttEvents("end", x: 8192, y: 16384, trackingID: -1))
        try guest.waitForLog("recorder-done", timeout: 60)

        let log = guest.log
        let json = try #require(log.range(of: "[\n").flatMap { start in
            log.range(of: "\n]", range: start.upperBound..<log.endIndex).map { String(log[start.lowerBound..<$0.upperBound]) }
        }, "no touch script in the log:\n\(log)")
        let touches = try JSONDecoder().decode([RecordedTouch].self, from: Data(json.utf8))
        #expect(touches.first?.type == "down")
        #expect(touches.last?.type == "up")
        #expect(touches.filter { $0.type == "move" }.count >= steps - 1)
        let down = try #require(touches.first), lastMove = try #require(touches.last { $0.type == "move" })
        #expect(abs((down.x ?? 0) - 960) < 1 && abs((down.y ?? 0) - 400) < 1)
        #expect(abs((lastMove.x ?? 0) - 320) < 1 && abs((lastMove.y ?? 0) - 400) < 1)
        #expect(touches.map(\.t) == touches.map(\.t).sorted())
    }
}
