import CLinux
import FlickApps
import FlickDisplay
import FlickRaster
import FlickText
import Foundation

/// Shows the showcase on a DRM display until SIGINT or SIGTERM, then gives the console back.
/// The full run loop (input, animation) replaces this with issue 5's RunLoop.
struct DRMKiosk {
    let config: DRMConfiguration

    func run() throws {
        let signals = try SignalQueue(SIGINT, SIGTERM)
        let display = try DRMDisplay.open(config)
        defer { display.close() }
        let terminal = VirtualTerminal()
        defer { terminal?.restore() }
        let mode = display.output.mode
        Log.flick.notice("\(display.device.path) \(display.output.connector.name) \(mode) rotation \(display.rotation.rawValue)°")

        let (surface, _) = try display.nextBuffer()
        try ShowcaseScene(fonts: FontCollection()).draw(on: Canvas(surface: surface))
        try display.present(damage: [surface.bounds])
        Log.flick.notice("first frame on screen")

        while true {
            var fds = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                throw DRMError(device: display.device.path, .call("poll", errno: errno))
            }
            if fds[0].revents != 0 { try display.handleEvents() }
            if fds[1].revents != 0, let signal = signals.next() {
                Log.flick.notice("signal \(signal): restoring the console")
                return
            }
        }
    }
}

/// Termination signals as a readable fd, so the loop handles them between frames, not mid-draw.
final class SignalQueue {
    let fd: Int32

    init(_ signals: Int32...) throws {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else { throw POSIXError(.EINVAL) }
        fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
    }

    deinit { close(fd) }

    func next() -> Int32? {
        var info = signalfd_siginfo()
        let n = read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
