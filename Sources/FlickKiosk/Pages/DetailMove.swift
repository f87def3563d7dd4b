import FlickMotion
import FlickRaster
import FlickUI

/// Two layers of the list page moving as one push (the seed's `kCATransitionPush`): the shown layer slides
/// out as the incoming one slides in beside it. With nothing incoming — past the first or last item — only
/// the shown layer moves and the page's background fills the gap, as in the seed's edge bounce.
struct DetailMove {
    enum Destination: Equatable {
        case item(Int)
        case list
    }

    /// nil: nothing lies that way.
    let destination: Destination?
    let direction: Transition.Direction
    let shown: View
    let incoming: View?
    /// 0: only the shown layer shows; 1: only the incoming one.
    private(set) var progress = 0.0

    init(to destination: Destination?, from direction: Transition.Direction, shown: View, incoming: View?) {
        self.destination = destination
        self.direction = direction
        self.shown = shown
        self.incoming = incoming
    }

    /// Places both layers from the push's composite at `progress`, on whole pixels so they stay on the
    /// copy path. The incoming layer is placed one screen from the rounded shown one (where the composite
    /// puts it) so that rounding never opens a seam between them.
    mutating func place(atProgress progress: Double) {
        self.progress = progress
        let composite = Transition(.push, from: direction).composite(atProgress: progress)
        let size = shown.frame.size
        let old = composite.old.pixelOffset(in: size)
        let origin = Point(old.x.rounded(), old.y.rounded())
        shown.frame.origin = origin
        incoming?.frame.origin = Point(origin.x + direction.entry.x * size.width, origin.y + direction.entry.y * size.height)
    }
}
