import CLinux
import FlickDisplay
import FlickFiles
import FlickInput
import FlickUI
import Glibc
import SystemPackage

/// The run loop on a board: CLOCK_MONOTONIC (the clock DRM timestamps flips on), and poll() on the signals, the
/// display's flip events and connector changes, the input devices and the scene's loop sources. An idle kiosk sleeps
/// here with no timeout: no wake-ups, no CPU. A headless run in real time polls through one too.
package final class PollWaiter: LoopWaiter {
    private let signals: SignalQueue?
    private let origin: Double

    /// A waiter that also polls `signals` (termination, reload, VT switches) and hands the loop each one; nil: none.
    /// Its time is CLOCK_MONOTONIC's less `origin` seconds (a board's flips are stamped on CLOCK_MONOTONIC itself).
    package init(signals: SignalQueue?, origin: Double = 0) {
        self.signals = signals
        self.origin = origin
    }

    package var now: Double { MonotonicClock().now - origin }
    package var drawsAtVBlank: Bool { false }

    package func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource],
                      sources: [any LoopSource]) throws -> LoopWake {
        let deadline = [deadline, timer].compactMap { $0 }.min()
        var fds: [pollfd] = []
        func poll(_ fd: Int32, writing: Bool = false) {
            fds.append(pollfd(fd: fd, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0))
        }
        if let signals { poll(signals.descriptor.rawValue) }
        let displayFD = display.fileDescriptor
        if displayFD >= 0 { poll(displayFD) }
        let hotplugFD = display.hotplugFileDescriptor
        if hotplugFD >= 0 { poll(hotplugFD) }
        let polledInputs = inputs.indices.filter { inputs[$0].fileDescriptor >= 0 }
        for i in polledInputs { poll(inputs[i].fileDescriptor) }
        let polledSources = sources.indices.filter { sources[$0].fileDescriptor >= 0 }
        for i in polledSources { poll(sources[i].fileDescriptor, writing: sources[i].wantsWrite) }

        // Whole milliseconds, rounded up: waking early would only wait again.
        let timeout = deadline.map { Int32((max(0, min(60, $0 - now)) * 1000).rounded(.up)) } ?? -1
        // Interrupted, it polls again with the same timeout: the loop's deadlines are whole frames, and a signal
        // it must see is in the signal queue it polls.
        try SystemCall.retrying("poll") { Glibc.poll(&fds, nfds_t(fds.count), timeout) }
        var wake = LoopWake()
        var results = fds.map(\.revents)[...]
        if signals != nil, results.removeFirst() != 0 { wake.signal = signals?.next() }
        if displayFD >= 0 { wake.display = results.removeFirst() != 0 }
        if hotplugFD >= 0 { wake.hotplug = results.removeFirst() != 0 }
        for i in polledInputs { if results.removeFirst() != 0 { wake.inputs.append(i) } }
        // An error or a hang-up is the source's to read: it learns of it by reading.
        let readable = Int16(POLLIN | POLLERR | POLLHUP | POLLNVAL)
        for i in polledSources {
            let revents = results.removeFirst()
            if revents & readable != 0 { wake.readableSources.append(i) }
            if revents & Int16(POLLOUT) != 0 { wake.writableSources.append(i) }
        }
        return wake
    }
}
