import CExif
import FlickTestFixtures
import Foundation
import Testing
@testable import FlickRaster

/// Pictures as people give them to the kiosk: phone photos (JPEG, turned by EXIF), WebP, PNG, and files that
/// are none of those or are cut short.
@Suite struct ImageFileTests {
    private let dir: String

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-images-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = dir + "/" + name
        try ImageFixtures.write(bytes, to: path)
        return path
    }

    private typealias RGB = (UInt8, UInt8, UInt8)
    private static let (a, b, c): (RGB, RGB, RGB) = ((230, 30, 30), (30, 200, 40), (30, 40, 220))
    private static let (d, e, f): (RGB, RGB, RGB) = ((240, 220, 30), (210, 40, 200), (40, 210, 210))
    /// Six colours no turn or mirror maps onto themselves.
    private static let upright = [[a, b, c], [d, e, f]]

    /// Within what a quality-95 JPEG keeps of a flat 16-pixel block.
    private func expectColour(_ pixel: UInt32, _ colour: RGB, tolerance: Int = 12, _ what: String) {
        let got = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        #expect(pixel >> 24 == 0xFF, "\(what): opaque")
        #expect(abs(got.0 - Int(colour.0)) <= tolerance && abs(got.1 - Int(colour.1)) <= tolerance
                && abs(got.2 - Int(colour.2)) <= tolerance, "\(what): got \(got), expected \(colour)")
    }

    private func expectGrid(_ surface: Surface, _ grid: [[RGB]], _ what: String) {
        #expect(surface.width == grid[0].count * 16 && surface.height == grid.count * 16, "\(what): size")
        guard surface.width == grid[0].count * 16, surface.height == grid.count * 16 else { return }
        for (row, colours) in grid.enumerated() {
            for (column, colour) in colours.enumerated() {
                expectColour(surface[column * 16 + 8, row * 16 + 8], colour, "\(what) cell \(column),\(row)")
            }
        }
    }

    @Test func aJPEGDecodesWithItsColours() throws {
        let path = try file("photo.jpg", ImageFixtures.jpeg(width: 48, height: 32, row: ImageFixtures.rows(of: Self.upright)))
        let surface = try Surface.readImage(path: path)
        expectGrid(surface, Self.upright, "JPEG")
        #expect(surface.isKnownOpaque)
    }

    /// How each EXIF orientation stores the upright picture A B C / D E F, from the tag's definition (where the
    /// stored first row and first column are in the picture as seen), written out by hand.
    private static let stored: [UInt16: [[RGB]]] = [
        1: [[a, b, c], [d, e, f]],
        2: [[c, b, a], [f, e, d]],
        3: [[f, e, d], [c, b, a]],
        4: [[d, e, f], [a, b, c]],
        5: [[a, d], [b, e], [c, f]],
        6: [[c, f], [b, e], [a, d]],
        7: [[f, c], [e, b], [d, a]],
        8: [[d, a], [e, b], [f, c]],
    ]

    @Test(arguments: 1...8)
    func aPhotoTakenUprightShowsUpright(orientation: Int) throws {
        let grid = try #require(Self.stored[UInt16(orientation)])
        // Odd ones little-endian (most Android phones), even ones big-endian (iPhones).
        let order = orientation % 2 == 1 ? EXIF_BYTE_ORDER_INTEL : EXIF_BYTE_ORDER_MOTOROLA
        let bytes = ImageFixtures.jpeg(width: grid[0].count * 16, height: grid.count * 16, orientation: UInt16(orientation),
                                       byteOrder: order, row: ImageFixtures.rows(of: grid))
        let surface = try Surface.readImage(path: try file("turned-\(orientation).jpg", bytes))
        expectGrid(surface, Self.upright, "orientation \(orientation)")
    }

    /// A camera's 12 MP photo shown on an 800x480 panel: decoded at 2/8, not at 48 MB.
    @Test func aLargeJPEGDecodesAtTheSizeItIsShown() throws {
        var gradient: [UInt8] = []
        for x in 0..<4000 {
            let red = UInt8(x * 255 / 3999)
            gradient += [red, 128, 255 - red]
        }
        let path = try file("large.jpg", ImageFixtures.jpeg(width: 4000, height: 3000, quality: 80) { _ in gradient })
        let surface = try Surface.readImage(path: path, fitting: Size(800, 480))
        #expect(surface.width == 1000 && surface.height == 750)
        expectColour(surface[500, 375], (128, 128, 127), tolerance: 8, "the middle")
        expectColour(surface[2, 375], (0, 128, 255), tolerance: 12, "the left edge")

        // Held sideways: stored 3000x4000, seen 4000x3000, scaled by what is seen.
        let sideways = try file("sideways.jpg", ImageFixtures.jpeg(width: 3000, height: 4000, quality: 80, orientation: 6) { _ in
            [UInt8](repeating: 200, count: 9000)
        })
        let turned = try Surface.readImage(path: sideways, fitting: Size(800, 480))
        #expect(turned.width == 1000 && turned.height == 750)
        // A box larger than the photo decodes it whole.
        let small = try file("small.jpg", ImageFixtures.jpeg(width: 48, height: 32, row: ImageFixtures.rows(of: Self.upright)))
        expectGrid(try Surface.readImage(path: small, fitting: Size(1280, 800)), Self.upright, "unscaled")
    }

    @Test func aTruncatedJPEGThrowsNamingTheFile() throws {
        var seed: UInt64 = 7
        let bytes = ImageFixtures.jpeg(width: 64, height: 64) { _ in
            (0..<192).map { _ in seed = seed &* 6364136223846793005 &+ 1442695040888963407; return UInt8(seed >> 56) }
        }
        let cut = try file("cut.jpg", Array(bytes.prefix(bytes.count / 2)))
        let error = thrownError(ImageError.self) { try Surface.readImage(path: cut) }
        #expect(error?.description.hasPrefix("\(cut): damaged JPEG (Premature end of JPEG file)") == true, "\(String(describing: error))")
        #expect(error?.description.split(separator: "\n").count == 1)

        let header = try file("header.jpg", Array(bytes.prefix(40)))
        let headerError = thrownError(ImageError.self) { try Surface.readImage(path: header) }
        #expect(headerError?.description.hasPrefix("\(header): not a readable JPEG (") == true, "\(String(describing: headerError))")
    }

    @Test func aCMYKJPEGSaysToSaveItAsRGB() throws {
        let path = try file("print.jpg", ImageFixtures.jpeg(width: 16, height: 16, cmyk: true) { _ in [UInt8](repeating: 60, count: 64) })
        let error = thrownError(ImageError.self) { try Surface.readImage(path: path) }
        #expect(error?.description == "\(path): a CMYK JPEG (made for print): save it as an RGB JPEG")
    }

    @Test func aWebPDecodesPremultiplied() throws {
        let straight: [UInt32] = [0xFF20_40C0, 0x8000_FF00, 0x0000_0000, 0xFFFF_FFFF, 0x40FF_0000, 0xFF00_0000]
        let path = try file("picture.webp", ImageFixtures.losslessWebP(straight, width: 3, height: 2))
        let surface = try Surface.readImage(path: path)
        #expect(surface.width == 3 && surface.height == 2)
        for (i, pixel) in straight.enumerated() {
            let alpha = Int(pixel >> 24), got = surface[i % 3, i / 3]
            func channel(_ p: UInt32, _ shift: UInt32) -> Int { Int(p >> shift & 0xFF) }
            let expected = [alpha] + [16, 8, 0].map { channel(pixel, $0) * alpha / 255 }
            let close = zip([24, 16, 8, 0].map { channel(got, $0) }, expected).allSatisfy { abs($0 - $1) <= 1 }
            #expect(close, "pixel \(i): got \(String(got, radix: 16)), expected \(expected)")
        }
        #expect(!surface.isKnownOpaque)
    }

    @Test func aLargeWebPDecodesAtTheSizeItIsShownAndACutOneThrows() throws {
        let pixels = (0..<(400 * 300)).map { (i: Int) -> UInt32 in 0xFF00_0000 | UInt32(i % 400 * 255 / 399) << 16 }
        let bytes = ImageFixtures.losslessWebP(pixels, width: 400, height: 300)
        let surface = try Surface.readImage(path: try file("large.webp", bytes), fitting: Size(100, 100))
        #expect(surface.width == 100 && surface.height == 75)
        #expect(surface.isKnownOpaque)
        let cut = try file("cut.webp", Array(bytes.prefix(bytes.count / 2)))
        let error = thrownError(ImageError.self) { try Surface.readImage(path: cut) }
        #expect(error?.description.hasPrefix("\(cut): not a readable WebP (truncated)") == true, "\(String(describing: error))")
    }

    @Test func theFormatIsTakenFromTheBytesNotTheName() throws {
        let png = Surface(width: 3, height: 2)
        png.clear(to: 0xFF12_3456)
        let path = dir + "/really-a-png.jpg"
        try png.writePNG(path: path)
        let read = try Surface.readImage(path: path)
        #expect(read.width == 3 && read[2, 1] == 0xFF12_3456 && read.isKnownOpaque)

        let jpeg = try file("really-a-jpeg.png", ImageFixtures.jpeg(width: 48, height: 32, row: ImageFixtures.rows(of: Self.upright)))
        expectGrid(try Surface.readImage(path: jpeg), Self.upright, "JPEG named .png")
    }

    @Test func aFileThatIsNoPictureSaysWhichFormatsAreRead() throws {
        let gif = try file("anim.gif", Array("GIF89a\u{1}\0\u{1}\0".utf8))
        let error = thrownError(ImageError.self) { try Surface.readImage(path: gif) }
        #expect(error?.description == "\(gif): not a PNG, JPEG or WebP picture (the formats Flick reads)")
    }

    /// Sizes are refused from the header, before anything is decoded: a side over 16384, or over 64 megapixels.
    @Test(arguments: [(9000, 9000), (20000, 16), (16, 16385)])
    func anAbsurdlyLargePictureIsRefused(width: Int, height: Int) throws {
        var bytes = ImageFixtures.jpeg(width: 16, height: 16) { _ in [UInt8](repeating: 90, count: 48) }
        // The baseline frame header (SOF0): FF C0, length, precision, then height and width, big-endian.
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        let path = try file("huge.jpg", bytes)
        let error = thrownError(ImageError.self) { try Surface.readImage(path: path) }
        #expect(error?.description == "\(path): unsupported size \(width)x\(height) (at most 16384 on a side and 64 megapixels: scale it down)")
    }
}
