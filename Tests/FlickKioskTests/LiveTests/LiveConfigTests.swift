import FlickKiosk
import Testing

/// The lines `flick check` would print for `json`; empty when it is valid.
private func problems(_ json: String) -> [String] { ConfigFixtures.problems(json, directory: "/kiosk") }

private func config(_ json: String) throws -> KioskConfig {
    try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/kiosk")
}

private let page = #"{"id": "home", "content": {"type": "text", "title": "t", "body": "b"}}"#

@Suite struct LiveConfigTests {
    @Test func sourcesOfEachKind() throws {
        let c = try config(#"""
        {"mqtt": {"broker": "mqtt://127.0.0.1:1883", "username": "kiosk", "passwordFile": "secret"},
         "sources": {"temp": {"mqtt": "line1/+/temp", "path": "readings[0].celsius", "freshness": 30},
                     "count": {"file": "count.txt", "interval": 2},
                     "now": {"clock": "minute"}},
         "pages": [\#(page)]}
        """#)
        #expect(c.mqtt == KioskConfig.MQTT(broker: "mqtt://127.0.0.1:1883", username: "kiosk", passwordFile: "/kiosk/secret", caFile: nil))
        #expect(c.sources.map(\.name) == ["temp", "count", "now"])
        #expect(c.sources[0].origin == .mqtt(topic: "line1/+/temp", path: ValuePath("readings[0].celsius")))
        #expect(c.sources[0].freshness == 30)
        #expect(c.sources[1].origin == .file("/kiosk/count.txt", path: nil, interval: 2))
        #expect(c.sources[2].origin == .clock(.minute))
    }

    @Test func badSourcesArePathPrecise() {
        let json = #"""
        {"sources": {"a b": {"clock": "second"}, "t": {"mqtt": "x/#/y"}, "f": {"file": "x", "mqtt": "y"},
                     "c": {"clock": "hour"}, "p": {"file": "x", "path": "a..b"}, "n": {}},
         "pages": [\#(page)]}
        """#
        #expect(problems(json) == [
            #"kiosk.json: sources.a b: a source's name must be 1 to 64 letters, digits, - or _, got "a b""#,
            #"kiosk.json: sources.t.mqtt: 'x/#/y': a wildcard fills a whole level: '+' for one level (sensors/+/temperature), '#' as the last level for all below it (sensors/#)"#,
            #"kiosk.json: sources.f: give one of "mqtt" and "file", not both"#,
            #"kiosk.json: sources.c.clock: expected one of "second", "minute", got "hour""#,
            #"kiosk.json: sources.p.path: expected a path into the JSON value like "celsius" or "readings[0].value", got "a..b""#,
            #"kiosk.json: sources.n: expected one of "mqtt" (a topic), "file" (a path) or "clock" ("second" or "minute")"#,
            #"kiosk.json: sources.t.mqtt: uses MQTT, but the config has no "mqtt": add {"mqtt": {"broker": "mqtt://host:1883"}}"#,
        ])
    }

    @Test func badBroker() {
        #expect(problems(#"{"mqtt": {"broker": "tcp://x:1"}, "pages": [\#(page)]}"#)
            == [#"kiosk.json: mqtt.broker: 'tcp://x:1': the scheme 'tcp' is not mqtt:// or mqtts://, like mqtt://192.168.1.10:1883 or mqtts://broker.example.com"#])
        #expect(problems(#"{"mqtt": {"broker": "mqtt://x", "passwordFile": "p"}, "pages": [\#(page)]}"#)
            == [#"kiosk.json: mqtt: a passwordFile needs a username too (MQTT sends a password only with a user name)"#])
        #expect(problems(#"{"mqtt": {"broker": "mqtt://x", "caFile": "ca.pem"}, "pages": [\#(page)]}"#)
            == [#"kiosk.json: mqtt: a caFile is for TLS: write the broker as mqtts://x:8883 (or another mqtts:// port), or drop the caFile"#])
    }

    @Test func returnToStartAndPagesThatStay() throws {
        let c = try config(#"{"returnToStart": 120, "pages": [\#(page), {"id": "form", "returnToStart": false, "content": {"type": "todo"}}]}"#)
        #expect(c.returnToStart == 120)
        #expect(c.page("home")?.returnsToStart == true)
        #expect(c.page("form")?.returnsToStart == false)
        #expect(problems(#"{"returnToStart": 1, "pages": [\#(page)]}"#) == ["kiosk.json: returnToStart: expected a number from 5 to 86400, got 1"])
    }

    @Test func valuePaths() {
        #expect(ValuePath("a.b[2].c")?.steps == [.key("a"), .key("b"), .index(2), .key("c")])
        #expect(ValuePath("[0]")?.steps == [.index(0)])
        #expect(ValuePath("")?.steps == [])
        for bad in ["a.", ".a", "a..b", "a[", "a[x]", "a[-1]", "a[0]b"] { #expect(ValuePath(bad) == nil, "\(bad)") }
        #expect(ValuePath("a[0]b") == nil)
    }

    @Test func payloadFill() {
        #expect(KioskAction.fill(#"{"ack": {value}}"#, with: .bool(true)) == #"{"ack": true}"#)
        #expect(KioskAction.fill("{value} °C", with: .number(21.5)) == "21.5 °C")
        #expect(KioskAction.fill("{value}", with: .string("on")) == "on")
        #expect(KioskAction.fill("ack", with: nil) == "ack")
    }
}
