import FlickRaster
import FlickText
import FlickUI

/// One page of a paged-text page as a layer: its card and wrapped text on the page's background,
/// rasterized so a transition only moves and blends it. Opaque to the corners, so a fade is one cross-fade.
enum PagedTextCard {
    /// As the other pages' cards, for a 1280x800 screen.
    static let cornerRadius = 16.0

    static func layer(_ entry: KioskConfig.PagedText.Entry, size: Size, context: PageContext) -> View {
        let view = View(frame: Rect(origin: .zero, size: size))
        view.shouldRasterize = true
        view.content = ViewContent { canvas, bounds in
            canvas.fill(bounds, color: context.theme.background)
            canvas.fill(roundedRect: bounds, radius: cornerRadius * context.unit,
                        paint: paint(entry.background ?? .color(context.theme.surface), height: bounds.height))
            let face = context.face(.regular)
            let inset = context.margin, width = bounds.width - 2 * inset, height = bounds.height - 2 * inset
            guard width > 0, height > 0 else { return }
            let text = fittedText(entry.text, face: face, width: width, height: height, context: context)
            canvas.draw(text, at: Point(x: inset, y: inset), color: context.theme.text)
        }
        return view
    }

    /// The text at the title size, or as much smaller as it needs to fit (down to the body size); at the body size,
    /// as many lines as fit, the last ending in an ellipsis when the text is longer still.
    private static func fittedText(_ text: String, face: FontFace, width: Double, height: Double, context: PageContext) -> TextLayout {
        let largest = context.theme.titleSize * context.unit, smallest = min(largest, context.theme.bodySize * context.unit)
        var pixelSize = largest
        while true {
            let lines = max(1, Int(height / face.metrics(pixelSize: pixelSize).lineHeight))
            let layout = TextLayout(text, face: face, pixelSize: pixelSize, options: .init(maxWidth: width, maxLines: lines))
            if !layout.isTruncated || pixelSize <= smallest { return layout }
            pixelSize = max(smallest, (pixelSize * 0.9).rounded(.down))
        }
    }

    private static func paint(_ background: KioskConfig.Background, height: Double) -> Paint {
        switch background {
        case .color(let colour):
            .solid(colour)
        case .gradient(let colours):
            .linearGradient(LinearGradient(start: Point(x: 0, y: 0), end: Point(x: 0, y: height), colors: colours))
        }
    }
}
