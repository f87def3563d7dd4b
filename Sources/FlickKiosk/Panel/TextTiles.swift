import FlickRaster
import FlickText
import FlickUI

/// `{"label": text}` and the text of a clock: a label centred down its place, set in one of the theme's sizes and
/// aligned across it.
final class LabelTile: PanelTile {
    let view: View
    let label: Label
    private let look: PanelLook
    /// The style's size: a one-line label shrinks from it to fit.
    private let largest: Double

    /// `oneLine`: the text is shrunk to fit its place's width (a clock) rather than wrapped (a label).
    init(_ text: String, style: PanelTextStyle, oneLine: Bool = false, frame: Rect, look: PanelLook) {
        self.look = look
        largest = look.pixelSize(style.size)
        view = View(frame: frame)
        view.isUserInteractionEnabled = false
        let alignment: TextAlignment = switch style.align {
        case .start: look.startSide
        case .center: .center
        case .end: look.endSide
        }
        label = Label(text, face: style.size == .title ? look.bold : look.regular, pixelSize: look.pixelSize(style.size),
                      color: style.size == .caption ? look.theme.secondaryText : look.theme.text,
                      maxLines: oneLine ? 1 : nil, alignment: alignment)
        view.addChild(label.view)
        place()
    }

    /// The text shown; a change redraws the label only (and moves it when its height changes).
    var text: String {
        get { label.text }
        set {
            label.text = newValue
            place()
        }
    }

    private func place() {
        if label.maxLines == 1 {
            label.pixelSize = look.fittingSize(label.text, face: label.face, largest: largest, width: view.frame.width)
        } else {
            label.pixelSize = wrappedSize()
        }
        let height = min(view.frame.height, label.layout(width: view.frame.width).size.height)
        let frame = Rect(x: 0, y: ((view.frame.height - height) / 2).rounded(), width: view.frame.width, height: height)
        if label.view.frame != frame { label.view.frame = frame }
    }

    /// The style's size, or smaller where the wrapped text would be taller than its place (a panel shrunk to fit a
    /// smaller screen), down to the caption size, then the place cuts it; and smaller where a word is wider than the
    /// place and would be cut between lines, down to ``smallestWrappedShare`` of the caption size.
    private func wrappedSize() -> Double {
        let smallest = (look.captionSize * Self.smallestWrappedShare).rounded()
        var size = largest
        for _ in 0..<8 {
            label.pixelSize = size
            let layout = label.layout(width: view.frame.width)
            if layout.size.height > view.frame.height && size > look.captionSize {
                size = max(look.captionSize, (size * view.frame.height / layout.size.height).rounded(.down))
            } else if layout.breaksWords && size > smallest {
                size = max(smallest, (size * 0.9).rounded(.down))
            } else {
                break
            }
        }
        return size
    }

    /// A word is cut between lines only below three quarters of the caption size: smaller is hard to read at arm's
    /// length.
    static let smallestWrappedShare = 0.75
}

/// `{"clock": "time"}`: the moment a source holds (seconds since 1970: a `clock` source, a timestamp from MQTT; "–"
/// for anything else), or without a source the wall clock's, written by ICU in the page's language; redrawn when the
/// text changes.
final class ClockTile: PanelTile {
    private let text: LabelTile
    private let dates: DateText?
    private let wallClock: WallClock?
    /// The latest frame's time, for the wall clock's next minute.
    private var lastTime: Double?
    /// The wall clock's text changes no more often than this: the formats show minutes at most.
    static let tick = 60.0

    var view: View { text.view }
    /// The text shown.
    var shownText: String { text.text }

    /// A clock showing `dates`' text of the moment a source gives, or of `wallClock`'s (nil: a source's).
    init(dates: DateText?, wallClock: WallClock?, style: PanelTextStyle, frame: Rect, look: PanelLook) {
        self.dates = dates
        self.wallClock = wallClock
        text = LabelTile(ShownValue.none, style: style, oneLine: true, frame: frame, look: look)
    }

    func show(_ reading: LiveData.Reading) {
        guard case .number(let epoch)? = reading.value, DateText.epochs.contains(epoch), let dates else {
            text.text = ShownValue.none
            return
        }
        text.text = dates.text(epoch: epoch)
    }

    func advance(to time: Double) {
        // Between minutes the text stays: frames while pages slide do not ask ICU again. A frame for the minute may
        // come a hair before it on the loop's clock (a vblank grid of sixtieths): it shows that minute.
        let due = nextDeadline
        guard let wallClock, let dates, due.map({ time >= $0 - Self.slack }) ?? true else { return }
        let at = max(time, due ?? time)
        let shown = dates.text(epoch: wallClock.epoch(at: at))
        if shown != text.text { text.text = shown }
        lastTime = at
    }

    /// How far before a minute a frame still counts as its.
    private static let slack = 1e-6

    var nextDeadline: Double? {
        guard let wallClock, dates != nil, let lastTime else { return nil }
        let epoch = wallClock.epoch(at: lastTime)
        return wallClock.loopTime(atEpoch: ((epoch / Self.tick).rounded(.down) + 1) * Self.tick)
    }
}

/// `{"button": text}`: the kiosk's button (pressed while the finger is on it, fired by a tap, let go when the page
/// swipe takes the touch) in the accent colour, performing its action.
final class ButtonTile: PanelTile {
    let button: Button
    var view: View { button.view }

    init(_ title: String, frame: Rect, look: PanelLook, perform: @escaping () -> Void) {
        let accent = look.theme.accent
        let style = Button.Style(fill: accent, highlightedFill: accent.interpolated(to: .black, PagedTextControls.pressedShade),
                                 title: look.theme.text, cornerRadius: look.cornerRadius)
        // Button's own inset either side of its title.
        let room = frame.width - 2 * min(16, frame.width / 8)
        let size = look.fittingSize(title, face: look.bold, largest: look.bodySize, width: room)
        button = Button(title: title, face: look.bold, pixelSize: size, style: style, frame: frame, metrics: look.metrics)
        button.action = perform
    }
}

/// `{"image": …}`: a picture fitted inside its place, from a file, or from the file whose absolute path a source
/// holds (read again when the path changes; blank while there is none or it cannot be read, logged once).
final class ImageTile: PanelTile {
    let image: ImageView
    private let read: (String) -> Surface?
    private var path: String?
    var view: View { image.view }

    init(frame: Rect, read: @escaping (String, Size) -> Surface?) {
        image = ImageView(nil, frame: frame)
        image.view.isUserInteractionEnabled = false
        self.read = { read($0, frame.size) }
    }

    /// Shows the picture at `path`.
    func show(path: String?) {
        guard path != self.path else { return }
        self.path = path
        image.image = path.flatMap(read)
    }

    func show(_ reading: LiveData.Reading) {
        guard case .string(let path)? = reading.value, path.hasPrefix("/") else { return show(path: nil) }
        show(path: path)
    }
}
