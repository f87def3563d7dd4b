import FlickTestFixtures
import Foundation
import Testing
@testable import FlickRaster

private func temporaryDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

@Test func pngRoundTripKeepsPixels() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let s = Surface(width: 5, height: 3)
    for y in 0..<3 { for x in 0..<5 { s[x, y] = Color(red: Double(x) / 4, green: Double(y) / 2, blue: 0.3, alpha: 1).pixel } }
    s[4, 2] = Color(red: 1, green: 0, blue: 0, alpha: 0.5).pixel
    s[0, 2] = 0
    let path = dir.appendingPathComponent("a.png").path
    try s.writePNG(path: path)
    let back = try Surface.readPNG(path: path)
    #expect(back.width == 5 && back.height == 3)
    for y in 0..<3 { for x in 0..<5 { #expect(back[x, y] == s[x, y], "pixel \(x),\(y)") } }
}

@Test func truncatedPNGThrowsNamingTheFile() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let s = Surface(width: 64, height: 64)
    for y in 0..<64 { for x in 0..<64 { s[x, y] = UInt32(0xFF00_0000) | UInt32(x * 4 << 8) | UInt32(y * 3) } }
    let good = dir.appendingPathComponent("good.png").path
    try s.writePNG(path: good)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
    let cut = dir.appendingPathComponent("cut.png").path
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
    let error = thrownError(ImageError.self) { try Surface.readPNG(path: cut) }
    #expect(error?.description.hasPrefix(cut) == true)
}

@Test func garbageAndMissingFilesThrowClearErrors() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let junk = dir.appendingPathComponent("junk.png").path
    try Data("this is not a png at all".utf8).write(to: URL(fileURLWithPath: junk))
    let e1 = thrownError(ImageError.self) { try Surface.readPNG(path: junk) }
    #expect(e1?.description.contains("junk.png") == true)
    let e2 = thrownError(ImageError.self) { try Surface.readPNG(path: dir.appendingPathComponent("none.png").path) }
    #expect(e2?.description.contains("no such file") == true)
}

@Test func failedWriteLeavesTheOldFileAlone() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("x.png").path
    try Surface(width: 2, height: 2).writePNG(path: path)
    #expect(throws: ImageError.self) { try Surface(width: 2, height: 2).writePNG(path: dir.appendingPathComponent("missing/dir.png").path) }
    #expect(try Surface.readPNG(path: path).width == 2)
}

/// Premultiplying four pixels a step gives what premultiplying each on its own gives, opaque runs included.
@Test func premultiplyingFourAtATimeEqualsOneAtATime() {
    var rng = SystemRandomNumberGenerator()
    for width in [1, 3, 4, 7, 33] {
        let surface = Surface(width: width, height: 5)
        for y in 0..<5 {
            for x in 0..<width {
                surface[x, y] = y == 2 ? 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng)
                                       : UInt32.random(in: 0...UInt32.max, using: &rng)
            }
        }
        let expected = (0..<5).flatMap { y in (0..<width).map { x in
            let p = surface[x, y]
            return (p & 0xFF00_0000) | (scalePixel(p, by: p >> 24) & 0x00FF_FFFF)
        } }
        surface.premultiply()
        #expect((0..<5).flatMap { y in (0..<width).map { surface[$0, y] } } == expected, "width \(width)")
    }
}
