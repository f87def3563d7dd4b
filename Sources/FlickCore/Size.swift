/// A width and a height in pixels (device pixels unless a transform says otherwise).
public struct Size: Hashable, Sendable {
    /// Across.
    public var width: Double
    /// Down.
    public var height: Double

    /// The size `width` × `height`.
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    /// The size `width` × `height`.
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// No width and no height.
    public static let zero = Size(0, 0)
}
