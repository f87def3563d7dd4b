import CLinux
import FlickDisplay
import FlickGestures
import FlickInput
import FlickRaster
import Glibc

/// The one thread that owns the frame: poll() on the display's flip events, the input devices, a timer
/// and the termination signals; input goes to the scene, animations advance to the predicted
/// presentation time, and a frame is drawn only when something changed. An idle kiosk sleeps in poll()
/// with no timeout: no wake-ups, no CPU.
public final class RunLoop {
    private let display: any Display
    private let inputs: [any InputSource]
    private let scene: any Scene
    private var canvas: Canvas?
    public private(set) var statistics = FrameStatistics()
    /// The latest flip's time (µs, CLOCK_MONOTONIC): frames are timed from it.
    private var lastFlip: Int64?
    /// The earliest input not yet on screen, and the same once its frame is queued: for latency.
    private var inputAwaitingFrame: Int64?
    private var inputAwaitingFlip: Int64?
    private var wasAnimating = false
    /// Called once, after the first frame is handed to the display.
    public var onFirstFrame: (() -> Void)?

    public init(display: any Display, inputs: [any InputSource], scene: any Scene) {
        self.display = display; self.inputs = inputs; self.scene = scene
    }

    // MARK: Live

    /// Runs until SIGINT or SIGTERM arrives on `signals`. With a `terminal`, its switch signals (which
    /// `signals` must carry too) release the display to another VT and take it back.
    public func run(signals: SignalQueue, terminal: VirtualTerminal? = nil) throws {
        let signalFD = signals.fd
        let vsync = display as? any VSyncDisplay
        let interval = Double(vsync?.refreshInterval ?? 16_667) / 1e6
        // Displays without flip events are paced by a timer while the scene moves.
        let timer = vsync == nil ? timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK)) : -1
        defer { if timer >= 0 { close(timer) } }
        var timerArmed = false

        // libinput queues the devices it opened before its fd ever becomes readable.
        for source in inputs { deliver(source.readEvents(), interval: interval) }
        try drawFrame(at: nextPresentationTime(interval: interval), force: true)
        var active = true
        while true {
            let flipPending = vsync?.isFlipPending ?? false
            if active && !flipPending && scene.needsFrame {
                if vsync != nil {
                    try drawFrame(at: nextPresentationTime(interval: interval), force: false)
                } else if !timerArmed {
                    arm(timer, interval: interval); timerArmed = true
                }
            } else if vsync == nil && timerArmed && !scene.needsFrame {
                arm(timer, interval: 0); timerArmed = false
            }

            var fds = [pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            if let vsync { fds.append(pollfd(fd: vsync.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            if timer >= 0 { fds.append(pollfd(fd: timer, events: Int16(POLLIN), revents: 0)) }
            let inputStart = fds.count
            for source in inputs where source.fileDescriptor >= 0 {
                fds.append(pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), active ? timeout(flipPending: vsync?.isFlipPending ?? false) : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw InputError("poll failed: \(String(cString: strerror(errno)))")
            }
            if ready == 0, active, let deadline = scene.nextDeadline, deadline <= monotonicSeconds() {
                // A deadline came (a long press, work the scene does while idle): it needs the clock to move.
                try drawFrame(at: nextPresentationTime(interval: interval), force: false)
                continue
            }
            if fds[0].revents != 0, let signal = signals.next() {
                switch signal {
                case VirtualTerminal.releaseSignal where terminal != nil:
                    try vsync?.suspend()
                    terminal?.allowRelease()
                    active = false
                    continue
                case VirtualTerminal.acquireSignal where terminal != nil:
                    terminal?.acknowledgeAcquire()
                    try vsync?.resume()
                    active = true
                    lastFlip = nil
                    try drawFrame(at: nextPresentationTime(interval: interval), force: true)
                    continue
                default:
                    return
                }
            }
            if let vsync, fds[1].revents != 0 { try handleFlips(vsync.handleEvents(), interval: interval) }
            if timer >= 0, fds[vsync == nil ? 1 : 2].revents != 0 {
                var expirations: UInt64 = 0
                _ = read(timer, &expirations, 8)
                try drawFrame(at: monotonicSeconds() + interval, force: false)
            }
            for (i, source) in inputs.filter({ $0.fileDescriptor >= 0 }).enumerated() where fds[inputStart + i].revents != 0 {
                // Touches meant for another VT's program are read and dropped.
                let events = source.readEvents()
                if active { deliver(events, interval: interval) }
            }
        }
    }

    private func timeout(flipPending: Bool) -> Int32 {
        if !flipPending && scene.needsFrame { return 0 }
        guard let deadline = scene.nextDeadline else { return -1 }
        return Int32(max(0, min(60_000, ((deadline - monotonicSeconds()) * 1000).rounded(.up))))
    }

    private func handleFlips(_ flips: [PageFlip], interval: Double) {
        for flip in flips {
            if let last = lastFlip {
                statistics.recordFlip(gap: Double(flip.timestamp - last) / 1e6, interval: interval, animating: wasAnimating)
            }
            lastFlip = flip.timestamp
            if let input = inputAwaitingFlip {
                statistics.recordLatency(Double(flip.timestamp - input) / 1e6)
                inputAwaitingFlip = nil
            }
        }
    }

    /// A frame drawn now is shown at the vblank after the last flip that is still ahead.
    private func nextPresentationTime(interval: Double) -> Double {
        let now = monotonicSeconds()
        guard let last = lastFlip.map({ Double($0) / 1e6 }), last <= now else { return now + interval }
        return last + ((now - last) / interval).rounded(.down) * interval + interval
    }

    private func arm(_ timer: Int32, interval: Double) {
        let ns = Int(interval * 1e9)
        let spec = timespec(tv_sec: ns / 1_000_000_000, tv_nsec: ns % 1_000_000_000)
        var value = itimerspec(it_interval: spec, it_value: spec)
        timerfd_settime(timer, 0, &value, nil)
    }

    // MARK: Frames

    private func deliver(_ events: [InputEvent], interval: Double) {
        // An idle scene's clock stopped at its last frame, maybe minutes ago: what the input starts would begin
        // then and be over by the next frame. It is brought to the frame before the next one, as the virtual
        // clock's scene always is.
        if !events.isEmpty && !scene.needsFrame {
            scene.advance(to: nextPresentationTime(interval: interval) - interval)
        }
        for event in events {
            if case .touches(let frame) = event, inputAwaitingFrame == nil { inputAwaitingFrame = frame.time }
            scene.handle(event)
        }
    }

    @discardableResult
    private func drawFrame(at time: Double, force: Bool) throws -> Bool {
        scene.advance(to: time)
        guard force || scene.needsFrame else { return false }
        wasAnimating = scene.needsFrame
        let (surface, age) = try display.nextBuffer()
        if canvas?.surface !== surface { canvas = Canvas(surface: surface) }
        let start = monotonicSeconds()
        let damage = scene.draw(on: canvas!, fullRedraw: age == 0 || force)
        statistics.recordFrame(drawSeconds: monotonicSeconds() - start)
        guard !damage.isEmpty || force else { return false }
        try display.present(damage: force ? [surface.bounds] : damage)
        if let first = onFirstFrame { onFirstFrame = nil; first() }
        if let input = inputAwaitingFrame { inputAwaitingFlip = inputAwaitingFlip ?? input; inputAwaitingFrame = nil }
        return true
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
