import FlickRaster
import FlickText

/// Where a text page's parts go: the title (two lines at most), the body, and the image below them. The image keeps
/// at least `imageShare` of the room under the title, so a long body never shrinks it to a speck; a body that does
/// not fit in what is left scrolls there instead of running off the page.
struct TextPageLayout {
    /// Our choice: enough of the page that a photo still reads as one.
    static let imageShare = 0.4

    let title: TextLayout
    let titleOrigin: Point
    /// The body laid out whole; `bodyFrame` is where it shows (its full height unless it scrolls).
    let body: TextLayout?
    let bodyFrame: Rect
    let bodyScrolls: Bool
    /// What is left for the image (empty without one).
    let imageRoom: Rect

    init(_ text: KioskConfig.TextPage, bounds: Rect, margin m: Double, unit: Double, theme: KioskConfig.Theme,
         fonts: FontCollection) {
        let textWidth = max(0, bounds.width - 2 * m)
        var y = bounds.minY + m
        titleOrigin = Point(x: m, y: y)
        title = TextLayout(text.title, face: fonts.face(.bold), pixelSize: theme.titleSize * unit,
                           options: .init(maxWidth: textWidth, maxLines: 2))
        y += title.size.height + (20 * unit).rounded()
        let gap = (24 * unit).rounded()
        let below = max(0, bounds.maxY - m - y)
        body = text.body.isEmpty ? nil
            : TextLayout(text.body, face: fonts.face(.regular), pixelSize: theme.bodySize * unit, options: .init(maxWidth: textWidth))
        let bodyHeight = body?.size.height ?? 0
        // The body takes what it needs, up to all of the room, or all but the image's share and a gap.
        let bodyRoom = text.image == nil ? below : max(0, (below * (1 - Self.imageShare) - gap).rounded(.down))
        bodyScrolls = bodyHeight > bodyRoom
        let shown = min(bodyHeight, bodyRoom)
        bodyFrame = Rect(x: m, y: y, width: textWidth, height: shown)
        let imageTop = y + (shown > 0 ? shown + gap : 0)
        imageRoom = text.image == nil ? Rect(x: m, y: imageTop, width: 0, height: 0)
            : Rect(x: m, y: imageTop, width: textWidth, height: max(0, bounds.maxY - m - imageTop))
    }
}
