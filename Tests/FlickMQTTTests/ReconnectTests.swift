import FlickTestFixtures
import Glibc
import Testing
@testable import FlickMQTT

@Test func aRestartedBrokerIsFoundAgainWithTheSubscriptionsMadeAgain() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let log = LogLines()
    let kiosk = try connection(to: broker, log)
    let received = Received(kiosk)
    try kiosk.subscribe("factory/+/parts")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "factory/ready/parts"))

    broker.stop(signal: SIGKILL)
    #expect(loop.run([kiosk], until: { kiosk.state == .disconnected("connection lost") }))
    try broker.restart()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "factory/ready/parts"))
    #expect(broker.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "factory/line2/parts", "-m", "1205"]) == 0)
    #expect(loop.run([kiosk], until: { received.contains("1205") }))
    #expect(log.lines.dropFirst() == ["\(broker.address): connected",
                                      "\(broker.address): connection lost, retrying within 0.5 s",
                                      "\(broker.address): connected"])
}

@Test func theWillIsPublishedWhenTheKioskVanishesAndNotWhenItSaysGoodbye() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let watcher = try connection(to: broker)
    let received = Received(watcher)
    try watcher.subscribe("fleet/+/status")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(watcher, readyTopic: "fleet/watcher/status"))

    func kiosk(_ name: String) throws -> MQTTConnection {
        try connection(to: broker, clientID: name,
                       will: MQTTWill(topic: "fleet/\(name)/status", payload: Array("offline".utf8), qos: .atLeastOnce, retain: false))
    }
    let polite = try kiosk("polite")
    #expect(loop.run([polite, watcher], until: { polite.state == .connected }))
    polite.close()
    #expect(polite.fileDescriptor == -1 && polite.nextDeadline == nil)
    // Two round trips through the broker: a will it sent for the goodbye would have come before the second.
    #expect(try loop.connectAndSettle(watcher, readyTopic: "fleet/watcher/status"))
    #expect(try loop.connectAndSettle(watcher, readyTopic: "fleet/watcher/status"))
    #expect(!received.messages.contains { $0.topic == "fleet/polite/status" })

    let vanishing = try kiosk("vanishing")
    #expect(loop.run([vanishing, watcher], until: { vanishing.state == .connected }))
    // As a power cut looks to the broker: the connection ends without a DISCONNECT.
    shutdown(vanishing.fileDescriptor, Int32(SHUT_RDWR))
    #expect(loop.run([vanishing, watcher], until: { received.messages.contains { $0.topic == "fleet/vanishing/status" } }))
    #expect(received.texts.last == "offline")
}
