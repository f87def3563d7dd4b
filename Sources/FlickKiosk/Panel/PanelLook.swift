import FlickGestures
import FlickRaster
import FlickText
import FlickUI

/// How a panel's widgets look on this screen, from the theme (sizes in screen units): tiles in the theme's
/// surface colour with rounded corners, captions in its secondary text colour, values large and bold.
struct PanelLook {
    /// The least a control is across and down: a fingertip's 9 mm, as the paged-text buttons.
    static let touchTarget = PagedTextControls.buttonHeight
    /// Our choice: a red that reads as an alarm on the dark default theme and on a light one.
    static let alarm = Color(hex: 0xE5484D)
    /// Our choice: an amber for the mark on a value that has gone stale, apart from the alarm's red.
    static let staleMark = Color(hex: 0xF5A524)
    /// A stale value is drawn at this alpha: still readable, plainly not live.
    static let staleAlpha = 0.45

    let theme: KioskConfig.Theme
    let unit: Double
    let metrics: GestureMetrics
    let regular: FontFace
    let bold: FontFace
    /// The page's language, for numbers and dates.
    let language: String
    /// The page is in a right-to-left language: rows, sliders and switches run from the right.
    let mirrored: Bool
    /// Between places, and inside a tile around its contents.
    let gap: Double
    let padding: Double
    let cornerRadius: Double
    let touchTarget: Double
    /// The mark on a stale value, in the page's language.
    let staleWord: String

    init(_ context: PageContext) {
        theme = context.theme
        unit = context.unit
        metrics = context.metrics
        regular = context.face(.regular)
        bold = context.face(.bold)
        language = context.language
        mirrored = context.direction == .rightToLeft
        staleWord = context.words[.stale]
        gap = (16 * unit).rounded()
        padding = (16 * unit).rounded()
        cornerRadius = (12 * unit).rounded()
        touchTarget = context.metrics.pixels(Self.touchTarget).rounded(.up)
    }

    var captionSize: Double { theme.captionSize * unit }
    var bodySize: Double { theme.bodySize * unit }
    var titleSize: Double { theme.titleSize * unit }

    func pixelSize(_ size: PanelTextSize) -> Double {
        switch size {
        case .title: titleSize
        case .body: bodySize
        case .caption: captionSize
        }
    }

    /// A tile's rounded fill over `bounds`.
    func drawTile(on canvas: Canvas, in bounds: Rect, fill: Color? = nil) {
        canvas.fill(Path.roundedRect(bounds, radius: cornerRadius), paint: .solid(fill ?? theme.surface))
    }

    /// The fill of a tile whose value is out of its limits.
    var alarmFill: Color { theme.surface.interpolated(to: Self.alarm, 0.3) }

    /// One line of `text` no wider than `width`, ending in an ellipsis when it is; `alignment` across that width.
    func line(_ text: String, face: FontFace? = nil, size: Double, width: Double, alignment: TextAlignment = .start) -> TextLayout {
        TextLayout(text, face: face ?? regular, pixelSize: size,
                   options: .init(maxWidth: max(1, width), maxLines: 1, alignment: alignment))
    }

    /// The size, at most `largest` and at least the caption size, at which `text` in `face` fits `width` on one line.
    func fittingSize(_ text: String, face: FontFace, largest: Double, width: Double) -> Double {
        let natural = TextLayout(text, face: face, pixelSize: largest).size.width
        guard natural > width, width > 0 else { return largest }
        return max(captionSize, (largest * width / natural).rounded(.down))
    }

    /// Text against the page's start edge (the left, the right on a right-to-left page), whatever its own direction.
    var startSide: TextAlignment { mirrored ? .right : .left }
    /// Text against the page's end edge.
    var endSide: TextAlignment { mirrored ? .left : .right }

    /// A tile's caption at the start of its first line and, at its end, a note (a slider's value, the stale mark),
    /// laid out for `bounds` less the padding: the caption gives way to the note.
    func header(_ caption: String?, note: String?, in bounds: Rect) -> TileHeader {
        let width = bounds.width - 2 * padding
        let note = note.map { line($0, size: captionSize, width: width, alignment: endSide) }
        let room = width - (note.map { $0.size.width + padding } ?? 0)
        let caption = caption.map { line($0, size: captionSize, width: room, alignment: startSide) }
        return TileHeader(caption: caption, note: note, height: [caption, note].compactMap { $0?.size.height }.max() ?? 0)
    }

    /// Draws `header` at the top of `bounds`, the note in `noteColour`.
    func draw(_ header: TileHeader, in bounds: Rect, noteColour: Color, on canvas: Canvas) {
        let top = bounds.minY + padding
        if let caption = header.caption {
            let x = mirrored ? bounds.maxX - padding - caption.alignmentWidth : bounds.minX + padding
            canvas.draw(caption, at: Point(x, top), color: theme.secondaryText)
        }
        if let note = header.note { canvas.draw(note, at: Point(bounds.minX + padding, top), color: noteColour) }
    }
}

/// The first line of a tile: its caption and a note at the other end.
struct TileHeader {
    var caption: TextLayout?
    var note: TextLayout?
    /// The line's height in pixels; 0 with neither.
    var height: Double
}
