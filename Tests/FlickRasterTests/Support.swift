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
