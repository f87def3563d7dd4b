/// 8-bit coverage, one byte per pixel, rows `width` bytes apart: glyphs and other pre-rendered masks.
public struct AlphaMask: Sendable {
    public let width: Int
    public let height: Int
    public var coverage: [UInt8]

    public init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "mask needs width × height bytes")
        self.width = width; self.height = height; self.coverage = coverage
    }

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, coverage: [UInt8](repeating: 0, count: width * height))
    }

    public subscript(x: Int, y: Int) -> UInt8 { coverage[y * width + x] }
}
