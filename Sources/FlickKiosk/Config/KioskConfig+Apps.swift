extension KioskConfig {
    /// One app on its own, full-screen, with the default theme (`flick run --app todo`).
    package static func app(_ kind: any PageKind, id: String) -> KioskConfig {
        KioskConfig(theme: Theme(), display: nil, input: nil, swipe: Swipe(), start: id,
                    pages: [Page(id: id, neighbours: [:], axes: nil, content: Content(kind))], directory: "/")
    }
}

extension KioskConfig {
    /// `flick run --dpi`: the panel's density, whatever the config or the connector say.
    package mutating func overrideDPI(_ dpi: Double) {
        var display = self.display ?? Display()
        display.dpi = dpi
        self.display = display
    }
}
