import FlickRaster
import FlickText
import FlickUI

/// The list page's look, from the theme and the screen (sizes in screen units): the seed's
/// navigation-based app, a tinted bar over plain rows with disclosure chevrons, the selected row tinted too.
struct ListStyle {
    let theme: KioskConfig.Theme
    let width: Double
    let height: Double
    let barHeight: Double
    let margin: Double
    let regular: FontFace
    let bold: FontFace
    /// Pixels in a screen unit.
    let unit: Double
    /// Which way the page reads: right to left, its rows and bar are mirrored.
    let direction: TextDirection

    init(_ context: PageContext) {
        theme = context.theme
        width = Double(context.width)
        height = Double(context.height)
        unit = context.unit
        barHeight = (96 * unit).rounded()
        margin = context.margin
        regular = context.face(.regular)
        bold = context.face(.bold)
        direction = context.direction
    }

    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    var inset: Double { (margin / 2).rounded() }
    var barTextSize: Double { theme.bodySize * unit }
    var backButton: Button.Style {
        Button.Style(fill: theme.accent.interpolated(to: .black, 0.25), highlightedFill: theme.accent.interpolated(to: .black, 0.5),
                     title: theme.text, cornerRadius: (8 * unit).rounded())
    }

    var rows: ListView.Style {
        ListView.Style(rowHeight: (88 * unit).rounded(), rowFill: theme.surface, highlightFill: theme.accent,
                       separator: theme.background, title: theme.text, chevron: theme.secondaryText,
                       background: theme.background, face: regular, pixelSize: theme.bodySize * unit, inset: inset,
                       direction: direction)
    }

    /// A tinted bar across the top with `title` centred on it (kept clear of `sideRoom` at both ends);
    /// rasterized, so its text is drawn once.
    func bar(title: String, sideRoom: Double = 0) -> (view: View, title: Label) {
        let bar = View(frame: Rect(x: 0, y: 0, width: width, height: barHeight), background: .solid(theme.accent))
        bar.shouldRasterize = true
        let label = Label(title, face: bold, pixelSize: barTextSize, color: theme.text, maxLines: 1, alignment: .center)
        bar.addChild(label.view)
        centre(label, in: bar, sideRoom: sideRoom)
        return (bar, label)
    }

    func centre(_ label: Label, in bar: View, sideRoom: Double) {
        let room = max(inset, sideRoom)
        let labelWidth = max(0, bar.frame.width - 2 * room)
        let h = label.layout(width: labelWidth).size.height
        label.view.frame = Rect(x: room, y: ((barHeight - h) / 2).rounded(), width: labelWidth, height: h)
    }
}
