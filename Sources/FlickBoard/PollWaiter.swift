import CLinux
import FlickDisplay
import FlickFiles
import FlickInput
import FlickUI
import Glibc
import SystemPackage

/// The run loop on a board: CLOCK_MONOTONIC (the clock DRM timestamps flips on), and poll() on the signals, the
/// display's flip events and connector changes, and the input devices. An idle kiosk sleeps here with no timeout: no wake-ups, no CPU.
package final class PollWaiter: LoopWaiter {
    private let signals: SignalQueue?

    /// A waiter that also polls `signals` (termination, VT switches) and hands the loop each one; nil: none.
    package init(signals: SignalQueue?) { self.signals = signals }

    package var now: Double { MonotonicClock().now }
    package var drawsAtVBlank: Bool { false }

    package func wait(until deadline: Double?, timer: Double?, display: any Display, inputs: [any InputSource]) throws -> LoopWake {
        let deadline = [deadline, timer].compactMap { $0 }.min()
        var fds: [pollfd] = []
        if let signals { fds.append(pollfd(fd: signals.descriptor.rawValue, events: Int16(POLLIN), revents: 0)) }
        let displayFD = display.fileDescriptor
        if displayFD >= 0 { fds.append(pollfd(fd: displayFD, events: Int16(POLLIN), revents: 0)) }
        let hotplugFD = display.hotplugFileDescriptor
        if hotplugFD >= 0 { fds.append(pollfd(fd: hotplugFD, events: Int16(POLLIN), revents: 0)) }
        let polled = inputs.indices.filter { inputs[$0].fileDescriptor >= 0 }
        for i in polled { fds.append(pollfd(fd: inputs[i].fileDescriptor, events: Int16(POLLIN), revents: 0)) }

        // Whole milliseconds, rounded up: waking early would only wait again.
        let timeout = deadline.map { Int32((max(0, min(60, $0 - now)) * 1000).rounded(.up)) } ?? -1
        // Interrupted, it polls again with the same timeout: the loop's deadlines are whole frames, and a signal
        // it must see is in the signal queue it polls.
        try SystemCall.retrying("poll") { poll(&fds, nfds_t(fds.count), timeout) }
        var wake = LoopWake()
        var slot = 0
        if signals != nil {
            if fds[slot].revents != 0 { wake.signal = signals?.next() }
            slot += 1
        }
        if displayFD >= 0 {
            wake.display = fds[slot].revents != 0
            slot += 1
        }
        if hotplugFD >= 0 {
            wake.hotplug = fds[slot].revents != 0
            slot += 1
        }
        wake.inputs = polled.enumerated().filter { fds[slot + $0.offset].revents != 0 }.map(\.element)
        return wake
    }
}
