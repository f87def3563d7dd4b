import FlickMotion
import FlickRaster
import FlickUI
import Testing

private func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool { abs(a - b) <= tolerance }

@Test func pointsSizesAndRectsMixComponentByComponent() {
    #expect(Point(10, 20).interpolated(to: Point(30, -20), amount: 0.25) == Point(15, 10))
    #expect(Size(100, 50).interpolated(to: Size(200, 150), amount: 0.5) == Size(150, 100))
    #expect(Size(3, 4) - Size(1, 1) == Size(2, 3) && Size.zero + Size(1, 2) == Size(1, 2))
    let from = Rect(x: 0, y: 0, width: 100, height: 40), to = Rect(x: 50, y: 20, width: 300, height: 80)
    #expect(from.interpolated(to: to, amount: 0.5) == Rect(x: 25, y: 10, width: 200, height: 60))
    #expect(Rect(x: 1, y: 2, width: 3, height: 4).magnitudeSquared == 30)
    #expect(Point(3, 4).magnitudeSquared == 25 && Point(1, 2).scaled(by: 3) == Point(3, 6))
}

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

@Test func aPointSpringMovesEachAxisLikeTheScalarSpring() {
    let spring = Spring(dampingRatio: 0.6, response: 0.3)
    let motion = SpringAnimation(spring, from: Point(300, 40), to: Point(0, 0), initialVelocity: Point(-900, 120))
    for t in [0.0, 0.05, 0.2, 0.6] {
        let p = motion.value(at: t)
        #expect(isClose(p.x, spring.displacement(at: t, from: 300, velocity: -900), 1e-9))
        #expect(isClose(p.y, spring.displacement(at: t, from: 40, velocity: 120), 1e-9))
    }
}

@Test func geometryConvertsBetweenTheRasterAndTheMotionEngine() {
    #expect(Point(Vector2(3, -4)) == Point(3, -4) && Vector2(Point(5, 6)) == Vector2(5, 6))
    #expect(Bounds(Rect(x: 10, y: 20, width: 30, height: 40)) == Bounds(minX: 10, minY: 20, maxX: 40, maxY: 60))
    let halfway = Transition(.push, from: .fromBottom).composite(atProgress: 0.5)
    #expect(halfway.new.offset(in: Size(800, 480)) == Point(0, 240))
    #expect(halfway.old.offset(in: Size(800, 480)) == Point(0, -240))
}
