import FlickRaster
import FlickText

/// Draws a page that has nothing to touch at rest, full-screen: into the page's layer cache, rendered once
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

    func draw(_ page: KioskConfig.Page, on canvas: Canvas) {
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        switch page.content {
        case .text(let text):
            fillBackground(text.background, in: bounds, on: canvas)
            drawText(text, on: canvas)
        case .list(let list):
            drawCard(title: "List: \(list.title)", caption: "\(list.items.count) items", on: canvas)
        case .pagedText(let paged):
            drawCard(title: "Paged text (\(paged.pages.count))", caption: paged.pages.first ?? "", on: canvas)
        case .photos(let images):
            drawCard(title: "Photos (\(images.count))", caption: "", on: canvas)
        case .todo(let todo):
            drawCard(title: todo.title, caption: "", on: canvas)
        case .custom:
            canvas.fill(bounds, color: theme.background)
        }
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

    /// Content types this issue does not build yet: a titled card saying what will be there.
    private func drawCard(title: String, caption: String, on canvas: Canvas) {
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: theme.background)
        let m = margin
        let card = Rect(x: m, y: m, width: Double(width) - 2 * m, height: Double(height) - 2 * m)
        guard card.width > 0, card.height > 0 else { return }
        canvas.fill(roundedRect: card, radius: 16 * unit, paint: .solid(theme.surface))
        let inner = card.width - 2 * m
        guard inner > 0 else { return }
        var y = card.minY + m
        if let bold = try? fonts.face(.bold) {
            let t = TextLayout(title, face: bold, pixelSize: theme.titleSize * unit, options: .init(maxWidth: inner, maxLines: 2))
            canvas.draw(t, at: Point(x: card.minX + m, y: y), color: theme.text)
            y += t.size.height + (16 * unit).rounded()
        }
        if !caption.isEmpty, let regular = try? fonts.face(.regular) {
            let c = TextLayout(caption, face: regular, pixelSize: theme.captionSize * unit, options: .init(maxWidth: inner, maxLines: 3))
            canvas.draw(c, at: Point(x: card.minX + m, y: y), color: theme.secondaryText)
        }
    }
}
