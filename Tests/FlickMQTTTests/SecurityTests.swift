import CMosquitto
import FlickTestFixtures
import Glibc
import Testing
@testable import FlickMQTT

/// A broker that lets in only alice, with her password in a file made by mosquitto_passwd.
private func brokerWithPasswords() throws -> MosquittoBroker {
    let broker = MosquittoBroker()
    try broker.start(try broker.makePasswordFile(user: "alice", password: "s3cret"))
    return broker
}

@Test func aUsernameAndPasswordFileLetTheKioskIn() throws {
    let broker = try brokerWithPasswords()
    let passwordFile = broker.write("kiosk-password", "s3cret\n")
    let kiosk = try connection(to: broker, username: "alice", passwordFile: passwordFile)
    #expect(TestLoop().run([kiosk], until: { kiosk.state == .connected }))
}

@Test func aWrongPasswordIsNotAuthorisedSaidOnce() throws {
    let broker = try brokerWithPasswords()
    let passwordFile = broker.write("kiosk-password", "guess\r\nsecond line\n")
    let log = LogLines()
    let kiosk = try connection(to: broker, log, username: "alice", passwordFile: passwordFile)
    let loop = TestLoop()
    #expect(loop.run([kiosk], until: { kiosk.state != .connecting }))
    #expect(kiosk.state == .disconnected("not authorised (check username and passwordFile)"))
    // The next attempt, half a second on, is refused the same way and says nothing new.
    #expect(!loop.run([kiosk], for: 0.8, until: { kiosk.state != .disconnected("not authorised (check username and passwordFile)") }))
    #expect(log.lines.last == "\(broker.address): not authorised (check username and passwordFile), retrying within 0.5 s")
    #expect(log.count(containing: "not authorised") == 1)

    // The password is read at every connect: fixed in the file, it is used at the next attempt.
    broker.write("kiosk-password", "s3cret")
    #expect(loop.run([kiosk], until: { kiosk.state == .connected }))
}

@Test func aMissingOrEmptyPasswordFileIsNamed() throws {
    let broker = try brokerWithPasswords()
    let kiosk = try connection(to: broker, username: "alice", passwordFile: broker.directory + "/nowhere")
    #expect(TestLoop().run([kiosk], until: { kiosk.state != .connecting }))
    #expect(kiosk.state == .disconnected("passwordFile \(broker.directory)/nowhere: no such file"))

    let empty = broker.write("empty", "\nsecond line\n")
    #expect(throws: MQTTError("passwordFile \(empty): the first line is empty: put the password there")) {
        try MQTTConnection.readPassword(empty)
    }
    #expect(throws: MQTTError("passwordFile /tmp: a directory, not a regular file")) { try MQTTConnection.readPassword("/tmp") }
}

/// A certificate authority and a certificate for 127.0.0.1 that it signed, made with openssl in the broker's
/// directory, and the broker listening with TLS.
private func brokerWithTLS() throws -> MosquittoBroker {
    let broker = MosquittoBroker()
    try broker.start(["allow_anonymous true"] + broker.makeTLSCertificates())
    return broker
}

@Test func mqttsWithTheBrokersCertificateAuthorityConnectsAndCarriesMessages() throws {
    let broker = try brokerWithTLS()
    let address = "mqtts://127.0.0.1:\(broker.port)"
    let settings = try MQTTSettings(broker: BrokerAddress(parsing: address), caFile: broker.caFile, clientID: "flick-tls")
    let log = LogLines()
    let kiosk = try MQTTConnection(settings: settings, log: log.append)
    let received = Received(kiosk)
    try kiosk.subscribe("secure/#")
    let loop = TestLoop()
    #expect(try loop.connectAndSettle(kiosk, readyTopic: "secure/ready"))
    try kiosk.publish(topic: "secure/value", payload: Array("42".utf8))
    #expect(loop.run([kiosk], until: { received.contains("42") }))
    #expect(log.lines.last == "\(address): connected")
}

@Test func mqttsRefusesABrokerItsCertificateAuthoritiesDoNotVouchFor() throws {
    let broker = try brokerWithTLS()
    // The system's authorities never signed the test's certificate.
    let settings = try MQTTSettings(broker: BrokerAddress(parsing: "mqtts://127.0.0.1:\(broker.port)"), clientID: "flick-tls-untrusted")
    let kiosk = try MQTTConnection(settings: settings, log: { _ in })
    #expect(TestLoop().run([kiosk], until: { kiosk.state != .connecting }))
    guard case .disconnected(let reason) = kiosk.state else { Issue.record("\(kiosk.state)"); return }
    #expect(reason.hasPrefix("TLS failed") && reason.contains("certificate verify failed"), "\(reason)")
}

/// The same refusal in the words of a newer libmosquitto (Debian 13's 2.0.21): errno EPROTO, OpenSSL's reason in its log.
@Test func aHandshakeEndedWithEPROTOIsSaidAsTLSWithOpenSSLsReason() {
    let openSSL = "OpenSSL Error[0]: error:0A000086:SSL routines::certificate verify failed"
    #expect(ConnectionFailure.words(for: MOSQ_ERR_ERRNO.rawValue, errno: EPROTO, keepAlive: 30, libraryError: openSSL)
            == "TLS failed: " + openSSL)
    #expect(ConnectionFailure.words(for: MOSQ_ERR_ERRNO.rawValue, errno: EPROTO, keepAlive: 30, libraryError: nil) == "protocol error")
    #expect(ConnectionFailure.words(for: MOSQ_ERR_ERRNO.rawValue, errno: ECONNREFUSED, keepAlive: 30, libraryError: openSSL)
            == "connection refused")
}

@Test func aTLSBrokerThatDiesLeavesTheKioskRunningAndRetrying() throws {
    let broker = try brokerWithTLS()
    let settings = try MQTTSettings(broker: BrokerAddress(parsing: "mqtts://127.0.0.1:\(broker.port)"), caFile: broker.caFile,
                                    clientID: "flick-tls-dies")
    let kiosk = try MQTTConnection(settings: settings, log: { _ in })
    let loop = TestLoop()
    #expect(loop.run([kiosk], until: { kiosk.state == .connected }))
    broker.stop(signal: SIGKILL)
    // A write after the broker's end is answered with a reset; the write after that raises SIGPIPE, which would
    // end the test run (and a kiosk) unless ignored. The publishes may fail; the process must not.
    var socket = pollfd(fd: kiosk.fileDescriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&socket, 1, 2000) == 1)
    try? kiosk.publish(topic: "secure/value", payload: [1])
    socket.events = 0
    #expect(poll(&socket, 1, 2000) == 1 && socket.revents & Int16(POLLERR | POLLHUP) != 0)
    try? kiosk.publish(topic: "secure/value", payload: [2])
    #expect(loop.run([kiosk], until: { kiosk.state != .connected }))
    guard case .disconnected = kiosk.state else { Issue.record("\(kiosk.state)"); return }
}
