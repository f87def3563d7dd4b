import FlickRaster

/// What was on screen before a config was applied, faded into what the new one shows, so a change of content
/// is seen as a change rather than a jump.
final class CrossFade {
    /// Short: the kiosk changed under someone's eyes, it is not a transition they asked for.
    static let duration = 0.25
    private let before: Surface
    private let after: Surface
    private var start: Double?
    private var progress = 0.0
    private var afterDrawn = false
    /// The frame at full progress is on screen: the pages draw straight to the screen again from the next frame.
    private(set) var isDone = false

    /// Keeps what `pages` shows now (drawn whole into a picture of its own).
    init(from pages: PagesScene, width: Int, height: Int) {
        before = Surface(width: width, height: height)
        after = Surface(width: width, height: height)
        _ = pages.draw(on: Canvas(surface: before), fullRedraw: true)
        // The pages fill the screen (its background first): both pictures are opaque, faded in one pass.
        before.isKnownOpaque = true
        after.isKnownOpaque = true
    }

    func advance(to time: Double) {
        let start = self.start ?? time
        self.start = start
        progress = min(1, (time - start) / Self.duration)
    }

    /// The pages drawn into the picture of what comes, faded over the one of what was; the whole screen changes.
    func draw(_ pages: PagesScene, on canvas: Canvas) -> [PixelRect] {
        _ = pages.draw(on: Canvas(surface: after), fullRedraw: !afterDrawn)
        afterDrawn = true
        let eased = progress * progress * (3 - 2 * progress)
        canvas.drawFade(from: before, to: after, alpha: eased, at: .zero)
        isDone = progress >= 1
        return [PixelRect(x: 0, y: 0, width: before.width, height: before.height)]
    }
}
