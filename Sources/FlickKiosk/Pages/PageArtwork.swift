import FlickRaster
import FlickText

/// Draws a text page, full-screen: into the page's layer cache, rendered once
/// and afterwards only moved while it slides.
struct PageArtwork {
    let theme: KioskConfig.Theme
    let fonts: FontCollection
    let width: Int
    let height: Int
    let images: ImageFiles
    /// Pixels in a screen unit (`ScreenUnit`).
    let unit: Double

    private var margin: Double { ScreenUnit.pageMargin(unit: unit, width: width, height: height) }

    func draw(_ text: KioskConfig.TextPage, on canvas: Canvas) {
        fillBackground(text.background, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), on: canvas)
        drawText(text, on: canvas)
    }

    private func fillBackground(_ background: KioskConfig.Background?, in bounds: Rect, on canvas: Canvas) {
        switch background {
        case .color(let c)?:
            canvas.fill(bounds, color: c)
        case .gradient(let colours)?:
            canvas.fill(bounds, paint: .linearGradient(LinearGradient(
                start: Point(x: 0, y: 0), end: Point(x: 0, y: bounds.height), colors: colours)))
        case nil:
            canvas.fill(bounds, color: theme.background)
        }
    }

    /// Where a text page's title, body and image go on this screen.
    func layout(_ text: KioskConfig.TextPage) -> TextPageLayout {
        TextPageLayout(text, bounds: Rect(x: 0, y: 0, width: Double(width), height: Double(height)), margin: margin,
                       unit: unit, theme: theme, fonts: fonts)
    }

    /// Title, wrapped body (unless it scrolls, when the page shows it in a scroller of its own), then the image
    /// scaled to fit its room below them.
    private func drawText(_ text: KioskConfig.TextPage, on canvas: Canvas) {
        let layout = layout(text)
        if let title = layout.title { canvas.draw(title, at: layout.titleOrigin, color: theme.text) }
        if let body = layout.body, !layout.bodyScrolls { canvas.draw(body, at: layout.bodyFrame.origin, color: theme.text) }
        let room = layout.imageRoom
        guard room.width > 1, room.height > 1, let path = text.image, let image = images.open(path, fitting: room.size),
              image.width > 0, image.height > 0 else { return }
        let fit = min(room.width / Double(image.width), room.height / Double(image.height))
        let w = (Double(image.width) * fit).rounded(), h = (Double(image.height) * fit).rounded()
        images.draw(image, in: Rect(x: (room.minX + (room.width - w) / 2).rounded(), y: room.minY.rounded(), width: w, height: h),
                    on: canvas)
    }
}

extension PageArtwork {
    init(context: PageContext) {
        theme = context.theme
        fonts = context.fonts
        width = context.width
        height = context.height
        images = context.images
        unit = context.unit
    }
}
