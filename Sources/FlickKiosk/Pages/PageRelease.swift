import FlickGestures
import FlickUI

/// What the pages do when the finger lifts: the swipe's decision, applied to the page graph.
enum PageRelease: Equatable {
    /// On to `page`, the neighbour on the `sign` side, carrying on at `velocity` (pixels per second).
    case commit(to: String, sign: Double, velocity: Double)
    /// Back to rest from where the pages show, at `velocity`: the finger's, or past the last page the share of it
    /// the rubber band shows.
    case settle(velocity: Double)
}

extension PageStrip {
    /// The pages let go after a drag that `decision` judged, at the finger's `velocity` along the locked axis
    /// (nil `lockedAxis`: the swipe never locked, so nothing was dragged).
    func release(decision: SwipeDecision?, lockedAxis: Axis?, velocity: Double) -> PageRelease {
        guard axis != nil, lockedAxis != nil else { return .settle(velocity: 0) }
        if case .commit(let direction)? = decision, let next = page(on: Self.sign(direction)) {
            return .commit(to: next, sign: Self.sign(direction), velocity: velocity)
        }
        return .settle(velocity: scroller.shownVelocity(velocity))
    }

    /// What a drag that way does to the pages: moves them to a neighbour, or only rubber-bands; at rest a page
    /// takes only drags along its allowed axes, and pages in motion only along the axis they move on.
    func response(to direction: SwipeDirection) -> DragResponse {
        let along: Axis = direction == .left || direction == .right ? .horizontal : .vertical
        if isMoving { return along == axis ? .moves : .ignores }
        guard allowedAxes(of: current).contains(along) else { return .ignores }
        return graph.neighbour(of: current, Self.direction(uncoveredMoving: Self.sign(direction), along: along)) != nil
            ? .moves : .resists
    }
}
