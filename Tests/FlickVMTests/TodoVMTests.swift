import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

extension VirtualMachine {
    /// The to-do list on virtio-gpu with touches from QMP multitouch: a swipe completes a row, a two-finger
    /// pinch opens a gap and a new row in edit mode, the on-screen keyboard types into it, and the store the
    /// guest kept afterwards holds exactly that.
    @Test(.timeLimit(.minutes(8)))
    func swipesPinchAndKeyboardOnTheToDoListReachTheStore() throws {
        let width = 640, height = 480
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("flick-todo-vm-\(getpid())")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        // 160 dpi whatever the virtual panel reports: rows 50 px, the header 60.
        try #"{"display": {"dpi": 160}, "pages": [{"id": "todo", "content": {"type": "todo"}}]}"#
            .write(to: files.appendingPathComponent("todo-kiosk.json"), atomically: true, encoding: .utf8)
        try TodoStore(directory: files.path).save(["Alpha", "Bravo", "Charlie"].enumerated().map {
            TodoItem(id: UInt64($0.offset + 1), text: $0.element)
        })
        let rowHeight = 50.0, header = 60.0
        func rowY(_ i: Int) -> Double { header + rowHeight * (Double(i) + 0.5) }
        func q(_ v: Double, _ extent: Int) -> Int { Int(v / Double(extent) * 32767) }

        let guest = try GuestVM.todoKiosk(config: files.path + "/todo-kiosk.json", store: files.path, width: width,
                                          height: height)
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        func isGreen(_ p: UInt32) -> Bool { (p >> 8) & 0xFF > (p >> 16) & 0xFF + 40 }
        func isRed(_ p: UInt32) -> Bool { (p >> 16) & 0xFF > 200 && (p >> 8) & 0xFF < 120 }
        _ = try waitForScreen(guest, timeout: 60) { isRed($0[width - 20, Int(rowY(0))]) }

        // Row 0 swiped right past half its width: completed, green.
        try guest.sendTouch(mttEvents("begin", x: q(100, width), y: q(rowY(0), height), trackingID: 1))
        for step in 1...8 {
            try guest.sendTouch(mttEvents("update", x: q(100 + Double(step) * 50, width), y: q(rowY(0), height), trackingID: 1))
        }
        try guest.sendTouch(mttEvents("end", x: q(500, width), y: q(rowY(0), height), trackingID: -1))
        let completed = try waitForScreen(guest, timeout: 90) { isGreen($0[width - 20, Int(rowY(0))]) }
        #expect(isGreen(completed[width - 20, Int(rowY(0))]), "row 0 did not turn green")

        // Two fingers on rows 1 and 2 part by 60 px each: a gap over one row height opens a new row between
        // them in edit mode, and the keyboard slides up.
        let upper = rowY(1), lower = rowY(2)
        try guest.sendTouch(mttEvents("begin", x: q(300, width), y: q(upper, height), trackingID: 2, slot: 0))
        try guest.sendTouch(mttEvents("begin", x: q(340, width), y: q(lower, height), trackingID: 3, slot: 1))
        for step in 1...6 {
            let d = Double(step) * 10
            try guest.sendTouch(mttEvents("update", x: q(300, width), y: q(upper - d, height), trackingID: 2, slot: 0)
                + mttEvents("update", x: q(340, width), y: q(lower + d, height), trackingID: 3, slot: 1))
        }
        try guest.sendTouch(mttEvents("end", x: 0, y: 0, trackingID: -1, slot: 0) + mttEvents("end", x: 0, y: 0, trackingID: -1, slot: 1))
        let keyboardGrey = Color(hex: 0xD1D4DA).pixel
        _ = try waitForScreen(guest, timeout: 90) { $0[width / 2, height - 2] == keyboardGrey }

        // "ok" and Done, tapped where the page's keyboard has those keys.
        let keyboard = OnScreenKeyboard(width: Double(width), keyHeight: (rowHeight * 0.84).rounded(), face: try FontCollection().face())
        let top = Double(height) - keyboard.view.frame.height
        for key in [OnScreenKeyboard.Key.character("o"), .character("k"), .done] {
            let frame = try #require(keyboard.keys.first { $0.key == key }).frame
            let x = q(frame.minX + frame.width / 2, width), y = q(top + frame.minY + frame.height / 2, height)
            try guest.sendTouch(mttEvents("begin", x: x, y: y, trackingID: 4))
            try guest.sendTouch(mttEvents("end", x: x, y: y, trackingID: -1))
        }
        _ = try waitForScreen(guest, timeout: 90) { $0[width / 2, height - 2] != keyboardGrey }

        guest.signalGuest()
        let store = try guest.printedStore(keptIn: files.appendingPathComponent("guest"))
        #expect(store.items.map(\.text) == ["Alpha", "Bravo", "ok", "Charlie"], "the guest's store: \(store.text)")
        #expect(store.items.map(\.completed) == [true, false, false, false])
        #expect(guest.log.contains("flick exited 0"))
        guest.signalGuest()
    }
}
