import FlickRaster
import FlickText

/// A keyboard drawn on the screen for kiosks without one: letters with shift, a numbers-and-symbols layer,
/// space, backspace and Done. A key highlights under the finger and types when the finger lifts on it, as on
/// a phone; sliding to another key moves the highlight there. The whole keyboard is one view, rasterized, so
/// sliding it up and down is a copy.
public final class OnScreenKeyboard {
    /// A key of the keyboard, as drawn and as typed.
    public enum Key: Hashable, Sendable {
        /// A letter, digit or symbol: what it types (already shifted when `onKey` hears it).
        case character(String)
        /// Backspace: what it deletes is the receiver's to say.
        case backspace
        /// Types the next letter in upper case; the keyboard handles it.
        case shift
        /// Switches between letters and numbers-and-symbols; the keyboard handles it.
        case layer
        /// The space bar.
        case space
        /// Done: the receiver ends the typing.
        case done
    }

    /// The keyboard's view (rasterized): place it with its frame and add it to the tree.
    public let view: View
    /// Receives typed keys on the frame loop's thread: characters (already shifted), space, backspace and done; shift
    /// and the layer key are the keyboard's own.
    public var onKey: (Key) -> Void = { _ in }
    /// The next letter is typed in upper case.
    public private(set) var isShifted = false { didSet { view.setNeedsDisplay() } }
    /// The numbers-and-symbols layer is shown instead of the letters.
    public private(set) var showsSymbols = false { didSet { view.setNeedsDisplay() } }
    private var pressed: Int? { didSet { if pressed != oldValue { view.setNeedsDisplay() } } }
    private let face: FontFace
    private let labelSize: Double
    private var layoutCache: (size: Size, symbols: Bool, keys: [(key: Key, frame: Rect)])?

    static let letters = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
    // The third row has no shift key here (the layer key back is only the bottom-left one): "+" and a wider
    // backspace fill its place, so the row is as wide as the letters' and backspace stays where the thumb expects it.
    static let symbols = ["1234567890", "-/:;()&@\"", ".,?!'#%+"]

    /// A keyboard `width` wide; its height follows from the key size (`keyHeight`, about 8 mm on a panel).
    public init(width: Double, keyHeight: Double, face: FontFace) {
        self.face = face
        labelSize = (keyHeight * 0.42).rounded()
        view = View(frame: Rect(x: 0, y: 0, width: width, height: (keyHeight * 4 + Self.gap(keyHeight) * 5).rounded()))
        view.shouldRasterize = true
        view.background = .solid(Color(hex: 0xD1D4DA))
        view.content = ViewContent { [weak self] canvas, bounds in self?.draw(on: canvas, bounds: bounds) }
    }

    private static func gap(_ keyHeight: Double) -> Double { (keyHeight * 0.18).rounded() }

    // MARK: Layout

    /// Each key and where it is, in the keyboard's own coordinates.
    public var keys: [(key: Key, frame: Rect)] {
        let size = view.frame.size
        if let layoutCache, layoutCache.size == size, layoutCache.symbols == showsSymbols { return layoutCache.keys }
        let rows = showsSymbols ? Self.symbols : Self.letters
        let gap = Self.gap(size.height / 4.9)
        let keyHeight = (size.height - gap * 5) / 4
        let unit = (size.width - gap * 11) / 10
        var out: [(Key, Rect)] = []
        func place(_ y: Double, _ row: [(Key, Double)]) {
            let total = row.reduce(0) { $0 + $1.1 * unit } + gap * Double(row.count - 1)
            var x = ((size.width - total) / 2).rounded()
            for (key, widthInUnits) in row {
                let w = (widthInUnits * unit).rounded()
                out.append((key, Rect(x: x, y: y.rounded(), width: w, height: keyHeight.rounded())))
                x += w + gap
            }
        }
        for (i, letters) in rows.enumerated() {
            var row = letters.map { (Key.character(String($0)), 1.0) }
            if i == 2 {
                if !showsSymbols { row.insert((.shift, 1.5), at: 0) }
                row.append((.backspace, showsSymbols ? 2 : 1.5))
            }
            place(gap + Double(i) * (keyHeight + gap), row)
        }
        place(gap + 3 * (keyHeight + gap), [(.layer, 2), (.space, 5.5), (.done, 2)])
        layoutCache = (size, showsSymbols, out)
        return out
    }

    private func label(_ key: Key) -> String {
        switch key {
        case .character(let c): isShifted ? c.uppercased() : c
        case .backspace: "⌫"
        case .shift: "⇧"
        case .layer: showsSymbols ? "ABC" : "123"
        case .space: "space"
        case .done: "Done"
        }
    }

    private func draw(on canvas: Canvas, bounds: Rect) {
        for (index, entry) in keys.enumerated() {
            let special: Bool
            if case .character = entry.key { special = false } else { special = true }
            let lit = index == pressed || (entry.key == .shift && isShifted)
            let fill = entry.key == .done ? Color(hex: 0x3366CC)
                : lit ? Color(hex: 0xF7F8FA) : special ? Color(hex: 0xADB3BC) : .white
            canvas.fill(Path.roundedRect(entry.frame, radius: min(8, entry.frame.height / 6)), paint: .solid(fill))
            let text = TextLayout(label(entry.key), face: face, pixelSize: labelSize,
                                  options: .init(maxWidth: entry.frame.width, maxLines: 1, alignment: .center))
            let y = entry.frame.minY + ((entry.frame.height - text.size.height) / 2).rounded()
            canvas.draw(text, at: Point(x: entry.frame.minX, y: y), color: entry.key == .done ? .white : Color(hex: 0x111418))
        }
    }

    // MARK: Touches (root coordinates)

    /// The key under `point`, or the nearest in its row: a finger between two keys still types.
    private func keyIndex(at point: Point) -> Int? {
        guard let local = view.convertFromRoot(point), view.bounds.contains(local) else { return nil }
        let all = keys
        if let exact = all.firstIndex(where: { $0.frame.contains(local) }) { return exact }
        return all.indices.min { a, b in
            distance(from: local, to: all[a].frame) < distance(from: local, to: all[b].frame)
        }
    }

    private func distance(from p: Point, to r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return dx * dx + dy * dy
    }

    /// A finger landed at `point` (root coordinates): highlights the key under it, or the nearest in its row.
    /// Returns whether the keyboard takes this touch.
    @discardableResult
    public func touchDown(at point: Point) -> Bool {
        pressed = keyIndex(at: point)
        return pressed != nil
    }

    /// A finger down on the keyboard moved to `point` (root coordinates): the highlight follows it to the key there.
    public func touchMoved(to point: Point) {
        guard pressed != nil else { return }
        pressed = keyIndex(at: point) ?? pressed
    }

    /// The finger lifted: the key last highlighted types (or shifts, or switches the layer).
    public func touchUp(at point: Point) {
        guard let index = pressed else { return }
        pressed = nil
        let key = keys[index].key
        switch key {
        case .shift: isShifted.toggle()
        case .layer: showsSymbols.toggle(); isShifted = false
        case .character(let c):
            onKey(.character(isShifted ? c.uppercased() : c))
            isShifted = false
        default: onKey(key)
        }
    }

    /// The touch was cancelled: nothing types.
    public func touchCancelled() { pressed = nil }
}
