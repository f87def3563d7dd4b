import FlickJSON
import FlickMQTT

extension KioskConfig {
    /// `sources`: an object of named sources, read before the pages so widgets can name them.
    static func readSources(_ value: JSONValue, reader: ConfigReader) -> [DataSource] {
        guard case .object(let members) = value else {
            reader.report("sources", "expected an object of named sources, like {\"temperature\": {\"mqtt\": \"line1/temp\"}}, got \(value.shortDescription)")
            return []
        }
        let week = 7 * 24 * 3600.0
        var sources: [DataSource] = []
        for (name, entry) in members {
            let at = ConfigReader.join("sources", name)
            guard isListName(name) else {
                reader.report(at, "a source's name must be 1 to \(listNameLimit) letters, digits, - or _, got \(JSONValue.string(name).shortDescription)")
                continue
            }
            guard let fields = reader.object(entry, at: at, known: ["mqtt", "file", "clock", "path", "interval", "freshness"]) else { continue }
            let kinds = ["mqtt", "file", "clock"].filter { fields[$0] != nil }
            guard kinds.count == 1 else {
                reader.report(at, kinds.isEmpty ? "expected one of \"mqtt\" (a topic), \"file\" (a path) or \"clock\" (\"second\" or \"minute\")"
                                                 : "give one of \(kinds.map { "\"\($0)\"" }.joined(separator: " and ")), not both")
                continue
            }
            let path = fields.string("path", required: false).flatMap { text -> ValuePath? in
                guard let p = ValuePath(text) else {
                    fields.report("path", "expected a path into the JSON value like \"celsius\" or \"readings[0].value\", got \(JSONValue.string(text).shortDescription)")
                    return nil
                }
                return p
            }
            let freshness = fields.number("freshness", in: 0.1...week)
            let interval = fields.number("interval", in: 0.1...week)
            let origin: DataSource.Origin?
            switch kinds[0] {
            case "mqtt":
                origin = fields.string("mqtt").flatMap { topic in
                    reader.subscriptionProblem(topic).map { fields.report("mqtt", $0); return nil } ?? .mqtt(topic: topic, path: path)
                }
                reader.mqttUses.append(fields.path("mqtt"))
            case "file":
                origin = fields.string("file").map { .file(resolve($0, against: reader.directory), path: path, interval: interval) }
            default:
                origin = fields.choice("clock", DataSource.ClockTick.self, required: true).map { .clock($0) }
                if fields["path"] != nil { fields.report("path", "a clock has no JSON to look into: leave it out") }
            }
            if interval != nil, kinds[0] != "file" { fields.report("interval", "only a file source is read at an interval: leave it out") }
            if let origin { sources.append(DataSource(name: name, origin: origin, freshness: freshness)) }
        }
        reader.sourceNames = sources.map(\.name)
        return sources
    }

    /// `mqtt`: the broker and how to log in to it.
    static func readMQTT(_ value: JSONValue, reader: ConfigReader) -> MQTT? {
        guard let fields = reader.object(value, at: "mqtt", known: ["broker", "username", "passwordFile", "caFile"]) else { return nil }
        let broker = fields.string("broker").flatMap { url -> String? in
            guard let problem = reader.brokerProblem(url) else { return url }
            fields.report("broker", problem)
            return nil
        }
        let username = fields.string("username", required: false)
        let passwordFile = fields.string("passwordFile", required: false).map { resolve($0, against: reader.directory) }
        let caFile = fields.string("caFile", required: false).map { resolve($0, against: reader.directory) }
        guard let broker else { return nil }
        let mqtt = MQTT(broker: broker, username: username, passwordFile: passwordFile, caFile: caFile)
        do throws(MQTTError) { _ = try mqtt.settings() } catch { reader.report("mqtt", error.description) }
        return mqtt
    }

    /// What the pages' widgets refer to that only the whole config can tell: pages that exist, a broker to publish
    /// through.
    static func reportLiveReferences(pageIDs: Set<String>, known: String, mqtt: MQTT?, reader: ConfigReader) {
        for reference in reader.pageReferences where !pageIDs.contains(reference.id) {
            reader.report(reference.path, "unknown page id \"\(reference.id)\" (pages: \(known))")
        }
        if mqtt == nil, let first = reader.mqttUses.first {
            reader.report(first, "uses MQTT, but the config has no \"mqtt\": add {\"mqtt\": {\"broker\": \"mqtt://host:1883\"}}")
        }
    }
}

extension ConfigReader {
    /// What is wrong with `url` as a broker address, or nil.
    func brokerProblem(_ url: String) -> String? {
        do throws(MQTTError) { _ = try BrokerAddress(parsing: url); return nil } catch { return error.description }
    }

    /// What is wrong with `topic` as a subscription (a filter: `+` a whole level, `#` the last), or nil.
    func subscriptionProblem(_ topic: String) -> String? {
        do throws(MQTTError) { try MQTTTopic.checkFilter(topic); return nil } catch { return error.description }
    }

    /// What is wrong with `topic` as a topic to publish on (no wildcards), or nil.
    func publishProblem(_ topic: String) -> String? {
        do throws(MQTTError) { try MQTTTopic.checkName(topic); return nil } catch { return error.description }
    }
}

extension ConfigFields {
    /// The name of one of the config's `sources` that `key` holds (`required`: missing is a problem); an unknown
    /// name is a problem that lists the sources there are.
    public func source(_ key: String, required: Bool = true) -> String? {
        guard let name = string(key, required: required) else { return nil }
        guard reader.sourceNames.contains(name) else {
            let known = reader.sourceNames.isEmpty ? "the config has no \"sources\"" : "sources: \(reader.sourceNames.joined(separator: ", "))"
            report(key, "unknown source \(JSONValue.string(name).shortDescription) (\(known))")
            return nil
        }
        return name
    }

    /// The action `key` holds (``KioskAction``; `required`: missing is a problem). A page id or a language is checked
    /// against the whole config once it is read.
    public func action(_ key: String, required: Bool = false) -> KioskAction? {
        guard let value = self[key] else {
            if required { missing(key, expected: "an action") }
            return nil
        }
        return KioskConfig.readAction(value, at: path(key), reader: reader)
    }
}

extension KioskConfig {
    static let actionNames = ["\"back\"", "\"start\"", "\"blank\"", "\"wake\"", "{\"page\": id}", "{\"language\": code}",
                              "{\"backlight\": percent}", "{\"publish\": topic, \"payload\": text}"]

    static func readAction(_ value: JSONValue, at path: String, reader: ConfigReader) -> KioskAction? {
        let expected = "expected an action: one of \(actionNames.joined(separator: ", "))"
        if case .string(let name) = value {
            switch name {
            case "back": return .back
            case "start": return .start
            case "blank": return .blank
            case "wake": return .wake
            default:
                reader.report(path, "\(expected), got \(value.shortDescription)")
                return nil
            }
        }
        guard case .object(let members) = value, let verb = members.first?.key,
              ["page", "language", "backlight", "publish"].contains(verb) else {
            reader.report(path, "\(expected), got \(value.shortDescription)")
            return nil
        }
        guard let fields = reader.object(value, at: path, known: verb == "publish" ? ["publish", "payload", "retain"] : [verb]) else { return nil }
        switch verb {
        case "page":
            guard let id = fields.string("page") else { return nil }
            reader.pageReferences.append((fields.path("page"), id))
            return .page(id)
        case "language":
            guard let code = fields.string("language") else { return nil }
            reader.languageReferences.append((fields.path("language"), code))
            return .language(code)
        case "backlight":
            if case .string("value") = fields["backlight"] { return .backlight(nil) }
            guard case .number = fields["backlight"] ?? .null else {
                fields.report("backlight", "expected a percentage from 1 to 100, or \"value\" for the widget's, got \((fields["backlight"] ?? .null).shortDescription)")
                return nil
            }
            return fields.number("backlight", in: 1...100).map { .backlight($0) }
        default:
            reader.mqttUses.append(fields.path("publish"))
            let topic = fields.string("publish").flatMap { topic in
                reader.publishProblem(topic).map { fields.report("publish", $0); return nil } ?? topic
            }
            let payload = fields.string("payload", required: false) ?? "{value}"
            let retain = fields.bool("retain") ?? false
            return topic.map { .publish(topic: $0, payload: payload, retain: retain) }
        }
    }
}
