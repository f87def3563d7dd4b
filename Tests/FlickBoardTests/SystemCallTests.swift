import Glibc
import SystemPackage
import Testing
@testable import FlickBoard

@Test func anInterruptedCallIsMadeAgainAndAFailureNamesTheCallAndErrno() {
    var attempts = 0
    let result = try? SystemCall.retrying("poll") {
        attempts += 1
        if attempts < 3 { errno = EINTR; return -1 }
        return 7
    }
    #expect(result == 7 && attempts == 3)
    #expect(throws: SystemCallError("ioctl", errno: .badFileDescriptor)) {
        try SystemCall.retrying("ioctl") { errno = EBADF; return -1 }
    }
    #expect(SystemCallError("ioctl", errno: .badFileDescriptor).description.hasPrefix("ioctl failed: "))
}

@Test func aSignalRaisedIsReadFromTheQueueNotDelivered() throws {
    let queue = try SignalQueue(SIGUSR2)
    #expect(queue.next() == nil)
    raise(SIGUSR2)
    #expect(queue.next() == SIGUSR2)
    #expect(queue.next() == nil)
}
