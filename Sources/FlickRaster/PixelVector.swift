/// Four premultiplied pixels at a time. x86-64's baseline (SSE2) has 16-bit lane multiplies but no
/// 32-bit ones, so channels are multiplied as the 16-bit halves of each pixel: B and R in the low bytes,
/// G and A in the high bytes. Same rounding as `scalePixel`; the scalar loops finish the tails.
typealias Pixels4 = SIMD4<UInt32>

@inline(__always)
func scalePixels(_ p: Pixels4, by a: Pixels4) -> Pixels4 {
    let a16 = unsafeBitCast(a | (a &<< 16), to: SIMD8<UInt16>.self)
    let p16 = unsafeBitCast(p, to: SIMD8<UInt16>.self)
    var rb = (p16 & 0x00FF) &* a16 &+ 0x0080
    rb = (rb &+ (rb &>> 8)) &>> 8
    var ag = (p16 &>> 8) &* a16 &+ 0x0080
    ag = (ag &+ (ag &>> 8)) & 0xFF00
    return unsafeBitCast(rb | ag, to: Pixels4.self)
}

/// `fadePixel` four at a time: 16-bit lanes hold the weighted sums, which never pass 255 × 256.
@inline(__always)
func lerpPixels(_ s: Pixels4, _ d: Pixels4, weight: UInt32) -> Pixels4 {
    let a = UInt16(weight), a16 = SIMD8<UInt16>(repeating: a), inv16 = SIMD8<UInt16>(repeating: 256 &- a)
    let s16 = unsafeBitCast(s, to: SIMD8<UInt16>.self), d16 = unsafeBitCast(d, to: SIMD8<UInt16>.self)
    let rb = ((s16 & 0x00FF) &* a16 &+ (d16 & 0x00FF) &* inv16) &>> 8
    let ag = ((s16 &>> 8) &* a16 &+ (d16 &>> 8) &* inv16) & 0xFF00
    return unsafeBitCast(rb | ag, to: Pixels4.self)
}

@inline(__always)
func sourceOver(_ s: Pixels4, _ d: Pixels4) -> Pixels4 {
    s &+ scalePixels(d, by: Pixels4(repeating: 255) &- (s &>> 24))
}

@inline(__always)
func loadPixels(_ p: UnsafePointer<UInt32>) -> Pixels4 {
    UnsafeRawPointer(p).loadUnaligned(as: Pixels4.self)
}

@inline(__always)
func storePixels(_ v: Pixels4, _ p: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: Pixels4.self)
}

/// Four coverage bytes widened to one per pixel lane.
@inline(__always)
func loadCoverage(_ c: UnsafePointer<UInt8>) -> Pixels4 {
    let w = UInt32(littleEndian: UnsafeRawPointer(c).loadUnaligned(as: UInt32.self))
    return Pixels4(w & 0xFF, (w >> 8) & 0xFF, (w >> 16) & 0xFF, w >> 24)
}

/// `lerp16` four pixels at a time: the halving steps as 16 byte lanes.
@inline(__always)
func lerp16Pixels(_ a: Pixels4, _ b: Pixels4, _ k: UInt32) -> Pixels4 {
    let a8 = unsafeBitCast(a, to: SIMD16<UInt8>.self), b8 = unsafeBitCast(b, to: SIMD16<UInt8>.self)
    var r = a8
    for i in 0..<4 { r = averageUp(r, (k >> UInt32(i)) & 1 != 0 ? b8 : a8) }
    return unsafeBitCast(r, to: Pixels4.self)
}

/// `lerp16` four pixels at a time, each by its own k.
@inline(__always)
func lerp16Pixels(_ a: Pixels4, _ b: Pixels4, lanes k: SIMD4<UInt32>) -> Pixels4 {
    let a8 = unsafeBitCast(a, to: SIMD16<UInt8>.self), b8 = unsafeBitCast(b, to: SIMD16<UInt8>.self)
    var r = a8
    for i in 0..<4 {
        // Every byte of a lane whose bit i of k is set.
        let chosen = unsafeBitCast(SIMD4<UInt32>.zero &- ((k &>> UInt32(i)) & 1), to: SIMD16<UInt8>.self)
        r = averageUp(r, (b8 & chosen) | (a8 & ~chosen))
    }
    return unsafeBitCast(r, to: Pixels4.self)
}

@inline(__always)
private func averageUp(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> { (a | b) &- ((a ^ b) &>> 1) }
