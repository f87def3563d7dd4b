import FlickJSON

// The kiosk's own kinds of page, read and made through the same `PageKind` door as an integrator's. The page's
// object has been checked for unknown fields against `fields` before `init` reads it.

extension KioskConfig.TextPage: PageKind {
    public static let type = "text"
    public static let fields = ["title", "body", "image", "background"]

    public init?(_ fields: ConfigFields) {
        let title = fields.string("title"), body = fields.string("body")
        let image = fields.imageFile("image", required: false)
        let background = fields["background"].flatMap { KioskConfig.readBackground($0, at: fields.path("background"), reader: fields.reader) }
        guard let title, let body else { return nil }
        self.init(title: title, body: body, image: image, background: background)
    }

    public func makePage(context: PageContext) -> any PageController { StaticPage(self, context: context) }

    public var imageFiles: [(field: String, file: String)] { image.map { [("image", $0)] } ?? [] }
}

extension KioskConfig.ListPage: PageKind {
    public static let type = "list"
    public static let fields = ["title", "items"]

    public init?(_ fields: ConfigFields) {
        let title = fields.string("title")
        var items: [KioskConfig.ListItem] = []
        for (i, v) in (fields.array("items", nonEmpty: true, of: "items") ?? []).enumerated() {
            guard let item = fields.reader.object(v, at: fields.path("items") + "[\(i)]", known: ["title", "detail"]) else { continue }
            if let t = item.string("title"), let d = item.string("detail") { items.append(KioskConfig.ListItem(title: t, detail: d)) }
        }
        guard let title else { return nil }
        self.init(title: title, items: items)
    }

    public func makePage(context: PageContext) -> any PageController { FlickKiosk.ListPage(content: self, context: context) }
}

extension KioskConfig.PagedText: PageKind {
    public static let type = "pagedText"
    public static let fields = ["pages", "transition"]

    public init?(_ fields: ConfigFields) {
        let reader = fields.reader
        /// `base` with the fields `value` names replaced.
        func transition(_ value: JSONValue, at path: String, base: KioskConfig.PageTransition) -> KioskConfig.PageTransition? {
            guard let tf = reader.object(value, at: path, known: ["type", "subtype", "duration"]) else { return nil }
            var transition = base
            if let k = tf.choice("type", TransitionKindName.self) { transition.kind = k.kind }
            if let d = tf.choice("subtype", TransitionDirectionName.self) { transition.direction = d.direction }
            // Longer than 10 s is a typo for milliseconds.
            if let d = tf.number("duration", in: 0...10) { transition.duration = d }
            return transition
        }
        let shared = fields["transition"].flatMap { transition($0, at: fields.path("transition"), base: KioskConfig.PageTransition()) }
            ?? KioskConfig.PageTransition()
        let entries = (fields.array("pages", nonEmpty: true, of: "pages") ?? []).enumerated().compactMap { i, v -> Entry? in
            let at = fields.path("pages") + "[\(i)]"
            if case .string(let text) = v { return Entry(text: text) }
            guard case .object = v else {
                reader.report(at, "expected a string or an object with a \"text\", got \(v.shortDescription)")
                return nil
            }
            guard let e = reader.object(v, at: at, known: ["text", "background", "transition"]) else { return nil }
            let text = e.string("text")
            let background = e["background"].flatMap { KioskConfig.readBackground($0, at: e.path("background"), reader: reader) }
            let arrival = e["transition"].flatMap { transition($0, at: e.path("transition"), base: shared) }
            return text.map { Entry(text: $0, background: background, transition: arrival) }
        }
        self.init(entries: entries, transition: shared)
    }

    public func makePage(context: PageContext) -> any PageController { PagedTextPage(content: self, context: context) }
}

extension KioskConfig.Photos: PageKind {
    public static let type = "photos"
    public static let fields = ["images"]

    public init?(_ fields: ConfigFields) {
        let images = (fields.array("images", nonEmpty: true, of: "picture paths") ?? []).enumerated().compactMap { i, v in
            fields.reader.imageFile(v, at: fields.path("images") + "[\(i)]")
        }
        self.init(images: images)
    }

    public func makePage(context: PageContext) -> any PageController { PhotoStackPage(content: images, context: context) }

    public var imageFiles: [(field: String, file: String)] { images.enumerated().map { ("images[\($0.offset)]", $0.element) } }
}

extension KioskConfig.Todo: PageKind {
    public static let type = "todo"
    public static let fields = ["title", "list", "share"]

    public init?(_ fields: ConfigFields) {
        let title = fields.string("title", required: false)
        let share = Self.readSharing(fields)
        guard let list = fields.string("list", required: false) else {
            guard let share else { return nil }
            self.init(title: title, share: share)
            return
        }
        guard KioskConfig.isListName(list) else {
            fields.report("list", "expected a list name of 1 to \(KioskConfig.listNameLimit) letters, digits, - or _ (it names the file <name>.json in the state directory), got \(JSONValue.string(list).shortDescription)")
            return nil
        }
        guard let share else { return nil }
        self.init(title: title, list: list, share: share)
    }

    private static func readSharing(_ fields: ConfigFields) -> Sharing? {
        switch fields["share"] {
        case nil: return .firstGroup
        case .bool(false)?: return .local
        case .string(let group)? where TodoSharing.isGroupName(group): return .group(group)
        case let value?:
            fields.report("share", "expected false (this kiosk's alone) or the name of one of the kiosk's fleet groups (1 to 64 letters, digits, -, _ or ., not \"all\"); leave it out to share with the first group, got \(value.shortDescription)")
            return nil
        }
    }

    /// Its items are those of the kiosk's replica of `list` (``PageContext/stateDirectory`` keeps it in
    /// `<list>.json`); with no state directory, in memory only.
    public func makePage(context: PageContext) -> any PageController {
        TodoPage(content: self, replica: context.todoLists.replica(list), context: context)
    }
}
