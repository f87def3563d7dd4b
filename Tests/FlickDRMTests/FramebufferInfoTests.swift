import Testing
import FlickDisplay
@testable import FlickDRM

@Suite struct FramebufferInfoTests {
    private func info(bpp: Int, red: (Int, Int), green: (Int, Int), blue: (Int, Int), virtualHeight: Int = 768,
                      lineLength: Int? = nil) -> FramebufferInfo {
        let line = lineLength ?? 1024 * bpp / 8
        return FramebufferInfo(driver: "VESA VGA", width: 1024, height: 768, virtualHeight: virtualHeight, bitsPerPixel: bpp,
                               red: .init(offset: red.0, length: red.1), green: .init(offset: green.0, length: green.1),
                               blue: .init(offset: blue.0, length: blue.1), lineLength: line,
                               memoryLength: line * virtualHeight)
    }

    @Test func theBitFieldsNameTheFormat() {
        #expect(info(bpp: 32, red: (16, 8), green: (8, 8), blue: (0, 8)).format == .xrgb8888)
        #expect(info(bpp: 32, red: (0, 8), green: (8, 8), blue: (16, 8)).format == .xbgr8888)
        #expect(info(bpp: 24, red: (16, 8), green: (8, 8), blue: (0, 8)).format == .rgb888)
        #expect(info(bpp: 24, red: (0, 8), green: (8, 8), blue: (16, 8)).format == .bgr888)
        #expect(info(bpp: 16, red: (11, 5), green: (5, 6), blue: (0, 5)).format == .rgb565)
        // RGB555 and a palette are not drawn.
        #expect(info(bpp: 16, red: (10, 5), green: (5, 5), blue: (0, 5)).format == nil)
        #expect(info(bpp: 8, red: (0, 8), green: (0, 8), blue: (0, 8)).format == nil)
    }

    @Test func whatIsWrongIsSaidInWords() {
        let vesa = info(bpp: 32, red: (16, 8), green: (8, 8), blue: (0, 8))
        #expect(vesa.problem == nil)
        #expect(vesa.description == "VESA VGA 1024x768 32 bpp (XRGB8888)")
        let rgb555 = info(bpp: 16, red: (10, 5), green: (5, 5), blue: (0, 5))
        #expect(rgb555.problem?.hasPrefix("pixel layout 16 bpp r5@10 g5@5 b5@0 is not one Flick draws") == true)
        let short = info(bpp: 16, red: (11, 5), green: (5, 6), blue: (0, 5), lineLength: 1000)
        #expect(short.problem == "memory (768000 bytes, 1000 a row) does not hold a 1024x768 frame")
    }

    @Test func panningNeedsTwoFramesOfMemory() {
        #expect(!info(bpp: 32, red: (16, 8), green: (8, 8), blue: (0, 8)).canPan)
        #expect(info(bpp: 32, red: (16, 8), green: (8, 8), blue: (0, 8), virtualHeight: 1536).canPan)
    }
}
