import Glibc
import Testing
@testable import FlickBoard

@Test func aSignalRaisedIsReadFromTheQueueNotDelivered() throws {
    let queue = try SignalQueue(SIGUSR2)
    #expect(queue.next() == nil)
    raise(SIGUSR2)
    #expect(queue.next() == SIGUSR2)
    #expect(queue.next() == nil)
}
