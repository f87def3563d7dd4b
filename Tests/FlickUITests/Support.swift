import FlickRaster

/// How many pixels two surfaces of the same size hold differently.
func differingPixels(_ a: Surface, _ b: Surface) -> Int {
    precondition(a.width == b.width && a.height == b.height, "surfaces of different sizes")
    var differing = 0
    for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
    return differing
}
