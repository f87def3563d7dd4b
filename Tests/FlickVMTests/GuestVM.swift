import FlickKiosk
import FlickRaster
import Foundation
import Testing

/// A QEMU guest started through deploy/vm/run, with its serial log, QMP and a line channel to the
/// guest's /dev/ttyS1.
final class GuestVM {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The debug build of flick the guest runs, if it has been built.
    static var flickBinary: String? {
        let path = repository.appendingPathComponent(".build/debug/flick").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Why the VM cannot run here, or nil when it can: QEMU with virtio-multitouch and the prepared kernel.
    /// Why the VM tests are skipped, for the suite's trait.
    static var skipComment: Comment { Comment(rawValue: "QEMU cannot run here: \(unavailableReason ?? "")") }

    static let unavailableReason: String? = {
        let prepare = Process()
        prepare.executableURL = repository.appendingPathComponent("deploy/vm/prepare")
        prepare.standardOutput = FileHandle.nullDevice
        prepare.standardError = FileHandle.nullDevice
        do { try prepare.run(); prepare.waitUntilExit() } catch { return "deploy/vm/prepare could not start: \(error)" }
        guard prepare.terminationStatus == 0 else { return "deploy/vm/prepare failed (QEMU or the backports kernel unavailable)" }
        return nil
    }()

    let directory: URL
    private let process = Process()
    private var qmp: QMPClient?
    private var controlFD: Int32 = -1

    var logPath: String { directory.appendingPathComponent("serial.log").path }

    /// Boots the guest running `command` (a shell line; `$FLICK` is the flick binary) on a `width`×`height` screen.
    /// `gpu` is FLICK_VM_GPU: virtio, cirrus or vesa (a firmware framebuffer and no DRM device). With `systemdUnit`
    /// (FLICK_VM_SYSTEMD), systemd boots the guest as PID 1 once `command` has run, and starts that unit.
    init(command: String, width: Int, height: Int, flickBinary: String, gpu: String = "virtio", systemdUnit: String? = nil) throws {
        // Unix socket paths are short: keep the directory near the root.
        directory = URL(fileURLWithPath: "/tmp/flick-vm-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process.executableURL = Self.repository.appendingPathComponent("deploy/vm/run")
        process.arguments = ["--", "sh", "-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["FLICK_VM_SIZE"] = "\(width)x\(height)"
        environment["FLICK_VM_DISPLAY"] = "none"
        environment["FLICK_VM_QMP"] = directory.appendingPathComponent("qmp").path
        environment["FLICK_VM_CONTROL"] = directory.appendingPathComponent("control").path
        environment["FLICK_VM_LOG"] = logPath
        environment["FLICK_VM_BINARY"] = flickBinary
        environment["FLICK_VM_GPU"] = gpu
        environment["FLICK_VM_SYSTEMD"] = systemdUnit
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: "/dev/stderr")
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        qmp = try QMPClient(socketPath: directory.appendingPathComponent("qmp").path, deadline: deadline)
        controlFD = try connectUnixSocket(directory.appendingPathComponent("control").path, deadline: deadline)
    }

    deinit { shutDown() }

    func shutDown() {
        if process.isRunning {
            _ = try? qmp?.execute("quit")
            process.waitUntilExit()
        }
        qmp = nil
        if controlFD >= 0 { close(controlFD); controlFD = -1 }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The serial console so far, with the tty's CR-LF line ends made plain.
    var log: String {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// Waits for `text` in the guest's serial log: an event with a deadline, not a fixed delay.
    func waitForLog(_ text: String, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !log.contains(text) {
            guard process.isRunning else { throw VMError("the VM stopped before \"\(text)\"; log:\n\(log)") }
            guard Date() < deadline else { throw VMError("no \"\(text)\" within \(Int(timeout)) s; log:\n\(log)") }
            usleep(200_000)
        }
    }

    /// Sends a line the guest script reads from /dev/ttyS1.
    func signalGuest(_ line: String = "go") {
        _ = sendAll(controlFD, Array((line + "\n").utf8))
    }

    /// What the virtio-gpu scans out right now.
    func screendump() throws -> Surface {
        let path = directory.appendingPathComponent("screen-\(UInt32.random(in: 0...UInt32.max)).png").path
        try qmp?.execute("screendump", ["filename": path, "format": "png"])
        return try Surface.readPNG(path: path)
    }

    func sendTouch(_ events: [[String: Any]]) throws {
        try qmp?.execute("input-send-event", ["events": events])
    }

    /// A guest running `flick run --config config` on a copy of the to-do store in directory `store`; the first line
    /// signalled stops Flick and prints the store (`printedStore` reads it), the second ends the script.
    static func todoKiosk(config: String, store: String, width: Int, height: Int, flickBinary: String) throws -> GuestVM {
        try GuestVM(command: """
            mkdir -p /run/todo && cp "\(store)/todo.json" /run/todo/
            "$FLICK" run --config "\(config)" --state-dir /run/todo & pid=$!
            read line < /dev/ttyS1
            kill -TERM $pid; wait $pid; echo "flick exited $?"
            echo "STORE-BEGIN"; cat /run/todo/todo.json; echo "STORE-END"
            read line < /dev/ttyS1
            """, width: width, height: height, flickBinary: flickBinary)
    }

    /// The to-do store the guest script printed between STORE-BEGIN and STORE-END, read back on the host (kept in
    /// `directory`), with the text as printed for messages.
    func printedStore(keptIn directory: URL) throws -> (text: String, items: [TodoItem]) {
        try waitForLog("STORE-END", timeout: 60)
        let log = self.log
        let text = try #require(log.range(of: "STORE-BEGIN\n").flatMap { begin in
            log.range(of: "STORE-END", range: begin.upperBound..<log.endIndex).map { String(log[begin.upperBound..<$0.lowerBound]) }
        })
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: directory.appendingPathComponent("todo.json"), atomically: true, encoding: .utf8)
        return (text, TodoStore(directory: directory.path).load())
    }

    /// A key pressed and released on the guest's keyboard (QEMU's qcode names: "a", "spc", "ret", …).
    func sendKey(qcode: String) throws {
        for down in [true, false] {
            try qmp?.execute("input-send-event", ["events": [["type": "key", "data": ["down": down, "key": ["type": "qcode", "data": qcode]]]]])
        }
    }

    /// One finger from 3/4 of the width to 1/4 across the middle, in six steps: a swipe to the right-hand page.
    func swipeLeft() throws {
        try sendTouch(mttEvents("begin", x: 24576, y: 16384, trackingID: 1))
        for step in 1...6 { try sendTouch(mttEvents("update", x: 24576 - step * 16384 / 6, y: 16384, trackingID: 1)) }
        try sendTouch(mttEvents("end", x: 8192, y: 16384, trackingID: -1))
    }

    /// Sends the line that makes a `GuestKiosk.boot` guest stop Flick, and waits for it to exit 0.
    func stopKiosk() throws {
        signalGuest()
        try waitForLog("flick exited 0", timeout: 60)
    }
}
