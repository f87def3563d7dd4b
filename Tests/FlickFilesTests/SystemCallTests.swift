import Glibc
import SystemPackage
import Testing
@testable import FlickFiles

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
