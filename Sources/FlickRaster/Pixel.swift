/// Premultiplied 8-bit pixel arithmetic, two channels per 32-bit multiply.
/// Exact x·a/255 rounding (the pixman/skia "div255" trick) so repeated compositing does not drift.
@inlinable @inline(__always)
package func scalePixel(_ p: UInt32, by a: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

/// Porter-Duff source-over of premultiplied pixels.
@inlinable @inline(__always)
package func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    src &+ scalePixel(dst, by: 255 &- (src >> 24))
}

/// Linear interpolation dst → src by coverage: source-copy under partial coverage.
@inlinable @inline(__always)
package func lerpPixel(_ src: UInt32, _ dst: UInt32, coverage c: UInt32) -> UInt32 {
    scalePixel(src, by: c) &+ scalePixel(dst, by: 255 &- c)
}

/// A cross-fade step from `dst` toward `src` by `alpha` (0...255): the weights sum to 256, so each channel
/// takes one multiply-add pair and a shift, no division. Exact at 0 and 255; in between it may differ from
/// `lerpPixel` by up to two levels, which a frame of a fade never shows.
@inlinable @inline(__always)
package func fadePixel(_ src: UInt32, _ dst: UInt32, alpha: UInt32) -> UInt32 {
    let a = alpha &+ (alpha >> 7), inv = 256 &- a
    let rb = (((src & 0x00FF_00FF) &* a &+ (dst & 0x00FF_00FF) &* inv) >> 8) & 0x00FF_00FF
    let ag = (((src >> 8) & 0x00FF_00FF) &* a &+ ((dst >> 8) & 0x00FF_00FF) &* inv) & 0xFF00_FF00
    return rb | ag
}

/// The mean of a and b per channel, rounded up: x86's pavgb, ARM's urhadd, four channels at once.
@inline(__always)
func averageUp(_ a: UInt32, _ b: UInt32) -> UInt32 { (a | b) &- (((a ^ b) >> 1) & 0x7F7F_7F7F) }

/// a + (b − a)·k/16 per channel, k in 0...15, as four halving steps, each rounding up: the lowest bit of k
/// first, each step halving the way toward b where its bit is set and toward a where it is not. What a turned
/// image's shears move rows and columns by: a step costs one instruction for eight pixels where a multiply
/// by an 8-bit weight costs a dozen, and a sixteenth of a pixel is finer than a moving picture shows.
@inline(__always)
func lerp16(_ a: UInt32, _ b: UInt32, _ k: UInt32) -> UInt32 {
    var r = a
    for i in 0..<4 { r = averageUp(r, (k >> UInt32(i)) & 1 != 0 ? b : a) }
    return r
}
