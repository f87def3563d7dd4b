import FlickDisplay
/// What a Linux framebuffer device (`/dev/fb*`: efifb, vesafb, simplefb, vendor panel drivers) reports about
/// itself through FBIOGET_FSCREENINFO and FBIOGET_VSCREENINFO, reduced to what Flick needs to draw on it.
public struct FramebufferInfo: Sendable, Equatable, CustomStringConvertible {
    /// A channel's place in a pixel: `offset` bits from the least significant, `length` bits wide.
    public struct Channel: Sendable, Equatable {
        public var offset: Int
        public var length: Int
        public init(offset: Int, length: Int) { self.offset = offset; self.length = length }
    }

    /// The driver's name (`EFI VGA`, `VESA VGA`, `simple`).
    public var driver: String
    public var width: Int
    public var height: Int
    /// The virtual height: twice `height` or more lets frames be panned between two buffers.
    public var virtualHeight: Int
    public var bitsPerPixel: Int
    public var red: Channel, green: Channel, blue: Channel
    /// Bytes from one row to the next.
    public var lineLength: Int
    /// The mapped memory's size.
    public var memoryLength: Int
    public var physicalSize: PhysicalSize?

    public init(driver: String, width: Int, height: Int, virtualHeight: Int, bitsPerPixel: Int, red: Channel,
                green: Channel, blue: Channel, lineLength: Int, memoryLength: Int, physicalSize: PhysicalSize? = nil) {
        self.driver = driver; self.width = width; self.height = height; self.virtualHeight = virtualHeight
        self.bitsPerPixel = bitsPerPixel; self.red = red; self.green = green; self.blue = blue
        self.lineLength = lineLength; self.memoryLength = memoryLength; self.physicalSize = physicalSize
    }

    /// The scan-out format the bit fields describe, or nil for layouts Flick does not draw (palettes, 12-bit).
    public var format: ScanoutFormat? {
        func is8(_ c: Channel, _ offset: Int) -> Bool { c.offset == offset && c.length == 8 }
        switch bitsPerPixel {
        case 32 where is8(red, 16) && is8(green, 8) && is8(blue, 0): return .xrgb8888
        case 32 where is8(red, 0) && is8(green, 8) && is8(blue, 16): return .xbgr8888
        case 24 where is8(red, 16) && is8(green, 8) && is8(blue, 0): return .rgb888
        case 24 where is8(red, 0) && is8(green, 8) && is8(blue, 16): return .bgr888
        case 16 where red == Channel(offset: 11, length: 5) && green == Channel(offset: 5, length: 6)
                    && blue == Channel(offset: 0, length: 5): return .rgb565
        default: return nil
        }
    }

    /// Whether the memory holds two frames one above the other, for panning between them.
    public var canPan: Bool { virtualHeight >= 2 * height && memoryLength >= 2 * height * lineLength }

    /// `efifb 1024x768 32 bpp`: what `flick devices` and errors say about it.
    public var description: String {
        let layout = "r\(red.length)@\(red.offset) g\(green.length)@\(green.offset) b\(blue.length)@\(blue.offset)"
        return "\(driver) \(width)x\(height) \(bitsPerPixel) bpp (\(format?.rawValue ?? layout))"
    }

    /// A layout Flick can draw, with room for a frame, or why not.
    public var problem: String? {
        guard width > 0, height > 0 else { return "reports no size" }
        guard let format else { return "pixel layout \(bitsPerPixel) bpp r\(red.length)@\(red.offset) g\(green.length)@\(green.offset) b\(blue.length)@\(blue.offset) is not one Flick draws (\(ScanoutFormat.preference.map(\.rawValue).joined(separator: ", ")))" }
        guard lineLength >= width * format.bytesPerPixel, memoryLength >= lineLength * height else {
            return "memory (\(memoryLength) bytes, \(lineLength) a row) does not hold a \(width)x\(height) frame"
        }
        return nil
    }
}
