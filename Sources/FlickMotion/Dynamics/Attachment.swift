/// Ties a point of the item to an anchor that moves — a finger — like `UIAttachmentBehavior` with an
/// offset from the centre: gripped off-centre, a dragged card swings round behind the finger.
/// A stiff damped spring between the grip and the anchor rather than a rigid rod, so a finger jumping
/// between touch frames tugs the card instead of teleporting it.
public struct Attachment: Hashable, Sendable {
    // Our tuning: at 12 Hz the grip catches up with a finger within about two 60 Hz frames, and at
    // 240 Hz sub-steps the spring stays far from the integrator's stability limit (~50 Hz at a corner grip).
    /// 12 Hz, our tuning: the grip catches up with a finger within about two 60 Hz frames.
    public static let defaultFrequency = 12.0
    /// Critically damped: the grip follows without swinging past the finger.
    public static let defaultDampingRatio = 1.0

    /// Where the grip is pulled to, in pixels; move it every touch frame.
    public var anchor: Point
    /// The grip, from the item's centre in the item's own (unrotated) axes.
    public var offset: Vector
    /// Oscillations per second of the grip about the anchor, were the item not turning.
    public var frequency: Double
    /// 1 follows without overshoot, less lets the grip swing past the anchor.
    public var dampingRatio: Double

    /// A grip `offset` pixels from the item's centre (in its own axes) pulled toward `anchor`, in screen pixels.
    public init(anchor: Point, offset: Vector = .zero, frequency: Double = defaultFrequency,
                dampingRatio: Double = defaultDampingRatio) {
        self.anchor = anchor; self.offset = offset; self.frequency = frequency; self.dampingRatio = dampingRatio
    }

    /// A grip on `item` where a finger touches it, at `point` (the seed's `offsetFromCenter` from the
    /// touch location in the card).
    public init(grabbing item: DynamicItem, at point: Point, frequency: Double = defaultFrequency,
                dampingRatio: Double = defaultDampingRatio) {
        self.init(anchor: point, offset: item.offset(of: point), frequency: frequency, dampingRatio: dampingRatio)
    }
}
