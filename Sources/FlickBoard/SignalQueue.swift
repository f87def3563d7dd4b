import CLinux
import FoundationEssentials
import Glibc

/// Signals as a readable fd, so the loop handles them between frames, not mid-draw: termination, and the
/// kernel asking Flick to release or take back its virtual terminal.
public final class SignalQueue {
    public let fd: Int32

    public init(_ signals: Int32...) throws {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else { throw POSIXError(.EINVAL) }
        fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
    }

    deinit { close(fd) }

    public func next() -> Int32? {
        var info = signalfd_siginfo()
        let n = read(fd, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
