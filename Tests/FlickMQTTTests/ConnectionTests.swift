import FlickTestFixtures
import FlickCore
import FlickJSON
import Glibc
import Testing
@testable import FlickMQTT

@Test func receivesWhatMosquittoPubPublishes() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let log = LogLines()
    let kiosk = try connection(to: broker, log)
    let received = Received(kiosk)
    try kiosk.subscribe("factory/+/temperature")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "factory/ready/temperature"))

    #expect(broker.run(["mosquitto_pub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "factory/line1/temperature", "-m", "21.5"]) == 0)
    #expect(loop.run([kiosk], until: { received.contains("21.5") }))
    #expect(received.messages.map(\.topic) == ["factory/line1/temperature"])
    #expect(log.lines == ["\(broker.address): connecting as \(kiosk.settings.clientID)", "\(broker.address): connected"])
}

@Test func whatItPublishesReachesMosquittoSub() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let kiosk = try connection(to: broker)
    let loop = TestLoop()
    #expect(loop.run([kiosk], until: { kiosk.state == .connected }))

    let output = broker.directory + "/sub.out"
    let subscriber = try broker.spawn(["mosquitto_sub", "-h", "127.0.0.1", "-p", "\(broker.port)", "-t", "factory/ack",
                                       "-v", "-C", "1", "-W", "5"], output: output)
    // mosquitto_sub says nothing once it has subscribed: publish until it has had one and left.
    loop.run([kiosk], every: 0.05, until: {
        if !subscriber.hasExited { try? kiosk.publish(topic: "factory/ack", payload: Array("alarm 7 acknowledged".utf8)) }
        return subscriber.hasExited
    })
    #expect(subscriber.exitCode(within: 0) == 0)
    #expect(broker.read("sub.out") == "factory/ack alarm 7 acknowledged\n")
}

@Test func aJSONPayloadArrivesAsItWasSent() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let sender = try connection(to: broker)
    let kiosk = try connection(to: broker)
    let received = Received(kiosk)
    try kiosk.subscribe("factory/line1/state")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "factory/line1/state"))
    #expect(loop.run([sender], until: { sender.state == .connected }))

    let document = #"{"temperature": 21.5, "parts": 1204, "label": "Öl → 油 🛢", "alarms": [{"id": 7, "active": true}], "note": null}"#
    let sent = try JSONParser.parse(Array(document.utf8))
    try sender.publish(topic: "factory/line1/state", payload: Array(sent.text().utf8), qos: .atLeastOnce)
    #expect(loop.run([sender, kiosk], until: { !received.messages.isEmpty }))
    let payload = try #require(received.messages.first?.payload)
    #expect(try JSONParser.parse(payload).text() == sent.text())
    #expect(payload == Array(sent.text().utf8))
}

@Test func aThousandMessagesArriveInOrderInAFewServices() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let sender = try connection(to: broker)
    let kiosk = try connection(to: broker)
    let slow = try connection(to: broker, messagesPerService: 100)
    let echo = Received(sender), received = Received(kiosk), receivedSlowly = Received(slow)
    for connection in [sender, kiosk, slow] { try connection.subscribe("burst/#") }
    let loop = TestLoop()
    for connection in [sender, kiosk, slow] { #expect(try loop.connectAndSettle(connection, readyTopic: "burst/ready")) }

    let numbers = (0..<1000).map { "\($0)" }
    for n in numbers { try sender.publish(topic: "burst/n", payload: Array(n.utf8)) }
    // The sender has its own messages back, so the broker has passed all of them on.
    #expect(loop.run([sender], until: { echo.texts.last == "999" }))

    let kioskLoop = TestLoop()
    #expect(kioskLoop.run([kiosk], until: { received.texts(on: "burst/n").count == 1000 }))
    #expect(received.texts(on: "burst/n") == numbers)
    // Two hundred a service by default: five services, and one that finds the socket empty or the rest.
    #expect(kioskLoop.services <= 6, "\(kioskLoop.services) services for 1000 messages")

    // A hundred a service at most: the rest wait in the socket, none is lost.
    var perService: [Int] = []
    let slowLoop = TestLoop()
    #expect(slowLoop.run([slow], until: {
        perService.append(receivedSlowly.messages.count - perService.reduce(0, +))
        return receivedSlowly.texts(on: "burst/n").count == 1000
    }))
    #expect(perService.max() ?? 0 <= 100 && slowLoop.services >= 10)
    #expect(receivedSlowly.texts(on: "burst/n") == numbers)
}

@Test func anOversizedMessageIsDroppedWithOneLineAndTheNextOneArrives() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let sender = try connection(to: broker)
    let log = LogLines()
    let kiosk = try connection(to: broker, log)
    let received = Received(kiosk)
    try kiosk.subscribe("camera/#")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "camera/ready"))
    #expect(loop.run([sender], until: { sender.state == .connected }))

    let huge = [UInt8](repeating: 0x41, count: 10 << 20)
    try sender.publish(topic: "camera/frame", payload: huge)
    try sender.publish(topic: "camera/frame", payload: huge)
    try sender.publish(topic: "camera/status", payload: Array("ok".utf8))
    #expect(loop.run([sender, kiosk], for: 8, until: { received.contains("ok") }))
    #expect(received.texts == ["ok"])
    #expect(log.lines.filter { $0.contains("dropped") } == [
        "\(broker.address): dropped a message of 10485760 bytes on 'camera/frame', more than the 262144 a message may have "
            + "(further ones on it are dropped without a line)",
    ])
    #expect(kiosk.state == .connected)
}

@Test func noBrokerMeansOneLineAndAClearErrorForAPublish() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let log = LogLines()
    let kiosk = try connection(to: broker, log)
    broker.stop()
    let loop = TestLoop()
    var changes: [MQTTConnection.State] = []
    kiosk.onConnectionChange = { changes.append($0) }
    // Attempts at once, after 0.5 s and 1 s more: the state, and the log, change once.
    #expect(!loop.run([kiosk], for: 1.8, until: { false }))
    #expect(loop.services >= 3)
    #expect(changes == [.disconnected("connection refused")])
    #expect(log.lines == ["\(broker.address): connecting as \(kiosk.settings.clientID)",
                          "\(broker.address): connection refused, retrying within 0.5 s"])
    #expect(throws: MQTTError("\(broker.address): not connected (connection refused): nothing published on 'factory/ack'")) {
        try kiosk.publish(topic: "factory/ack", payload: Array("1".utf8))
    }
    #expect(throws: MQTTError.self) { try kiosk.subscribe("factory/#/x") }
}

@Test func subscribingAndUnsubscribingWhileConnectedTakeEffectAtOnce() throws {
    let broker = MosquittoBroker()
    try broker.start()
    let kiosk = try connection(to: broker)
    let received = Received(kiosk)
    try kiosk.subscribe("old/#")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "old/ready"))

    // A config reload that swaps one source for another.
    try kiosk.subscribe("new/#")
    kiosk.unsubscribe("old/#")
    // The broker takes one client's packets in order: had old/# still held, old/1 would come before new/1.
    try kiosk.publish(topic: "old/1", payload: Array("old".utf8))
    try kiosk.publish(topic: "new/1", payload: Array("new".utf8))
    #expect(loop.run([kiosk], until: { received.contains("new") }))
    #expect(received.texts == ["new"])
}
