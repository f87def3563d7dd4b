import FlickKiosk
import FlickGestures
import FlickInput
import FlickRaster
import FlickText
import FlickUI
import Foundation

// The to-do page alone at 360x640 and 160 dpi: rows are 8 mm = 50 px under a 60 px header, so row i spans
// y = 60 + 50i ..< 110 + 50i; half the row's width is 180 px; the slop is 2 mm = 12.6 px; the keyboard's keys
// are 42 px high.

let todoWidth = 360, todoHeight = 640
let headerHeight = 60.0, rowHeight = 50.0

/// Clear's tutorial list, the third item done.
let tutorialItems: [TodoItem] = [
    "Feed the cat", "Buy eggs", "Pack bags for WWDC", "Rule the web", "Buy a new iPhone", "Find missing socks",
    "Write a new tutorial",
].enumerated().map { TodoItem(id: UInt64($0.offset + 1), text: $0.element, completed: $0.offset == 2) }

func numberedItems(_ count: Int) -> [TodoItem] {
    (0..<count).map { TodoItem(id: UInt64($0 + 1), text: "Item \($0)") }
}

func temporaryStateDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-todo-page-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// A kiosk of the to-do page alone, its store in `directory` holding `items` first.
final class TodoHarness {
    /// The page's list, read and written beside it.
    let store: TodoStore
    let scene: PagesScene
    let player: VirtualClockPlayer
    private let log = Log()
    var logLines: [String] { log.lines }

    final class Log { var lines: [String] = [] }

    init(items: [TodoItem]? = tutorialItems, directory: String = temporaryStateDirectory(), width: Int = todoWidth,
         height: Int = todoHeight, metrics: GestureMetrics = PagesScene.defaultMetrics,
         config: KioskConfig = .app(KioskConfig.Todo(), id: "todo")) throws {
        let store = TodoStore(directory: directory)
        if let items { try store.save(items) }
        self.store = store
        scene = PagesScene(config: config, width: width, height: height, fonts: try FontCollection(), metrics: metrics,
                           stateDirectory: directory, log: { [log] in log.lines.append($0) })
        player = VirtualClockPlayer(scene: scene, width: width, height: height)
    }

    /// Plays `touches` and runs until everything is still.
    func play(_ touches: Touches) {
        player.enqueue(touches.frames)
        player.run()
    }

    func key(_ keysym: UInt32, _ text: String = "") {
        let time = Microseconds(player.time * 1e6)
        scene.handle(.key(KeyEvent(keysym: keysym, text: text, isPressed: true, time: time)))
        scene.handle(.key(KeyEvent(keysym: keysym, text: text, isPressed: false, time: time)))
        player.run()
    }

    func type(_ text: String) {
        for c in text { key(UInt32(c.unicodeScalars.first!.value), String(c)) }
    }

    /// The list as the final state line tells it: texts, completion and the edited index.
    var state: (texts: [String], completed: [Bool], editing: Int?) {
        let json = try! JSONSerialization.jsonObject(with: Data(scene.finalStateJSON().utf8)) as! [String: Any]
        let todo = json["todo"] as! [[String: Any]]
        return (todo.map { $0["text"] as! String }, todo.map { $0["completed"] as! Bool }, json["editing"] as? Int)
    }

    var texts: [String] { state.texts }

    /// Now (for scripts that start after what already ran), in milliseconds.
    var nowMs: Double { player.time * 1000 + 20 }

    func color(_ x: Int, _ y: Int) -> Color { Color(pixel: player.screen[x, y]) }
}

/// Touches written by hand, times in milliseconds.
struct Touches {
    private(set) var events: [TouchEvent] = []

    var frames: [TouchFrame] {
        TouchFrame.frames(grouping: events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element))
    }

    mutating func add(_ phase: TouchEvent.Phase, _ id: Int, _ x: Double, _ y: Double, at ms: Double) {
        events.append(TouchEvent(phase, id: .finger(id), at: Point(x: x, y: y), time: Microseconds((ms * 1000).rounded())))
    }

    /// A finger from (x, y) moving by (dx, dy): its first move `slop` px, just past the slop (where the list starts
    /// following it), the rest in `steps` even moves 16 ms apart, then it rests `holdMs` (over 40 ms of rest
    /// reads as stopped: no fling) and lifts.
    static func drag(_ x: Double, _ y: Double, by dx: Double, _ dy: Double, at start: Double = 0, steps: Int = 8,
                     holdMs: Double = 80, slop: Double = 13) -> Touches {
        var t = Touches()
        let length = (dx * dx + dy * dy).squareRoot(), id = 0
        t.add(.down, id, x, y, at: start)
        t.add(.move, id, x + dx * slop / length, y + dy * slop / length, at: start + 16)
        for i in 1...steps {
            let f = slop / length + (1 - slop / length) * Double(i) / Double(steps)
            t.add(.move, id, x + dx * f, y + dy * f, at: start + 16 + 16 * Double(i))
        }
        t.add(.up, id, x + dx, y + dy, at: start + 16 + 16 * Double(steps) + holdMs)
        return t
    }

    static func tap(_ x: Double, _ y: Double, at start: Double = 0, id: Int = 0) -> Touches {
        var t = Touches()
        t.add(.down, id, x, y, at: start)
        t.add(.up, id, x, y, at: start + 60)
        return t
    }

    /// Two fingers landing together at `upper` and `lower` and moving apart by `apart` each, then resting and lifting.
    static func pinch(upperY: Double, lowerY: Double, apart: Double, at start: Double = 0, x: Double = 180,
                      spread: Double = 80) -> Touches {
        var t = Touches()
        t.add(.down, 0, x - spread / 2, upperY, at: start)
        t.add(.down, 1, x + spread / 2, lowerY, at: start)
        for i in 1...8 {
            let d = apart * Double(i) / 8
            t.add(.move, 0, x - spread / 2, upperY - d, at: start + 16 * Double(i))
            t.add(.move, 1, x + spread / 2, lowerY + d, at: start + 16 * Double(i))
        }
        t.add(.up, 0, x - spread / 2, upperY - apart, at: start + 200)
        t.add(.up, 1, x + spread / 2, lowerY + apart, at: start + 200)
        return t
    }

    static func + (a: Touches, b: Touches) -> Touches {
        var out = a
        out.events += b.events
        return out
    }
}

/// The middle of row `index` on screen when the list is not scrolled.
func rowCentre(_ index: Int) -> Double { headerHeight + rowHeight * Double(index) + rowHeight / 2 }

extension Color {
    /// Within `tolerance` (0…1) on each channel: rows carry a faint sheen over their fill.
    func isClose(to other: Color, tolerance: Double = 0.08) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance && abs(blue - other.blue) <= tolerance
    }

    /// `other` at `alpha` over this colour.
    func mixed(with other: Color, _ alpha: Double) -> Color {
        Color(red: red + (other.red - red) * alpha, green: green + (other.green - green) * alpha,
              blue: blue + (other.blue - blue) * alpha)
    }

    /// The tutorial's row colour for row `index` of `count`.
    static func row(_ index: Int, of count: Int) -> Color {
        Color(red: 1, green: count > 1 ? 0.6 * Double(index) / Double(count - 1) : 0, blue: 0)
    }

    static let completedRow = Color(red: 0, green: 0.6, blue: 0)
    /// Under the rows: the theme's background (the default theme's near-black; the tutorial's black before the
    /// list took the theme).
    static let listBackground = KioskConfig.Theme().background
    static let keyboard = Color(hex: 0xD1D4DA)
}
