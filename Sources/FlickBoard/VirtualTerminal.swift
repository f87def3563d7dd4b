import CLinux
import FlickUI
import Glibc

/// The text console Flick runs on. While Flick shows frames the VT is in graphics mode (no cursor
/// blinking through, no console blanking) and its keyboard is off (keys reach Flick through libinput,
/// not the shell behind); `restore()` puts both back. Switching to another VT (Ctrl-Alt-Fn, `chvt`) is
/// Flick's to allow: the kernel sends `releaseSignal`, Flick drops DRM master and acknowledges, and on
/// the way back `acquireSignal` gives the display back to Flick.
package final class VirtualTerminal: ConsoleSwitching {
    private let fd: Int32
    private let previousMode: Int32
    private let previousKeyboard: Int32
    private var restored = false

    /// The signal the kernel sends when another VT is to be shown: SIGUSR1.
    package static let releaseSignal = SIGUSR1
    /// The signal the kernel sends when Flick's VT is shown again: SIGUSR2.
    package static let acquireSignal = SIGUSR2
    /// SIGUSR1, the static `releaseSignal`, for the frame loop.
    package var releaseSignal: Int32 { Self.releaseSignal }
    /// SIGUSR2, the static `acquireSignal`, for the frame loop.
    package var acquireSignal: Int32 { Self.acquireSignal }

    /// Takes over the VT on `fd` (standard input by default); nil when that is not a VT (ssh, a pipe,
    /// a service without TTYPath), where there is nothing to hide. Block the two switch signals first
    /// (a `SignalQueue`): the default action of SIGUSR1 would end the process.
    package init?(fd: Int32 = STDIN_FILENO) {
        var mode: Int32 = 0, keyboard: Int32 = 0
        guard ioctl(fd, UInt(KDGETMODE), &mode) == 0, ioctl(fd, UInt(KDGKBMODE), &keyboard) == 0 else { return nil }
        self.fd = fd
        previousMode = mode
        previousKeyboard = keyboard
        _ = ioctl(fd, UInt(KDSETMODE), KD_GRAPHICS)
        _ = ioctl(fd, UInt(KDSKBMODE), K_OFF)
        var switching = vt_mode(mode: CChar(VT_PROCESS), waitv: 0, relsig: Int16(Self.releaseSignal),
                                acqsig: Int16(Self.acquireSignal), frsig: 0)
        _ = ioctl(fd, UInt(VT_SETMODE), &switching)
    }

    /// Lets the pending switch away happen (after the display was released).
    package func allowRelease() { _ = ioctl(fd, UInt(VT_RELDISP), Int32(1)) }

    /// Acknowledges that Flick has the VT again.
    package func acknowledgeAcquire() { _ = ioctl(fd, UInt(VT_RELDISP), Int32(VT_ACKACQ)) }

    deinit { restore() }

    /// Gives the console back as it was: text mode, its keyboard, automatic VT switching. Safe to call more than
    /// once; the terminal's deinit calls it too.
    package func restore() {
        guard !restored else { return }
        restored = true
        var automatic = vt_mode(mode: CChar(VT_AUTO), waitv: 0, relsig: 0, acqsig: 0, frsig: 0)
        _ = ioctl(fd, UInt(VT_SETMODE), &automatic)
        _ = ioctl(fd, UInt(KDSKBMODE), previousKeyboard)
        _ = ioctl(fd, UInt(KDSETMODE), previousMode)
    }
}
