import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickText
import FlickUI

/// The showcase as a live scene: the picture is rendered once into a cached layer, every finger on the
/// glass shows a translucent disc, and a lifted finger's disc fades out through the shared motion engine.
/// Only the discs' bounds are redrawn, so the rest of the screen is never touched again.
public final class ShowcaseKiosk: Scene {
    private let layer: Surface
    private let radius: Double
    private var fingers: [TouchID: Point] = [:]
    private var fading: [Int: Point] = [:]
    private var nextFade = 0
    private let animator = Animator<Int>()
    private var damage: [PixelRect] = []
    private static let opacity = AnimationKey<Double>("opacity")
    /// How long a lifted finger's disc takes to fade: the transition default of the seeds.
    static let fadeDuration = 0.3

    public init(width: Int, height: Int, fonts: FontCollection) throws {
        layer = Surface(width: width, height: height)
        try ShowcaseScene(fonts: fonts).draw(on: Canvas(surface: layer))
        radius = (28 * DesignGrid.scale(width: width, height: height)).rounded()
        damage = [layer.bounds]
    }

    public func handle(_ event: InputEvent) {
        guard case .touches(let frame) = event else { return }
        for touch in frame.events {
            if let old = fingers[touch.id] { damage.append(bounds(at: old)) }
            switch touch.phase {
            case .down, .move:
                fingers[touch.id] = touch.position
                damage.append(bounds(at: touch.position))
            case .up, .cancel:
                guard let last = fingers.removeValue(forKey: touch.id) else { continue }
                let fade = nextFade
                nextFade += 1
                fading[fade] = last
                animator.add(Animation(from: 1.0, to: 0.0, duration: Self.fadeDuration, curve: .easeOut),
                             for: fade, key: Self.opacity) { [weak self] _ in
                    guard let self, let point = self.fading.removeValue(forKey: fade) else { return }
                    self.damage.append(self.bounds(at: point))
                }
            }
        }
    }

    public func advance(to time: Double) {
        animator.tick(to: time)
        for point in fading.values { damage.append(bounds(at: point)) }
    }

    public var needsFrame: Bool { !damage.isEmpty || animator.isAnimating }
    public var nextDeadline: Double? { nil }

    public func draw(on canvas: Canvas, fullRedraw: Bool) -> [PixelRect] {
        let regions = fullRedraw ? [layer.bounds] : damage
        damage = []
        for region in regions {
            canvas.withSavedState {
                canvas.clip(to: region.rect)
                canvas.draw(layer, at: .zero)
                for (id, point) in fading {
                    drawDisc(at: point, opacity: animator.value(for: id, key: Self.opacity) ?? 0, on: canvas)
                }
                for point in fingers.values { drawDisc(at: point, opacity: 1, on: canvas) }
            }
        }
        return regions
    }

    private func drawDisc(at p: Point, opacity: Double, on canvas: Canvas) {
        guard opacity > 0 else { return }
        let r = radius
        canvas.fill(Path.ellipse(in: Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)),
                    paint: .solid(Color(hex: 0x4DA3FF, alpha: 0.45 * opacity)))
        canvas.stroke(Path.ellipse(in: Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)),
                      paint: .solid(Color(hex: 0xFFFFFF, alpha: 0.8 * opacity)), style: StrokeStyle(width: 2))
    }

    private func bounds(at p: Point) -> PixelRect {
        PixelRect(enclosing: Rect(x: p.x - radius - 2, y: p.y - radius - 2, width: 2 * radius + 4, height: 2 * radius + 4))
            .intersection(layer.bounds)
    }
}
