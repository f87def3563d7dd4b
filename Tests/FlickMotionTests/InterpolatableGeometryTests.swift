import FlickMotion
import Testing

@Test func pointsSizesAndRectsMixComponentByComponent() {
    #expect(Point(10, 20).interpolated(to: Point(30, -20), amount: 0.25) == Point(15, 10))
    #expect(Size(100, 50).interpolated(to: Size(200, 150), amount: 0.5) == Size(150, 100))
    #expect(Size(3, 4) - Size(1, 1) == Size(2, 3) && Size.zero + Size(1, 2) == Size(1, 2))
    let from = Rect(x: 0, y: 0, width: 100, height: 40), to = Rect(x: 50, y: 20, width: 300, height: 80)
    #expect(from.interpolated(to: to, amount: 0.5) == Rect(x: 25, y: 10, width: 200, height: 60))
    #expect(Rect(x: 1, y: 2, width: 3, height: 4).magnitudeSquared == 30)
    #expect(Point(3, 4).magnitudeSquared == 25 && Point(1, 2).scaled(by: 3) == Point(3, 6))
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
