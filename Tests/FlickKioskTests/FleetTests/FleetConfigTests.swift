@testable import FlickKiosk
import Foundation
import Testing

private let page = #"{"id": "home", "content": {"type": "text", "title": "t", "body": "b"}}"#
private let broker = #""mqtt": {"broker": "mqtt://127.0.0.1:1883"}"#

private func problems(_ fleet: String, mqtt: Bool = true) -> [String] {
    ConfigFixtures.problems(#"{\#(mqtt ? broker + "," : "") "fleet": \#(fleet), "pages": [\#(page)]}"#, directory: "/kiosk")
}

private func fleet(_ fleet: String) throws -> KioskConfig.Fleet? {
    try KioskConfig.parse(Array(#"{\#(broker), "fleet": \#(fleet), "pages": [\#(page)]}"#.utf8), file: "kiosk.json", directory: "/kiosk").fleet
}

@Suite struct FleetConfigTests {
    @Test func aNodeInGroupsUnderAPrefix() throws {
        #expect(try fleet(#"{"node": "cafe-1", "groups": ["cafe", "downtown"], "prefix": "acme/shops"}"#)
            == KioskConfig.Fleet(node: "cafe-1", groups: ["cafe", "downtown"], prefix: "acme/shops"))
    }

    @Test func theHostNameNoGroupsAndFlickByDefault() throws {
        let host = try #require(KioskConfig.Fleet.hostName, "this machine's host name is not a node name")
        #expect(try fleet("{}") == KioskConfig.Fleet(node: host, groups: [], prefix: "flick"))
        // A config without `fleet` is in none.
        let plain = try KioskConfig.parse(Array(#"{\#(broker), "pages": [\#(page)]}"#.utf8), file: "kiosk.json", directory: "/kiosk")
        #expect(plain.fleet == nil)
    }

    @Test func namesAreOneTopicLevelOfSafeCharacters() {
        #expect(problems(##"{"node": "cafe/1", "groups": ["a b", "#", "", "x+"], "prefix": "flick//x"}"##) == [
            #"kiosk.json: fleet.node: expected a node of 1 to 64 letters, digits, '-', '_' or '.', got "cafe/1""#,
            #"kiosk.json: fleet.groups[0]: expected a group of 1 to 64 letters, digits, '-', '_' or '.', got "a b""#,
            ##"kiosk.json: fleet.groups[1]: expected a group of 1 to 64 letters, digits, '-', '_' or '.', got "#""##,
            #"kiosk.json: fleet.groups[2]: expected a group of 1 to 64 letters, digits, '-', '_' or '.', got """#,
            #"kiosk.json: fleet.groups[3]: expected a group of 1 to 64 letters, digits, '-', '_' or '.', got "x+""#,
            #"kiosk.json: fleet.prefix: expected levels of 1 to 64 letters, digits, '-', '_' or '.' between '/' (like "flick" or "acme/shops"), got "flick//x""#,
        ])
        #expect(problems(#"{"node": "\#(String(repeating: "n", count: 65))", "prefix": "/flick"}"#).count == 2)
        #expect(problems(#"{"node": "n\u001b[2J"}"#)
            == [#"kiosk.json: fleet.node: expected a node of 1 to 64 letters, digits, '-', '_' or '.', got "n\u{1B}[2J""#])
    }

    @Test func allIsEveryoneAndANodeIsNotItsOwnGroup() {
        #expect(problems(#"{"node": "all"}"#) == [#"kiosk.json: fleet.node: "all" addresses every kiosk: it cannot be a node's name"#])
        #expect(problems(#"{"node": "cafe-1", "groups": ["all", "cafe-1", "cafe", "cafe"]}"#) == [
            #"kiosk.json: fleet.groups[0]: "all" addresses every kiosk: it cannot be a group's name"#,
            #"kiosk.json: fleet.groups[1]: "cafe-1" is the node's own name: a group names other kiosks too, give it another"#,
            #"kiosk.json: fleet.groups[3]: the group "cafe" is listed twice: leave one out"#,
        ])
    }

    @Test func aFleetNeedsABrokerAndKnownFields() {
        #expect(problems(#"{"node": "cafe-1"}"#, mqtt: false)
            == [#"kiosk.json: fleet: a fleet talks through a broker, but the config has no "mqtt": add {"mqtt": {"broker": "mqtt://host:1883"}}"#])
        #expect(problems(#"{"node": "cafe-1", "group": "cafe"}"#)
            == [#"kiosk.json: fleet.group: unknown field (expected one of: node, groups, prefix, homeAssistant)"#])
        #expect(problems(#"["cafe-1"]"#) == [#"kiosk.json: fleet: expected an object, got an array"#])
        #expect(problems(#"{"groups": "cafe", "node": 3}"#) == [
            #"kiosk.json: fleet.node: expected a string, got 3"#,
            #"kiosk.json: fleet.groups: expected an array of group names, got "cafe""#,
        ])
    }

    @Test func flickCheckSaysWhatIsWrongWithTheFleet() throws {
        let dir = try ConfigFixtures.directory(["kiosk.json": #"{\#(broker), "fleet": {"node": "all"}, "pages": [\#(page)]}"#])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try FlickCommand.run(["check", dir + "/kiosk.json"])
        #expect(run.status == 2)
        #expect(run.err.contains(#"kiosk.json: fleet.node: "all" addresses every kiosk"#), "\(run.err)")
    }

    @Test func topicsOfANodeItsGroupsAndAll() {
        let topics = FleetTopics(KioskConfig.Fleet(node: "cafe-1", groups: ["cafe", "downtown"], prefix: "acme/shops"))
        #expect(topics.status == "acme/shops/cafe-1/status")
        #expect(topics.health == "acme/shops/cafe-1/state/health")
        #expect(topics.commandFilters == ["acme/shops/cafe-1/command/+", "acme/shops/cafe/command/+",
                                          "acme/shops/downtown/command/+", "acme/shops/all/command/+"])
        #expect(topics.verb(of: "acme/shops/cafe/command/page") == "page")
        #expect(topics.verb(of: "acme/shops/cafe-1/state/page") == nil)
        #expect(topics.todoItem(group: "cafe", list: "shopping", item: "x1") == "acme/shops/cafe/todo/shopping/x1")
    }
}
