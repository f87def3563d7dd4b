import CLinux
import Foundation

/// The text console Flick runs on. While Flick shows frames the VT is in graphics mode (no cursor
/// blinking through, no console blanking) and its keyboard is off (keys reach Flick through libinput,
/// not the shell behind); `restore()` puts both back.
public final class VirtualTerminal {
    private let fd: Int32
    private let previousMode: Int32
    private let previousKeyboard: Int32
    private var restored = false

    /// Takes over the VT on `fd` (standard input by default); nil when that is not a VT (ssh, a pipe,
    /// a service without TTYPath), where there is nothing to hide.
    public init?(fd: Int32 = STDIN_FILENO) {
        var mode: Int32 = 0, keyboard: Int32 = 0
        guard ioctl(fd, UInt(KDGETMODE), &mode) == 0, ioctl(fd, UInt(KDGKBMODE), &keyboard) == 0 else { return nil }
        self.fd = fd
        previousMode = mode
        previousKeyboard = keyboard
        _ = ioctl(fd, UInt(KDSETMODE), KD_GRAPHICS)
        _ = ioctl(fd, UInt(KDSKBMODE), K_OFF)
    }

    deinit { restore() }

    public func restore() {
        guard !restored else { return }
        restored = true
        _ = ioctl(fd, UInt(KDSKBMODE), previousKeyboard)
        _ = ioctl(fd, UInt(KDSETMODE), previousMode)
    }
}
