import CLinux
import FlickFiles
import Glibc
import SystemPackage

/// Signals as a readable file descriptor, so the loop handles them between frames, not mid-draw: termination, a
/// reload (SIGHUP), and the kernel asking Flick to release or take back its virtual terminal.
package final class SignalQueue {
    /// Readable when a signal is queued.
    package let descriptor: FileDescriptor

    /// Blocks `signals` for the calling thread (and the threads it starts afterwards, which inherit the mask: make
    /// the queue before starting any) and queues them instead; they stay blocked when the queue is gone. Throws a
    /// `SystemCallError` when the mask or the signalfd cannot be set up.
    package init(_ signals: Int32...) throws(SystemCallError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        // pthread_sigmask returns the error rather than setting errno.
        let blocked = pthread_sigmask(SIG_BLOCK, &set, nil)
        guard blocked == 0 else { throw SystemCallError("pthread_sigmask", errno: Errno(rawValue: blocked)) }
        descriptor = FileDescriptor(rawValue: try SystemCall.retrying("signalfd") {
            signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        })
    }

    deinit { try? descriptor.close() }

    /// The next queued signal, or nil when none is.
    func next() -> Int32? {
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        let n = try? withUnsafeMutableBytes(of: &info) { try descriptor.read(into: $0) }
        return n == size ? Int32(info.ssi_signo) : nil
    }
}
