import FlickRaster
import FlickText

/// Draws a text page, full-screen, where its layout puts title, body and picture: into the page's layer cache,
/// rendered once and afterwards only moved while it slides.
struct PageArtwork {
    let context: PageContext

    /// Where `text`'s title, body and image go on this screen.
    func layout(_ text: KioskConfig.TextPage) -> TextPageLayout {
        TextPageLayout(text, bounds: context.bounds, margin: context.margin, unit: context.unit, theme: context.theme,
                       fonts: context.fonts)
    }

    /// The background, then the title and the wrapped body (unless it scrolls, when the page shows it in a scroller
    /// of its own), then the image scaled to fit its room below them.
    func draw(_ text: KioskConfig.TextPage, laidOut layout: TextPageLayout, on canvas: Canvas) {
        fillBackground(text.background, on: canvas)
        let colour = context.theme.text
        canvas.draw(layout.title, at: layout.titleOrigin, color: colour)
        if let body = layout.body, !layout.bodyScrolls { canvas.draw(body, at: layout.bodyFrame.origin, color: colour) }
        let room = layout.imageRoom, images = context.images
        guard room.width > 1, room.height > 1, let path = text.image, let image = images.open(path, fitting: room.size),
              image.width > 0, image.height > 0 else { return }
        let fit = min(room.width / Double(image.width), room.height / Double(image.height))
        let w = (Double(image.width) * fit).rounded(), h = (Double(image.height) * fit).rounded()
        images.draw(image, in: Rect(x: (room.minX + (room.width - w) / 2).rounded(), y: room.minY.rounded(), width: w, height: h),
                    on: canvas)
    }

    private func fillBackground(_ background: KioskConfig.Background?, on canvas: Canvas) {
        let bounds = context.bounds
        switch background {
        case .color(let c)?:
            canvas.fill(bounds, color: c)
        case .gradient(let colours)?:
            canvas.fill(bounds, paint: .linearGradient(LinearGradient(
                start: Point(x: 0, y: 0), end: Point(x: 0, y: bounds.height), colors: colours)))
        case nil:
            canvas.fill(bounds, color: context.theme.background)
        }
    }
}
