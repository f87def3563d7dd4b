/// Premultiplied 8-bit pixel arithmetic, two channels per 32-bit multiply.
/// Exact x·a/255 rounding (the pixman/skia "div255" trick) so repeated compositing does not drift.
@inlinable @inline(__always)
public func scalePixel(_ p: UInt32, by a: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

/// Porter-Duff source-over of premultiplied pixels.
@inlinable @inline(__always)
public func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    src &+ scalePixel(dst, by: 255 &- (src >> 24))
}

/// Linear interpolation dst → src by coverage: source-copy under partial coverage.
@inlinable @inline(__always)
public func lerpPixel(_ src: UInt32, _ dst: UInt32, coverage c: UInt32) -> UInt32 {
    scalePixel(src, by: c) &+ scalePixel(dst, by: 255 &- c)
}

/// A cross-fade step from `dst` toward `src` by `alpha` (0...255): the weights sum to 256, so each channel
/// takes one multiply-add pair and a shift, no division. Exact at 0 and 255; in between it may differ from
/// `lerpPixel` by up to two levels, which a frame of a fade never shows.
@inlinable @inline(__always)
public func fadePixel(_ src: UInt32, _ dst: UInt32, alpha: UInt32) -> UInt32 {
    let a = alpha &+ (alpha >> 7), inv = 256 &- a
    let rb = (((src & 0x00FF_00FF) &* a &+ (dst & 0x00FF_00FF) &* inv) >> 8) & 0x00FF_00FF
    let ag = (((src >> 8) & 0x00FF_00FF) &* a &+ ((dst >> 8) & 0x00FF_00FF) &* inv) & 0xFF00_FF00
    return rb | ag
}
