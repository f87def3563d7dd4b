import FlickRaster
import FlickUI
import Foundation
import Testing

private func frame(_ width: Int, _ height: Int, square: Color?) -> Surface {
    let surface = Surface(width: width, height: height)
    let canvas = Canvas(surface: surface)
    canvas.clear(Color(hex: 0x101418))
    if let square { canvas.fill(Rect(x: 10, y: 10, width: 20, height: 20), color: square) }
    return surface
}

@Test func aGoldenFrameMatchesItselfAndAChangedOneIsShownWhereItDiffers() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-golden-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let golden = dir + "/card.png"
    try frame(64, 48, square: Color(hex: 0x3366CC)).writePNG(path: golden)
    try GoldenFrame.check(frame(64, 48, square: Color(hex: 0x3366CC)), against: golden)
    #expect(!FileManager.default.fileExists(atPath: dir + "/card.actual.png"))

    do {
        try GoldenFrame.check(frame(64, 48, square: Color(hex: 0xCC3366)), against: golden)
        Issue.record("a red square matched a blue one")
    } catch let mismatch as GoldenFrameMismatch {
        #expect(mismatch.differing == 400)
        #expect(mismatch.description.hasPrefix("400 pixels differ from \(golden) (6 may): see \(dir)/card.actual.png and \(dir)/card.diff.png"))
        let diff = try Surface.readPNG(path: dir + "/card.diff.png")
        #expect(diff[15, 15] == 0xFFFF_0000)
        #expect(diff[40, 40] != 0xFFFF_0000)
        #expect(try Surface.readPNG(path: dir + "/card.actual.png")[15, 15] == Color(hex: 0xCC3366).pixel)
    }

    do {
        try GoldenFrame.check(frame(32, 48, square: nil), against: golden)
        Issue.record("a frame of another size matched")
    } catch let mismatch as GoldenFrameMismatch {
        #expect(mismatch.description.hasPrefix("\(golden) is 64x48 but the frame is 32x48"))
    }
}
