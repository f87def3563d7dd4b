import FlickJSON
import FlickRaster
import FlickUI

/// A panel on screen: the title bar a list has, and under it each widget in a view of its own at the place the
/// layout gives it. Every frame it compares the version of each bound source with the one it drew and hands a
/// changed reading to that widget alone, so a new value redraws one widget, not the page. Buttons, toggles and
/// sliders perform their actions through the context.
final class PanelPage: PageController {
    let view: View
    let context: PageContext
    private(set) var tiles: [PanelTile] = []
    /// The title bar's label, which its view draws through.
    private var title: Label?
    /// The widgets with a source, and the version of its reading they show.
    private var bound: [(tile: PanelTile, source: String, version: UInt64)] = []

    init(_ panel: KioskConfig.Panel, context: PageContext) {
        self.context = context
        let look = PanelLook(context)
        view = View(frame: context.bounds, background: .solid(context.theme.background))
        var top = 0.0
        if let title = panel.title {
            let bar = ListStyle(context).bar(title: title)
            view.addChild(bar.view)
            self.title = bar.title
            top = bar.view.frame.height
        }
        let inset = (context.margin / 2).rounded()
        let area = Rect(x: inset, y: top + inset, width: context.bounds.width - 2 * inset, height: context.bounds.height - top - 2 * inset)
        let layout = PanelLayout(panel.layout, in: area, gap: look.gap, unit: context.unit, touchTarget: look.touchTarget, mirrored: look.mirrored)
        if layout.overflow >= 1 {
            let name = JSONValue.string(panel.title ?? "").shortDescription, need = Int(layout.overflow.rounded(.up))
            context.log("panel \(name): its widgets need \(need) pixels more than the \(context.width)x\(context.height) screen "
                        + "has: give some a smaller size, or fewer a row")
        }
        let make = PanelTileFactory(look: look, context: context)
        for (widget, frame) in layout.placed {
            let tile = make.tile(widget, frame: frame)
            view.addChild(tile.view)
            tiles.append(tile)
            if let source = widget.source {
                tile.show(context.live.reading(source))
                bound.append((tile, source, context.live.version(of: source)))
            }
        }
        for tile in tiles { tile.advance(to: context.scene.animator.time) }
    }

    func advance(to time: Double) {
        for i in bound.indices {
            let version = context.live.version(of: bound[i].source)
            guard version != bound[i].version else { continue }
            bound[i].tile.show(context.live.reading(bound[i].source))
            bound[i].version = version
        }
        for tile in tiles { tile.advance(to: time) }
    }

    /// A bound source changed since its widget was drawn: a frame is needed to show it.
    var isMoving: Bool { bound.contains { context.live.version(of: $0.source) != $0.version } }

    /// The next minute of a clock that reads the wall clock.
    var nextDeadline: Double? { tiles.compactMap(\.nextDeadline).min() }
}

/// Makes each widget's tile, with what it needs from the page: its look, the language's number and date formats,
/// pictures, and the action to perform.
struct PanelTileFactory {
    let look: PanelLook
    let context: PageContext

    func tile(_ widget: PanelWidget, frame: Rect) -> PanelTile {
        switch widget {
        case .label(let text, let style):
            return LabelTile(text, style: style, frame: frame, look: look)
        case .value(_, let readout):
            return ValueTile(readout, frame: frame, look: look, numbers: numbers(decimals: readout.decimals))
        case .meter(_, let readout, let range, let arc):
            return MeterTile(readout, range: range, arc: arc, frame: frame, look: look, numbers: numbers(decimals: readout.decimals))
        case .button(let title, let action):
            return ButtonTile(title, frame: frame, look: look) { [context] in context.perform(action) }
        case .toggle(let title, _, let action):
            return ToggleTile(title, frame: frame, look: look, perform: performing(action))
        case .slider(let title, let steps, _, let action):
            return SliderTile(title, steps: steps, frame: frame, look: look, numbers: numbers(decimals: steps.decimals),
                              perform: performing(action))
        case .image(let picture):
            let tile = ImageTile(frame: frame) { [context] path, size in context.image(path, fitting: size) }
            if case .file(let path) = picture { tile.show(path: path) }
            return tile
        case .clock(let format, let source, let style):
            return ClockTile(dates: dates(format), wallClock: source == nil ? context.wallClock : nil, style: style, frame: frame, look: look)
        }
    }

    private func performing(_ action: KioskAction?) -> ((JSONValue) -> Void)? {
        action.map { action in { [context] value in context.perform(action, value: value) } }
    }

    /// ICU's numbers in the page's language; nil (logged) when ICU cannot make them: values are then shown as JSON
    /// writes them.
    private func numbers(decimals: Int?) -> NumberText? {
        var problem: Int32 = 0
        let numbers = NumberText(decimals: decimals, language: look.language, problem: &problem)
        if numbers == nil { context.log("numbers in \"\(look.language)\": ICU cannot format them (error \(problem)): shown as JSON writes them") }
        return numbers
    }

    /// ICU's dates of `format` in the page's language; nil (logged) when ICU cannot make them: the clock shows "–".
    private func dates(_ format: PanelClockFormat) -> DateText? {
        var problem: Int32 = 0
        let dates = DateText(skeleton: format.skeleton, language: look.language, problem: &problem)
        if dates == nil { context.log("dates in \"\(look.language)\": ICU cannot format them (error \(problem)): clocks show \(ShownValue.none)") }
        return dates
    }
}
