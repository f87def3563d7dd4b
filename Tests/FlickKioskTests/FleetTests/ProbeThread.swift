import FlickCore
import FlickMQTT
import FlickTestFixtures
import Foundation

/// A ``SharedTodoProbe`` serviced on a thread of its own, for tests whose kiosks are other processes. Such a test
/// waits in an async task, and on a busy machine other tests' blocking waits can hold every thread of the pool for
/// longer than the probe's keep-alive: the broker then drops the probe, and with it what it still held for it (the
/// likely way a kiosk's "online" went missing in CI). Every look at the probe takes its lock; the thread takes it only
/// to service it.
final class ProbeThread: @unchecked Sendable {
    private let probe: SharedTodoProbe
    private let lock = NSLock()
    private var stopping = false
    private let stopped = DispatchSemaphore(value: 0)

    init(broker: String, filter: String) throws {
        probe = try SharedTodoProbe(broker: broker, filter: filter)
        let source = LockedSource(probe.connection, lock)
        Thread.detachNewThread { [self] in
            TestLoop().run([source], for: .infinity, every: 0.05) { lock.withLock { stopping } }
            stopped.signal()
        }
    }

    /// Ends the thread; the probe is left alone from then on.
    func stop() {
        lock.withLock { stopping = true }
        stopped.wait()
    }

    var state: MQTTConnection.State { lock.withLock { probe.connection.state } }
    var isConnected: Bool { state == .connected }
    var messages: [SharedTodoProbe.Message] { lock.withLock { probe.messages } }
    func statuses(on topic: String) -> [String] { lock.withLock { probe.statuses(on: topic) } }

    func publish(topic: String, payload: [UInt8]) throws {
        try lock.withLock { try probe.connection.publish(topic: topic, payload: payload, qos: .atLeastOnce) }
    }
}

/// A loop source whose every use holds `lock`: the loop polls its descriptor without it.
private final class LockedSource: LoopSource, @unchecked Sendable {
    private let source: LoopSource
    private let lock: NSLock

    init(_ source: LoopSource, _ lock: NSLock) { (self.source, self.lock) = (source, lock) }

    var fileDescriptor: Int32 { lock.withLock { source.fileDescriptor } }
    var wantsWrite: Bool { lock.withLock { source.wantsWrite } }
    var nextDeadline: Double? { lock.withLock { source.nextDeadline } }
    func service(readable: Bool, writable: Bool, now: Double) {
        lock.withLock { source.service(readable: readable, writable: writable, now: now) }
    }
}
