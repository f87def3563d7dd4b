@testable import FlickRaster

func makeCanvas(_ w: Int, _ h: Int, background: Color = .white) -> Canvas {
    let canvas = Canvas(surface: Surface(width: w, height: h))
    canvas.clear(background)
    return canvas
}

func alpha(_ p: UInt32) -> Int { Int(p >> 24) }
func red(_ p: UInt32) -> Int { Int((p >> 16) & 0xFF) }
func green(_ p: UInt32) -> Int { Int((p >> 8) & 0xFF) }
func blue(_ p: UInt32) -> Int { Int(p & 0xFF) }

/// Fraction of a black-on-white pixel that is ink.
func ink(_ p: UInt32) -> Double { 1 - Double(red(p)) / 255 }

/// Premultiplied pixels of every alpha, with a fully opaque middle like a photo card's print.
func cardLikeImage(width: Int, height: Int) -> Surface {
    let image = Surface(width: width, height: height)
    var state: UInt64 = 7
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let edge = min(x, y, width - 1 - x, height - 1 - y)
            let a = edge > 3 ? 255 : UInt32(truncatingIfNeeded: state >> 56)
            let raw = UInt32(truncatingIfNeeded: state >> 16)
            image[x, y] = a << 24 | min((raw >> 16) & 0xFF, a) << 16 | min((raw >> 8) & 0xFF, a) << 8 | min(raw & 0xFF, a)
        }
    }
    return image
}

/// Opaque, every pixel different from its neighbours.
func gradientBackground(_ width: Int, _ height: Int) -> Surface {
    let surface = Surface(width: width, height: height)
    for y in 0..<height { for x in 0..<width { surface[x, y] = 0xFF00_0000 | UInt32(x * 3 & 0xFF) << 16 | UInt32(y * 5 & 0xFF) } }
    return surface
}

extension Surface {
    /// Every pixel, row by row.
    var rows: [[UInt32]] { (0..<height).map { Array(UnsafeBufferPointer(start: row($0), count: width)) } }
}
