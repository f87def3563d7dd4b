extension KioskConfig {
    /// One app on its own, full-screen, with the default theme (`flick run --app todo`).
    public static func app(_ content: Content, id: String) -> KioskConfig {
        KioskConfig(theme: Theme(), display: nil, input: nil, swipe: Swipe(), start: id,
                    pages: [Page(id: id, neighbours: [:], axes: nil, content: content)], directory: "/")
    }
}
