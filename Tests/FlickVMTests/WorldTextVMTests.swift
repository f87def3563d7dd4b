import FlickKiosk
import FlickRaster
import Foundation
import Testing

extension VirtualMachine {
    /// To-do items in Japanese, Arabic, Hebrew and emoji on virtio-gpu look as they do headless (the same shaping,
    /// fallback fonts and colour emoji through the real DRM path), and a physical keyboard with the Hebrew layout
    /// (`input.keyboard: "il"`, keys from QEMU's virtio keyboard) types Hebrew into an item.
    @Test(.timeLimit(.minutes(8)))
    func worldTextShowsAsHeadlessAndAHebrewKeyboardTypesIt() throws {
        let flick = try #require(GuestArchitecture.x86_64.flickBinary, "\(GuestArchitecture.x86_64.buildHint)")
        let width = 640, height = 480
        let files = FileManager.default.temporaryDirectory.appendingPathComponent("flick-world-vm-\(getpid())")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: files) }
        let config = files.appendingPathComponent("world-kiosk.json").path
        try #"{"display": {"dpi": 160}, "input": {"keyboard": "il"}, "pages": [{"id": "todo", "content": {"type": "todo"}}]}"#
            .write(toFile: config, atomically: true, encoding: .utf8)
        let texts = ["牛乳を買う 🥛", "اتصل بأمي ❤️", "לקנות לחם 🍞", "Family 👩‍👩‍👧 1️⃣ 🇯🇵"]
        func storeDirectory(_ name: String, _ texts: [String]) throws -> String {
            let dir = files.appendingPathComponent(name).path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try TodoStore(directory: dir).save(texts.enumerated().map { TodoItem(id: UInt64($0.offset + 1), text: $0.element) })
            return dir
        }
        /// The list as `flick run --headless` draws it at the guest's size.
        func headless(_ texts: [String], _ name: String) throws -> Surface {
            let out = files.appendingPathComponent("\(name).png").path
            let run = Process()
            run.executableURL = URL(fileURLWithPath: flick)
            run.arguments = ["run", "--headless", "--config", config, "--state-dir", try storeDirectory(name, texts),
                             "--size", "\(width)x\(height)", "--out", out]
            run.standardOutput = FileHandle.nullDevice
            try run.run()
            run.waitUntilExit()
            #expect(run.terminationStatus == 0)
            return try Surface.readPNG(path: out)
        }
        let before = try headless(texts, "before")
        let guestStore = try storeDirectory("guest-start", texts)

        let guest = try GuestVM.todoKiosk(config: config, store: guestStore, width: width, height: height)
        defer { guest.shutDown() }
        try guest.waitForLog("first frame on screen", timeout: 180)
        let shown = try waitForScreen(guest, timeout: 60) { differingFraction($0, before) < 0.001 }
        #expect(differingFraction(shown, before) < 0.001, "the guest's list differs from the headless one")

        // Tap the Hebrew row (rows 50 px under a 60 px header at 160 dpi) to edit it, type " שלום" on the Hebrew
        // layout (space, then the keys a k u o), and Return.
        let rowY = Int((60 + 50 * 2.5 ) / Double(height) * 32767), rowX = Int(0.5 * 32767)
        try guest.sendTouch(mttEvents("begin", x: rowX, y: rowY, trackingID: 1))
        try guest.sendTouch(mttEvents("end", x: rowX, y: rowY, trackingID: -1))
        let keyboardGrey = Color(hex: 0xD1D4DA).pixel
        _ = try waitForScreen(guest, timeout: 90) { $0[width / 2, height - 2] == keyboardGrey }
        for key in ["spc", "a", "k", "u", "o", "ret"] {
            try guest.sendKey(qcode: key)
        }
        _ = try waitForScreen(guest, timeout: 90) { $0[width / 2, height - 2] != keyboardGrey }
        var edited = texts
        edited[2] += " שלום"
        let after = try headless(edited, "after")
        let typed = try waitForScreen(guest, timeout: 60) { differingFraction($0, after) < 0.001 }
        #expect(differingFraction(typed, after) < 0.001, "the edited list differs from the headless one")

        guest.signalGuest()
        let store = try guest.printedStore(keptIn: files.appendingPathComponent("guest-end"))
        #expect(store.items.map(\.text) == edited, "the guest's store: \(store.text)")
        #expect(guest.log.contains("flick exited 0"))
        guest.signalGuest()
    }
}
