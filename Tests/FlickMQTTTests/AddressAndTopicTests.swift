import FlickTestFixtures
import Glibc
import Testing
@testable import FlickMQTT

@Test(arguments: [
    ("mqtt://192.168.1.10", "192.168.1.10", 1883, false),
    ("mqtt://broker.local:1884", "broker.local", 1884, false),
    ("mqtts://broker.example.com", "broker.example.com", 8883, true),
    ("MQTTS://Hub:9000/", "Hub", 9000, true),
    ("mqtt://[fd00::1]", "fd00::1", 1883, false),
    ("mqtts://[::1]:8884", "::1", 8884, true),
])
func brokerAddressesParse(text: String, host: String, port: Int, isTLS: Bool) throws {
    let address = try BrokerAddress(parsing: text)
    #expect(address == BrokerAddress(host: host, port: port, isTLS: isTLS))
}

@Test func anAddressNamesItselfAsTheLogDoes() throws {
    #expect(try BrokerAddress(parsing: "mqtt://10.0.0.2").description == "mqtt://10.0.0.2:1883")
    #expect(try BrokerAddress(parsing: "mqtts://[fd00::1]").description == "mqtts://[fd00::1]:8883")
}

@Test(arguments: [
    ("", "no broker address"),
    ("192.168.1.10:1883", "the address needs its scheme, mqtt:// or mqtts://"),
    ("http://hub", "the scheme 'http' is not mqtt:// or mqtts://"),
    ("mqtt://", "no host"),
    ("mqtt://:1883", "no host"),
    ("mqtt://hub:0", "the port '0' is not a number from 1 to 65535"),
    ("mqtt://hub:70000", "the port '70000' is not a number from 1 to 65535"),
    ("mqtt://hub:+80", "the port '+80' is not a number from 1 to 65535"),
    ("mqtt://hub:", "the port '' is not a number from 1 to 65535"),
    ("mqtt://fd00::1", "an IPv6 address goes in brackets, like mqtt://[fd00::1]:1883"),
    ("mqtt://[fd00::1", "the '[' of an IPv6 address is not closed"),
    ("mqtt://[hub]:1883", "'hub' in brackets is not an IPv6 address"),
    ("mqtt://user:pw@hub", "a user name or password does not go in the address: use username and passwordFile"),
    ("mqtt://hub/sensors", "an MQTT address has no path or query"),
    ("mqtt://hub name", "'hub name' is not a host name or address"),
    ("mqtt://hub\u{1B}[2J", "'hub\\u{1B}[2J' is not a host name or address"),
])
func badBrokerAddressesSayWhatIsWrongAndWhatIsRight(text: String, problem: String) {
    let error = thrownError(MQTTError.self) { try BrokerAddress(parsing: text) }
    #expect(error?.message.contains(": \(problem), like mqtt://192.168.1.10:1883 or mqtts://broker.example.com") == true,
            "\(error?.message ?? "no error")")
    #expect(error?.message.contains("\u{1B}") == false)
}

@Test func filtersTakeWildcardsOnlyAsWholeLevels() throws {
    for good in ["sensors/kitchen/temperature", "sensors/+/temperature", "factory/#", "#", "+", "+/+", "/leading", "a//b"] {
        try MQTTTopic.checkFilter(good)
    }
    for bad in ["sensors/kitchen#", "factory/#/line", "a/b+/c", "##"] {
        let error = thrownError(MQTTError.self) { try MQTTTopic.checkFilter(bad) }
        #expect(error?.message == "'\(bad)': a wildcard fills a whole level: '+' for one level (sensors/+/temperature), "
            + "'#' as the last level for all below it (sensors/#)")
    }
}

@Test func topicsToPublishToHaveNoWildcards() throws {
    try MQTTTopic.checkName("factory/line1/ack")
    for bad in ["factory/+/ack", "factory/#", "a#"] {
        let error = thrownError(MQTTError.self) { try MQTTTopic.checkName(bad) }
        #expect(error?.message.hasSuffix("has no wildcards '+' or '#' (those are for subscriptions), like factory/line1/ack") == true)
    }
}

@Test func emptyLongAndControlCharacterTopicsAreRefusedForBothKinds() {
    // Closures rather than the functions themselves: Swift 6.3 crashes lowering an array of typed-throws references.
    let checks: [(String) throws -> Void] = [{ try MQTTTopic.checkFilter($0) }, { try MQTTTopic.checkName($0) }]
    for check in checks {
        #expect(throws: MQTTError("the topic is empty: name one like sensors/kitchen/temperature")) { try check("") }
        #expect(throws: MQTTError("a topic of 65536 bytes is longer than MQTT's 65535")) { try check(String(repeating: "a", count: 65536)) }
        #expect(throws: MQTTError("'a\\u{1B}b': MQTT forbids control characters in a topic")) { try check("a\u{1B}b") }
        #expect(throws: MQTTError("'a\\0b': MQTT forbids control characters in a topic")) { try check("a\0b") }
    }
}

@Test func settingsThatCannotWorkTogetherAreRefused() throws {
    let plain = try BrokerAddress(parsing: "mqtt://hub")
    #expect(throws: MQTTError("a passwordFile needs a username too (MQTT sends a password only with a user name)")) {
        try MQTTSettings(broker: plain, passwordFile: "/etc/flick/mqtt-password")
    }
    #expect(throws: MQTTError("a caFile is for TLS: write the broker as mqtts://hub:8883 (or another mqtts:// port), or drop the caFile")) {
        try MQTTSettings(broker: plain, caFile: "/etc/flick/ca.pem")
    }
    #expect(throws: MQTTError("keepAlive 2 is not from 5 to 65535 seconds (30 is usual)")) { try MQTTSettings(broker: plain, keepAlive: 2) }
    #expect(throws: MQTTError.self) { try MQTTSettings(broker: plain, will: MQTTWill(topic: "status/#", payload: [])) }
    let settings = try MQTTSettings(broker: plain)
    #expect(settings.clientID.hasPrefix("flick-") && settings.clientID.hasSuffix("-\(getpid())"))
    #expect(settings.keepAlive == 30 && settings.maximumPayload == 256 << 10)
}

@Test func reconnectsWaitHalfASecondDoublingToThirtyAndStartOverOnceConnected() {
    var schedule = ReconnectSchedule(random: { 1 })
    #expect((0..<9).map { _ in schedule.take() } == [0.5, 1, 2, 4, 8, 16, 30, 30, 30])
    schedule.reset()
    #expect(schedule.take() == 0.5)
    var shortest = ReconnectSchedule(random: { 0 })
    #expect((0..<8).map { _ in shortest.take() } == [0.25, 0.5, 1, 2, 4, 8, 15, 15])
}

@Test func aFleetsReconnectsSpreadOverEachStep() {
    var schedule = ReconnectSchedule()
    var waits: [Double] = []
    for _ in 0..<200 {
        schedule.reset()
        waits.append(schedule.take())
    }
    #expect(waits.allSatisfy { (0.25...0.5).contains($0) })
    // 200 kiosks restarting together do not all come back at the same instant.
    #expect(Set(waits).count > 150)
}
