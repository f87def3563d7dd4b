import FlickMotion
import FlickRaster
import FlickUI
import Testing

private func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }

@Test func colorsMixLikeTheRastersOwnInterpolation() {
    let a = Color(hex: 0x0072B2, alpha: 0.2), b = Color(hex: 0xE69F00, alpha: 0.9)
    for amount in [0, 0.3, 0.5, 1] {
        let ours = a.interpolated(to: b, amount: amount), raster = a.interpolated(to: b, amount)
        #expect(isClose(ours.red, raster.red) && isClose(ours.green, raster.green)
                && isClose(ours.blue, raster.blue) && isClose(ours.alpha, raster.alpha), "at \(amount)")
    }
    #expect(Color.zero == .clear)
    #expect(Color.white.magnitudeSquared == 4)
}

@Test func transformsMixComponentByComponent() {
    let half = AffineTransform.identity.interpolated(to: .translation(100, 50), amount: 0.5)
    #expect(half == .translation(50, 25))
    let grown = AffineTransform.scale(1, 1).interpolated(to: .scale(3, 2), amount: 0.5)
    #expect(grown == .scale(2, 1.5))
    #expect(AffineTransform.zero.magnitudeSquared == 0 && AffineTransform.identity.magnitudeSquared == 2)
    #expect(AffineTransform.identity - AffineTransform.identity == .zero)
}

@Test func aFrameAnimatesThroughTheAnimator() {
    let frame = AnimationKey<Rect>("frame"), tint = AnimationKey<Color>("tint")
    let animator = Animator<String>()
    animator.add(Animation(from: Rect(x: 0, y: 0, width: 100, height: 100), to: Rect(x: 200, y: 100, width: 50, height: 50),
                           duration: 1, curve: .linear), for: "row", key: frame)
    animator.add(Animation(from: Color.black, to: Color.white, duration: 1, curve: .linear), for: "row", key: tint)
    animator.tick(to: 0.5)
    #expect(animator.value(for: "row", key: frame) == Rect(x: 100, y: 50, width: 75, height: 75))
    #expect(animator.value(for: "row", key: tint) == Color(red: 0.5, green: 0.5, blue: 0.5))
    #expect(animator.state(for: "row", key: frame)?.velocity == Rect(x: 200, y: 100, width: -50, height: -50))
}
