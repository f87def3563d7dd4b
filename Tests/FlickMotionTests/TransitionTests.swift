import FlickMotion
import Testing

/// Where each subtype brings the new content in from, in layer sizes (screen coordinates, y down).
private let entryEdge: [Transition.Direction: (x: Double, y: Double)] = [
    .fromLeft: (-1, 0), .fromRight: (1, 0), .fromTop: (0, -1), .fromBottom: (0, 1),
]

/// The composite each type should produce, written out per type from CATransition's descriptions.
private func expected(_ kind: Transition.Kind, _ direction: Transition.Direction, _ p: Double) -> TransitionComposite {
    let e = entryEdge[direction]!
    let still = LayerPlacement()
    let incoming = LayerPlacement(offset: Vector(e.x * (1 - p), e.y * (1 - p)))
    let outgoing = LayerPlacement(offset: Vector(-e.x * p, -e.y * p))
    switch kind {
    case .fade: return TransitionComposite(old: still, new: LayerPlacement(alpha: p), top: .new)
    case .moveIn: return TransitionComposite(old: still, new: incoming, top: .new)
    case .push: return TransitionComposite(old: outgoing, new: incoming, top: .new)
    case .reveal: return TransitionComposite(old: outgoing, new: still, top: .old)
    }
}

private func isClose(_ a: TransitionComposite, _ b: TransitionComposite) -> Bool {
    a.top == b.top && isClose(a.old.offset, b.old.offset, 1e-12) && isClose(a.new.offset, b.new.offset, 1e-12)
        && isClose(a.old.alpha, b.old.alpha, 1e-12) && isClose(a.new.alpha, b.new.alpha, 1e-12)
}

@Test func everyTypeAndSubtypeAtStartMiddleAndEnd() {
    var checked = 0
    for kind in Transition.Kind.allCases {
        for direction in Transition.Direction.allCases {
            let transition = Transition(kind, from: direction)
            for p in [0, 0.5, 1] {
                let got = transition.composite(atProgress: p)
                #expect(isClose(got, expected(kind, direction, p)), "\(kind) \(direction) at \(p): \(got)")
                checked += 1
            }
        }
    }
    #expect(checked == 48)
}

@Test func pushFromRightHalfwaySharesTheScreen() {
    let halfway = Transition(.push, from: .fromRight).composite(atProgress: 0.5)
    #expect(halfway.old.offset == Vector(-0.5, 0) && halfway.new.offset == Vector(0.5, 0))
    #expect(halfway.new.pixelOffset(in: Size(800, 480)) == Vector(400, 0))
    let start = Transition(.moveIn, from: .fromBottom).composite(atProgress: 0)
    #expect(start.new.pixelOffset(in: Size(800, 480)) == Vector(0, 480))
}

@Test func theEndsShowOnlyOneLayer() {
    for kind in Transition.Kind.allCases {
        for direction in Transition.Direction.allCases {
            let t = Transition(kind, from: direction)
            let start = t.composite(atProgress: 0), end = t.composite(atProgress: 1)
            // At 0 the old layer sits in place and the new is off-screen or clear; at 1 the new sits in place.
            #expect(start.old.offset == .zero && start.old.alpha == 1)
            #expect(start.new.offset.length == 1 || start.new.alpha == 0 || start.top == .old)
            #expect(end.new.offset == .zero && end.new.alpha == 1)
            #expect(end.old.offset.length == 1 || end.top == .new)
        }
    }
}

@Test func drawingOrderPutsTheTopLayerLast() {
    #expect(Transition(.reveal).composite(atProgress: 0.3).drawingOrder.map(\.layer) == [.new, .old])
    #expect(Transition(.moveIn).composite(atProgress: 0.3).drawingOrder.map(\.layer) == [.old, .new])
}

@Test func startAndEndProgressBoundTheRun() {
    let part = Transition(.push, from: .fromLeft, timing: Timing(duration: 1, curve: .linear),
                          startProgress: 0.2, endProgress: 0.6)
    #expect(isClose(part.progress(at: 0), 0.2, 1e-12))
    #expect(isClose(part.progress(at: 0.5), 0.4, 1e-12))
    #expect(isClose(part.progress(at: 1), 0.6, 1e-12))
    #expect(isClose(part.composite(at: 1), expected(.push, .fromLeft, 0.6)))
    #expect(isClose(part.composite(at: 0.5), expected(.push, .fromLeft, 0.4)))
}

@Test(arguments: Transition.Direction.allCases)
func theEdgeBounceGoesAQuarterOutAndBackWithoutAJump(_ direction: Transition.Direction) {
    let (out, back) = Transition.edgeBounce(from: direction)
    #expect(out.kind == .push && back.kind == .push && out.direction == direction && back.direction == direction)
    let end = out.timing.totalDuration
    #expect(isClose(out.progress(at: end), 0.25, 1e-12))
    #expect(isClose(out.composite(at: end), back.composite(at: 0)))
    #expect(isClose(out.composite(at: end), expected(.push, direction, 0.25)))
    #expect(isClose(back.progress(at: back.timing.totalDuration), 0, 1e-12))
    #expect(isClose(back.composite(at: back.timing.totalDuration), expected(.push, direction, 0)))
    // Eased out as in the seed: it covers more than half the way in the first half of each leg.
    #expect(out.progress(at: end / 2) > 0.125 && back.progress(at: end / 2) < 0.125)
}

@Test func springDrivenProgressPastTheEndKeepsMovingButAlphaStaysInRange() {
    let over = Transition(.push, from: .fromRight).composite(atProgress: 1.1)
    #expect(isClose(over.new.offset, Vector(-0.1, 0), 1e-12))
    #expect(Transition(.fade).composite(atProgress: 1.1).new.alpha == 1)
    #expect(Transition(.fade).composite(atProgress: -0.1).new.alpha == 0)
}
