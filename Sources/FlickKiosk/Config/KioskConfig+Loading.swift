import FlickDisplay
import FlickUI
import FlickFiles
import FlickInput
import FlickMotion
import FlickRaster
import FlickText
import FlickJSON
import FoundationEssentials

extension KioskConfig {
    static let topLevelFields = ["theme", "display", "input", "swipe", "start", "returnToStart", "mqtt", "fleet", "sources", "languages", "pages"]
    static let pageFields = ["id", "up", "down", "left", "right", "axis", "language", "returnToStart", "shown", "content"]
    /// The kinds of page every kiosk has, in the order error messages list them.
    static let builtInKinds: [any PageKind.Type] = [TextPage.self, ListPage.self, PagedText.self, Photos.self, Todo.self, Panel.self]

    /// Reads and validates the file at `path`, whose pages may be of the built-in kinds and of `kinds`. Errors name
    /// `path` as given.
    ///
    /// - Parameters:
    ///   - path: The config file, absolute or relative to the working directory; its directory is the one relative
    ///     picture and font paths resolve against.
    ///   - kinds: Kinds of page of the integrator's own, beside the built-in `text`, `list`, `pagedText`, `photos`,
    ///     `todo` and `panel`; each `type` must be new.
    /// - Throws: A ``KioskConfigError`` with one issue per problem: a file that cannot be read (missing, not a
    ///   regular file, over 4 MiB), invalid JSON, or every field that is missing, mistyped, out of range or unknown.
    public static func load(path: String, kinds: [any PageKind.Type] = []) throws(KioskConfigError) -> KioskConfig {
        try read(path: path, kinds: kinds).0
    }

    /// Validates `bytes` as a config named `file` whose relative image paths resolve against `directory`.
    /// Collects every problem it finds, one `Issue` each; invalid JSON stops at the first.
    ///
    /// - Parameters:
    ///   - bytes: The config's JSON text, UTF-8.
    ///   - file: The name its errors give the config (``KioskConfigError/file``).
    ///   - directory: The absolute directory relative picture and font paths resolve against
    ///     (``KioskConfig/directory``).
    ///   - kinds: Kinds of page of the integrator's own, beside the built-in ones.
    /// - Throws: A ``KioskConfigError`` with one issue per problem.
    public static func parse(_ bytes: [UInt8], file: String, directory: String,
                             kinds: [any PageKind.Type] = []) throws(KioskConfigError) -> KioskConfig {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw KioskConfigError(file: file, issues: [.init(path: "", message: "invalid JSON at line \(error.line), column \(error.column): \(error.message)")])
        }
        let reader = ConfigReader(directory: directory)
        reader.kinds = builtInKinds + kinds
        reportKindsOfOneType(reader: reader)
        let config = read(json, reader: reader)
        if !reader.issues.isEmpty || config == nil {
            throw KioskConfigError(file: file, issues: reader.issues)
        }
        return config!
    }

    private static func read(_ json: JSONValue, reader: ConfigReader) -> KioskConfig? {
        guard case .object = json else {
            reader.report("", "expected a JSON object at the top level, got \(json.shortDescription)")
            return nil
        }
        guard let root = reader.object(json, at: "", known: topLevelFields) else { return nil }
        let theme = root["theme"].map { readTheme($0, directory: reader.directory, reader: reader) } ?? Theme()
        let display = root["display"].map { readDisplay($0, reader: reader) }
        let input = root["input"].map { readInput($0, reader: reader) }
        let swipe = root["swipe"].map { readSwipe($0, reader: reader) } ?? Swipe()
        let startID = root.string("start", required: false)
        let mqtt = root["mqtt"].flatMap { readMQTT($0, reader: reader) }
        let fleet = root["fleet"].flatMap { readFleet($0, hasBroker: root["mqtt"] != nil, reader: reader) }
        let sources = root["sources"].map { readSources($0, reader: reader) } ?? []
        let returnToStart = root.number("returnToStart", in: 5...86400)
        let languages = root["languages"].map { readLanguages($0, reader: reader) } ?? Languages()
        var pageLanguages: [(path: String, tag: String)] = []

        var pages: [Page] = []
        var neighbourValues: [(page: Int, path: String, id: String)] = []
        var firstIndex: [String: Int] = [:]
        var todoPages: [(todo: Todo, path: String)] = []
        for (i, value) in (root.array("pages", nonEmpty: true, of: "pages") ?? []).enumerated() {
            let path = "pages[\(i)]"
            guard let fields = reader.object(value, at: path, known: pageFields) else { continue }
            let id = fields.string("id")
            if let id {
                if id.isEmpty {
                    reader.report(fields.path("id"), "expected a non-empty page id")
                } else if let first = firstIndex[id] {
                    reader.report(fields.path("id"), "duplicate page id \"\(id)\" (first used by pages[\(first)])")
                } else {
                    firstIndex[id] = i
                }
            }
            var neighbours: [PageGraph.Direction: String] = [:]
            for direction in PageGraph.Direction.allCases {
                if let target = fields.string(direction.rawValue, required: false) {
                    neighbours[direction] = target
                    neighbourValues.append((i, fields.path(direction.rawValue), target))
                }
            }
            let axes = fields.choice("axis", Axes.self)
            let language = fields.string("language", required: false)
            if let language { pageLanguages.append((fields.path("language"), language)) }
            let content: Content? = if let c = fields["content"] {
                readContent(c, at: fields.path("content"), reader: reader)
            } else {
                { fields.missing("content", expected: "an object with a \"type\""); return nil }()
            }
            if let todo = content?.kind as? Todo { todoPages.append((todo, fields.path("content"))) }
            let returnsToStart = fields.bool("returnToStart") ?? true
            let shown = readShown(fields, reader: reader)
            if !shown.isEmpty, let id, id == (startID ?? (i == 0 ? id : nil)) {
                fields.report("shown", "the start page is always shown: give \"shown\" to another page, or start elsewhere")
            }
            if let id, let content {
                pages.append(Page(id: id, neighbours: neighbours, axes: axes, language: language, content: content,
                                  returnsToStart: returnsToStart, shown: shown))
            }
        }

        let known = firstIndex.sorted { $0.value < $1.value }.map(\.key).joined(separator: ", ")
        for link in neighbourValues where firstIndex[link.id] == nil {
            reader.report(link.path, "unknown page id \"\(link.id)\" (pages: \(known))")
        }
        reportSharedLists(todoPages, fleet: fleet, reader: reader)
        if let startID, firstIndex[startID] == nil, !firstIndex.isEmpty {
            reader.report("start", "unknown page id \"\(startID)\" (pages: \(known))")
        }
        reportLiveReferences(pageIDs: Set(firstIndex.keys), known: known, mqtt: mqtt, reader: reader)
        reportLanguageReferences(pages: pageLanguages, languages: languages, reader: reader)
        guard reader.issues.isEmpty, let first = pages.first else { return nil }
        return KioskConfig(theme: theme, display: display, input: input, swipe: swipe,
                           start: startID ?? first.id, pages: pages, directory: reader.directory, sources: sources, mqtt: mqtt,
                           fleet: fleet, returnToStart: returnToStart, languages: languages)
    }

    private static func readTheme(_ value: JSONValue, directory: String, reader: ConfigReader) -> Theme {
        var theme = Theme()
        let colours: [(String, WritableKeyPath<Theme, Color>)] = [
            ("background", \.background), ("surface", \.surface), ("text", \.text),
            ("secondaryText", \.secondaryText), ("accent", \.accent)]
        let sizes: [(String, WritableKeyPath<Theme, Double>)] = [
            ("titleSize", \.titleSize), ("bodySize", \.bodySize), ("captionSize", \.captionSize)]
        guard let fields = reader.object(value, at: "theme", known: colours.map(\.0) + sizes.map(\.0) + ["fonts", "fallbackFonts"]) else { return theme }
        for (key, path) in colours { if let c = fields.colour(key) { theme[keyPath: path] = c } }
        for (key, list) in [("fonts", \Theme.fonts), ("fallbackFonts", \Theme.fallbackFonts)] {
            for (i, entry) in (fields.array(key, required: false, of: "font files or family names") ?? []).enumerated() {
                let at = "\(fields.path(key))[\(i)]"
                if let name = reader.string(entry, at: at), let path = themeFont(name, at: at, directory: directory, reader: reader) {
                    theme[keyPath: list].append(path)
                }
            }
        }
        // Points; past 400 a single glyph no longer fits a 1080-line screen.
        for (key, path) in sizes { if let s = fields.number(key, in: 4...400) { theme[keyPath: path] = s } }
        return theme
    }

    private static func readDisplay(_ value: JSONValue, reader: ConfigReader) -> Display {
        var display = Display()
        guard let fields = reader.object(value, at: "display", known: ["connector", "mode", "rotation", "dpi", "scale", "refresh", "format", "idle", "backlight", "schedule"]) else { return display }
        display.connector = fields.string("connector", required: false)
        if let mode = fields.string("mode", required: false) {
            if let m = Display.Mode(mode) { display.mode = m } else {
                reader.report(fields.path("mode"), "expected a mode like \"1280x800\" or \"1920x1080@60\", got \"\(mode)\"")
            }
        }
        if let v = fields["rotation"] {
            if case .number(let n) = v, let degrees = [0, 90, 180, 270].first(where: { Double($0) == n }),
               let r = Rotation(degrees: degrees) {
                display.rotation = r
            } else {
                reader.report(fields.path("rotation"), "expected 0, 90, 180 or 270, got \(v.shortDescription)")
            }
        }
        display.dpi = fields.number("dpi", in: 10...2000)
        display.scale = fields.number("scale", in: 0.25...4)
        display.refresh = fields.number("refresh", in: RefreshPacing.believable)
        display.format = fields.choice("format", ScanoutFormat.self)
        readScreenPower(fields, into: &display, reader: reader)
        display.schedule = readSchedule(fields, reader: reader)
        return display
    }

    /// `idle: {dim, blank}` in seconds (up to a week) and `backlight: {device, bright, dim}` (percent).
    private static func readScreenPower(_ fields: ConfigReader.Fields, into display: inout Display, reader: ConfigReader) {
        var policy = IdlePolicy()
        if let v = fields["backlight"], let light = reader.object(v, at: fields.path("backlight"), known: ["device", "bright", "dim"]) {
            display.backlight = light.string("device", required: false)
            if let bright = light.number("bright", in: 1...100) { policy.brightLevel = bright / 100 }
            if let dim = light.number("dim", in: 0...100) { policy.dimLevel = dim / 100 }
        }
        guard let v = fields["idle"], let idle = reader.object(v, at: fields.path("idle"), known: ["dim", "blank"]) else { return }
        let week = 7 * 24 * 3600.0
        policy.dimAfter = idle.number("dim", in: 1...week)
        policy.blankAfter = idle.number("blank", in: 1...week)
        if let dim = policy.dimAfter, let blank = policy.blankAfter, dim >= blank {
            reader.report(idle.path("dim"), "dims after \(JSONValue.numberText(dim)) s, not before blanking at \(JSONValue.numberText(blank)) s: make it smaller, or leave it out")
            policy.dimAfter = nil
        }
        if policy.dimAfter != nil || policy.blankAfter != nil { display.idle = policy }
    }

    private static func readInput(_ value: JSONValue, reader: ConfigReader) -> Input {
        var input = Input()
        guard let fields = reader.object(value, at: "input", known: ["calibration", "seat", "keyboard"]) else { return input }
        input.seat = fields.string("seat", required: false)
        if let name = fields.string("keyboard", required: false) {
            // Whether XKB has the layout is the board's to say (`KioskConfig.boardProblems`): here only its name.
            if let layout = KeyboardLayout(name) { input.keyboard = layout } else {
                reader.report(fields.path("keyboard"), KeyboardLayout.expectation(got: JSONValue.string(name).shortDescription))
            }
        }
        if let v = fields["calibration"] {
            var numbers: [Double] = []
            if case .array(let a) = v {
                for e in a { if case .number(let n) = e { numbers.append(n) } }
                if numbers.count != a.count { numbers = [] }
            }
            if numbers.count == 6, let m = CalibrationMatrix(numbers) { input.calibration = m } else {
                reader.report(fields.path("calibration"), "expected six numbers as in LIBINPUT_CALIBRATION_MATRIX, like [1, 0, 0, 0, 1, 0], got \(v.shortDescription)")
            }
        }
        return input
    }

    private static func readSwipe(_ value: JSONValue, reader: ConfigReader) -> Swipe {
        var swipe = Swipe()
        guard let fields = reader.object(value, at: "swipe", known: ["axis", "peek", "completion"]) else { return swipe }
        if let a = fields.choice("axis", Axes.self) { swipe.axes = a }
        if let p = fields.number("peek", in: 0...0.5) { swipe.peek = p }
        if let c = fields.choice("completion", Swipe.Completion.self) { swipe.completion = c }
        return swipe
    }

    private static func readContent(_ value: JSONValue, at path: String, reader: ConfigReader) -> Content? {
        guard case .object(let entries) = value else {
            reader.report(path, "expected an object with a \"type\", got \(value.shortDescription)")
            return nil
        }
        let types = reader.kinds.map { $0.type }.joined(separator: ", ")
        guard let typeValue = entries.first(where: { $0.key == "type" })?.value else {
            reader.report(ConfigReader.join(path, "type"), "missing; expected one of: \(types)")
            return nil
        }
        guard case .string(let type) = typeValue, let kind = reader.kinds.first(where: { $0.type == type }) else {
            reader.report(ConfigReader.join(path, "type"), "unknown content type \(typeValue.shortDescription) (expected one of: \(types))")
            return nil
        }
        guard let fields = reader.object(value, at: path, known: ["type"] + kind.fields) else { return nil }
        let reported = reader.issues.count
        guard let content = kind.init(fields) else {
            // A refused page with no reason would refuse the config with no line at all.
            if reader.issues.count == reported {
                reader.report(path, "\(kind) refused these fields without reporting a problem (its init? should report one before returning nil)")
            }
            return nil
        }
        return Content(content)
    }

    /// Two kinds of one `type` (an integrator's and a built-in one, or two of theirs): pages could not say which.
    private static func reportKindsOfOneType(reader: ConfigReader) {
        var seen: Set<String> = []
        for kind in reader.kinds where !seen.insert(kind.type).inserted {
            let builtIn = builtInKinds.contains { $0.type == kind.type }
            reader.report("", "two kinds of page have the type \"\(kind.type)\"\(builtIn ? " (a built-in one)" : ""): give \(kind) a type of its own")
        }
    }

    /// Past this a name plus `.json.corrupt-<time>-<n>` could pass the 255 bytes a file name may have.
    static let listNameLimit = 64

    /// A to-do list's name is its file's, inside the state directory: nothing that leaves it (`/`, `..`), hides
    /// (a leading `.`) or needs quoting in a shell.
    static func isListName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= listNameLimit
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }

    /// Two to-do pages show one list (one replica, `TodoLists`), so they share it with the same kiosks.
    /// A list shared with a group is shared with one of the kiosk's own groups.
    private static func reportSharedLists(_ pages: [(todo: Todo, path: String)], fleet: Fleet?, reader: ConfigReader) {
        var first: [String: (share: Todo.Sharing, path: String)] = [:]
        for page in pages {
            if case .group(let group) = page.todo.share, !(fleet?.groups.contains(group) ?? false) {
                let groups = fleet.map { $0.groups.isEmpty ? "it is in no group" : "its groups: " + $0.groups.joined(separator: ", ") }
                reader.report(page.path + ".share", fleet == nil
                    ? "sharing with the group \"\(group)\" needs the kiosk in a fleet: add \"fleet\" with \"groups\": [\"\(group)\"]"
                    : "\"\(group)\" is not one of the kiosk's fleet groups (\(groups!)): add it to fleet.groups or share with one of them")
            }
            if let other = first[page.todo.list] {
                if other.share != page.todo.share {
                    reader.report(page.path + ".share", "the to-do list \"\(page.todo.list)\" is shared otherwise by \(other.path): give both pages the same \"share\", or one of them a \"list\" of its own")
                }
            } else {
                first[page.todo.list] = (page.todo.share, page.path)
            }
        }
    }

    static func readBackground(_ value: JSONValue, at path: String, reader: ConfigReader) -> Background? {
        if case .object = value {
            guard let f = reader.object(value, at: path, known: ["gradient"]) else { return nil }
            guard let stops = f.array("gradient", of: "colours") else { return nil }
            if stops.count < 2 {
                reader.report(f.path("gradient"), "expected at least two colours, got \(stops.count)")
                return nil
            }
            let colours = stops.enumerated().compactMap { i, v in reader.colour(v, at: f.path("gradient") + "[\(i)]") }
            return colours.count == stops.count ? .gradient(colours) : nil
        }
        return reader.colour(value, at: path).map(Background.color)
    }

    /// A theme font: a file (a name with a `/` or a font extension, relative to the config) that FreeType can open,
    /// or the family name of an installed font (fontconfig). Its path, or nil after reporting why not.
    private static func themeFont(_ name: String, at path: String, directory: String, reader: ConfigReader) -> String? {
        let lower = name.lowercased()
        let file = name.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
        guard file else {
            guard let found = SystemFonts.file(family: name) else {
                reader.report(path, "no installed font family \(JSONValue.string(name).shortDescription) (fc-list : family lists them); or give a font file")
                return nil
            }
            return found
        }
        let absolute = resolve(name, against: directory)
        do {
            _ = try FontLibrary().openFace(atPath: absolute)
        } catch {
            reader.report(path, "\(error)")
            return nil
        }
        return absolute
    }

    /// `path` if absolute, else `path` inside `directory`, with `.` and `..` removed.
    static func resolve(_ path: String, against directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        return URL(fileURLWithPath: joined).standardized.path
    }
}

extension KioskConfig.Display.Mode {
    /// "WIDTHxHEIGHT" or "WIDTHxHEIGHT@HZ", each 1 to 16384 (refresh 1 to 1000).
    init?(_ text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        var hz: Int?
        if parts.count == 2 {
            guard let r = Int(parts[1]), (1...1000).contains(r) else { return nil }
            hz = r
        }
        self.init(width: w, height: h, refreshHz: hz)
    }
}

/// The config's names for FlickMotion's transition kinds.
enum TransitionKindName: String, CaseIterable {
    case fade, moveIn, push, reveal
    var kind: Transition.Kind {
        switch self {
        case .fade: .fade
        case .moveIn: .moveIn
        case .push: .push
        case .reveal: .reveal
        }
    }
}

enum TransitionDirectionName: String, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom
    var direction: Transition.Direction {
        switch self {
        case .fromLeft: .fromLeft
        case .fromRight: .fromRight
        case .fromTop: .fromTop
        case .fromBottom: .fromBottom
        }
    }
}
