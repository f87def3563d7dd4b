import FlickGestures
import FlickRaster
import FlickText

/// The to-do list's measures and colours, Clear's look as the gesture-driven to-do list tutorial builds it: rows
/// from red at the top to yellow at the bottom, bold text, no separators, on the theme's background and in its
/// text colour. Sizes are the tutorial's points scaled by the row height, which comes from the panel's density.
///
/// The rows stay red to yellow whatever the theme's accent. The gradient is the list's meaning, not decoration:
/// the hottest item is at the top, done is green. A ramp from the accent loses that — a green accent makes open
/// rows look done, the default blue one makes the tour's list a settings screen — and a dark or pale accent gives
/// rows the theme's text cannot be read on. The background, the text and the header follow the theme.
struct TodoLook {
    /// The tutorial's SHC_ROW_HEIGHT of 50 pt on a 163 ppi phone.
    static let rowLength = Millimetres(8)
    /// Sizes in the tutorial's points: the label's bold 16 pt, 15 pt in from the left, the cues' 50 pt
    /// width and 10 pt margin, the strike-through's 2 pt.
    static let textPoints = 16.0, insetPoints = 15.0, cueWidthPoints = 50.0, cueMarginPoints = 10.0,
               strikePoints = 2.0, rowPoints = 50.0
    /// The tutorial's completed row: green 0.6.
    static let completedFill = Color(red: 0, green: 0.6, blue: 0)
    /// Rows the one being edited leaves dimmed (the tutorial's 0.3).
    static let dimmedAlpha = 0.3

    let rowHeight: Double
    let width: Double
    let headerHeight: Double
    let bold: FontFace
    let regular: FontFace
    let theme: KioskConfig.Theme
    /// The list's words, in the page's language.
    let words: Words
    /// The page reads right to left: the header runs from the right.
    let rightToLeft: Bool
    /// Under the rows and past their end.
    var background: Color { theme.background }
    /// The rows' text, strike-through and caret.
    var text: Color { theme.text }

    init(context: PageContext) {
        // The tutorial's row at the screen's scale, never under its 8 mm touch target.
        rowHeight = max(1, (context.metrics.pixels(Self.rowLength) * max(1, context.displayScale)).rounded())
        width = Double(context.width)
        headerHeight = (rowHeight * 1.2).rounded()
        bold = context.face(.bold)
        regular = context.face(.regular)
        theme = context.theme
        words = context.words
        rightToLeft = context.direction == .rightToLeft
    }

    /// A length given in the tutorial's points at this row height.
    func points(_ p: Double) -> Double { (p * rowHeight / Self.rowPoints).rounded() }

    var inset: Double { points(Self.insetPoints) }
    var textSize: Double { points(Self.textPoints) }
    var cueWidth: Double { points(Self.cueWidthPoints) }
    var cueMargin: Double { points(Self.cueMarginPoints) }
    var strikeThickness: Double { max(1, points(Self.strikePoints)) }

    /// The tutorial's colour for row `index` of `count`: red at the top, towards yellow at the bottom.
    static func rowFill(index: Int, count: Int) -> Color {
        let green = count > 1 ? 0.6 * Double(index) / Double(count - 1) : 0
        return Color(red: 1, green: min(0.6, max(0, green)), blue: 0)
    }

    /// The tutorial's gradient over every row: a highlight along the top, a shade along the bottom.
    static let sheen: [LinearGradient.Stop] = [
        .init(0, Color.white.withAlpha(0.2)), .init(0.01, Color.white.withAlpha(0.1)),
        .init(0.95, Color.clear), .init(1, Color.black.withAlpha(0.1)),
    ]
}
