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
