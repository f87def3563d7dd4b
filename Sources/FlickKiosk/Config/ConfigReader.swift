import FlickFiles
import FlickJSON
import FlickRaster

/// Reads typed values out of a `JSONValue`, recording an issue with the field's JSON path for
/// anything missing, mistyped or unknown, and carrying on so one run reports every problem.
final class ConfigReader {
    private(set) var issues: [KioskConfigError.Issue] = []
    /// The absolute directory of the config: relative picture paths resolve against it.
    let directory: String

    init(directory: String) { self.directory = directory }

    func report(_ path: String, _ message: String) {
        issues.append(.init(path: path, message: message))
    }

    /// The fields of an object at `path`, after reporting any not in `known` (typo protection).
    func object(_ value: JSONValue, at path: String, known: [String]) -> Fields? {
        guard case .object(let entries) = value else {
            report(path, "expected an object, got \(value.shortDescription)")
            return nil
        }
        for (key, _) in entries where !known.contains(key) {
            report(Self.join(path, key), "unknown field (expected one of: \(known.joined(separator: ", ")))")
        }
        return Fields(entries: entries, path: path, reader: self)
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    typealias Fields = ConfigFields
    /// The kinds of page the config may use, built-in ones first.
    var kinds: [any PageKind.Type] = []
    /// The names of the config's `sources`, which widgets bind to.
    var sourceNames: [String] = []
    /// Page ids and languages that actions name, checked once every page is read.
    var pageReferences: [(path: String, id: String)] = []
    var languageReferences: [(path: String, code: String)] = []
    /// Where the config uses MQTT (a source, a `publish`): it needs an `mqtt` broker.
    var mqttUses: [String] = []

    /// The absolute path of the picture file `value` names, after checking that it is there and not empty (decoding
    /// it is `KioskConfig.damagedImages`'s, as it takes long).
    func imageFile(_ value: JSONValue, at path: String) -> String? {
        guard let relative = string(value, at: path) else { return nil }
        let absolute = KioskConfig.resolve(relative, against: directory)
        do {
            guard try InputFile.check(absolute, as: .image) > 0 else {
                report(path, "\(absolute) is empty: expected a PNG, JPEG or WebP picture")
                return nil
            }
        } catch {
            report(path, error.problem == .missing ? "no file at \(absolute)" : error.description)
            return nil
        }
        return absolute
    }

    func string(_ value: JSONValue, at path: String) -> String? {
        guard case .string(let s) = value else {
            report(path, "expected a string, got \(value.shortDescription)")
            return nil
        }
        return s
    }

    func colour(_ value: JSONValue, at path: String) -> Color? {
        if case .string(let s) = value, let c = Self.parseColour(s) { return c }
        report(path, "expected a colour like \"#3366cc\" or \"#3366cc80\", got \(value.shortDescription)")
        return nil
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    static func parseColour(_ s: String) -> Color? {
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9,
              s.dropFirst().allSatisfy(\.isHexDigit),
              let v = UInt32(s.dropFirst(), radix: 16) else { return nil }
        if s.count == 7 { return Color(hex: v) }
        return Color(hex: v >> 8, alpha: Double(v & 0xFF) / 255)
    }
}

/// An object's fields in a kiosk config, with the JSON path they live at; absent and `null` read the same. Each
/// reader reports what is missing or mistyped with its path (`pages[2].content.city: expected a string, got 3`),
/// and returns nil; the config is refused with every problem once it is read through.
///
/// Every reader takes `required:`. What a page must have is required by default — ``string(_:required:)``,
/// ``array(_:required:nonEmpty:of:)``, ``imageFile(_:required:)``, ``object(_:known:required:)`` — and settings
/// that have a default are not — ``number(_:in:required:)``, ``bool(_:required:)``, ``colour(_:required:)``,
/// ``choice(_:_:required:)``: a missing one reads nil and reports nothing, so `fields.colour("colour") ?? green`.
/// Read every field before returning, so one pass reports every problem.
public struct ConfigFields {
    let entries: [(key: String, value: JSONValue)]
    /// Where the object is: `pages[2].content`.
    public let path: String
    let reader: ConfigReader

    /// The JSON path of `key` in the object.
    public func path(_ key: String) -> String { ConfigReader.join(path, key) }

    /// A problem with `key`, reported with its path.
    public func report(_ key: String, _ message: String) { reader.report(path(key), message) }

    /// The value of `key`; nil when absent or `null`.
    public subscript(key: String) -> JSONValue? {
        guard let v = entries.first(where: { $0.key == key })?.value else { return nil }
        if case .null = v { return nil }
        return v
    }

    /// Reports `key` as missing where `expected` was.
    public func missing(_ key: String, expected: String) {
        reader.report(path(key), "missing; expected \(expected)")
    }

    /// The value of `key`; nil when absent, after reporting it as missing where `expected` was, if `required`.
    private func value(_ key: String, required: Bool, expected: String) -> JSONValue? {
        guard let v = self[key] else {
            if required { missing(key, expected: expected) }
            return nil
        }
        return v
    }

    /// Reports the value `v` of `key` as not the `expected` kind; nil, for the reader to return.
    private func mistyped<T>(_ key: String, _ v: JSONValue, expected: String) -> T? {
        reader.report(path(key), "expected \(expected), got \(v.shortDescription)")
        return nil
    }

    /// A string (`required`: missing is a problem).
    public func string(_ key: String, required: Bool = true) -> String? {
        guard let v = value(key, required: required, expected: "a string") else { return nil }
        guard case .string(let s) = v else { return mistyped(key, v, expected: "a string") }
        return s
    }

    /// A number, in `range` when given (`required`: missing is a problem; by default it is not).
    public func number(_ key: String, in range: ClosedRange<Double>? = nil, required: Bool = false) -> Double? {
        guard let v = value(key, required: required, expected: "a number") else { return nil }
        guard case .number(let n) = v else { return mistyped(key, v, expected: "a number") }
        if let range, !range.contains(n) {
            reader.report(path(key), "expected a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), got \(v.shortDescription)")
            return nil
        }
        return n
    }

    /// An array (of `what`, for the message; `required`: missing is a problem; `nonEmpty`: so is an empty array).
    public func array(_ key: String, required: Bool = true, nonEmpty: Bool = false, of what: String) -> [JSONValue]? {
        guard let v = value(key, required: required, expected: "an array of \(what)") else { return nil }
        guard case .array(let a) = v else { return mistyped(key, v, expected: "an array of \(what)") }
        if nonEmpty && a.isEmpty {
            reader.report(path(key), "expected at least one of \(what), got an empty array")
            return nil
        }
        return a
    }

    /// `true` or `false` (`required`: missing is a problem; by default it is not).
    public func bool(_ key: String, required: Bool = false) -> Bool? {
        guard let v = value(key, required: required, expected: "true or false") else { return nil }
        guard case .bool(let b) = v else { return mistyped(key, v, expected: "true or false") }
        return b
    }

    /// The fields of the object `key` holds, reported against `known` as a page's content is (a field not in
    /// `known` is a problem); `required`: missing is a problem.
    public func object(_ key: String, known: [String], required: Bool = true) -> ConfigFields? {
        guard let v = value(key, required: required, expected: "an object") else { return nil }
        return reader.object(v, at: path(key), known: known)
    }

    /// The fields of each object in the array `key` holds (`pages[2].content.days[1]`), each reported against
    /// `known`; an element that is not an object is a problem and left out.
    public func objects(_ key: String, known: [String], required: Bool = true, nonEmpty: Bool = false) -> [ConfigFields]? {
        guard let values = array(key, required: required, of: "objects") else { return nil }
        if nonEmpty && values.isEmpty {
            reader.report(path(key), "expected at least one object, got an empty array")
            return nil
        }
        return values.enumerated().compactMap { reader.object($0.element, at: path(key) + "[\($0.offset)]", known: known) }
    }

    /// One of `T`'s raw values, matched in any case (`required`: missing is a problem; by default it is not).
    public func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type, required: Bool = false) -> T? where T.RawValue == String {
        let names = "one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
        guard value(key, required: required, expected: names) != nil, let s = string(key, required: false) else { return nil }
        // Names are matched in any case (`rgb565` is RGB565), as people type them.
        guard let c = T(rawValue: s) ?? T.allCases.first(where: { $0.rawValue.lowercased() == s.lowercased() }) else {
            reader.report(path(key), "expected \(names), got \"\(s)\"")
            return nil
        }
        return c
    }

    /// The absolute path of the picture file (PNG, JPEG or WebP) that `key` names, relative to the config's
    /// directory; a missing or empty file is a problem. List it in ``PageKind/imageFiles`` so a check
    /// (``KioskConfig/damagedImages(file:page:fitting:)``) decodes it; `flick check` knows only the built-in kinds.
    public func imageFile(_ key: String, required: Bool = true) -> String? {
        guard let v = value(key, required: required, expected: "the path of a PNG, JPEG or WebP picture") else { return nil }
        return reader.imageFile(v, at: path(key))
    }

    /// A colour, `"#RRGGBB"` or `"#RRGGBBAA"` (`required`: missing is a problem; by default it is not).
    public func colour(_ key: String, required: Bool = false) -> Color? {
        guard let v = value(key, required: required, expected: "a colour like \"#3366cc\"") else { return nil }
        return reader.colour(v, at: path(key))
    }

    private static func format(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }
}
