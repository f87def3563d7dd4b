/// 8-bit coverage, one byte per pixel, rows `width` bytes apart: glyphs and other pre-rendered masks.
public struct AlphaMask: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// One byte per pixel, row by row from the top: 0 leaves the pixel as it is, 255 paints it fully.
    public var coverage: [UInt8]

    /// A mask of `coverage`, which must hold exactly `width` × `height` bytes, row by row from the top.
    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "mask needs width × height bytes")
        self.width = width; self.height = height; self.coverage = coverage
    }

    /// A mask of zero coverage everywhere.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, coverage: [UInt8](repeating: 0, count: width * height))
    }

    /// The coverage of column `x`, row `y` (0, 0 the top-left).
    public subscript(x: Int, y: Int) -> UInt8 { coverage[y * width + x] }
}
