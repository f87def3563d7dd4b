import Foundation
import Testing
@testable import FlickRaster

/// Full-screen surfaces start on a huge-page boundary (a fresh layer faults four huge pages, not thousands of
/// small ones), start transparent, and can be written to their last pixel.
@Suite struct SurfaceMemoryTests {
    @Test(arguments: [(1920, 1080), (1024, 768), (800, 480), (100, 100)])
    func surfacesStartClearAndBigOnesOnAHugePage(_ width: Int, _ height: Int) {
        let surface = Surface(width: width, height: height)
        let address = Int(bitPattern: surface.row(0))
        if width * height * 4 >= Surface.hugePage {
            #expect(address % Surface.hugePage == 0, "\(width)x\(height) at \(address)")
        }
        #expect(surface[0, 0] == 0 && surface[width - 1, height - 1] == 0)
        surface[width - 1, height - 1] = 0xFF12_3456
        #expect(surface[width - 1, height - 1] == 0xFF12_3456)
    }

    @Test func manySurfacesComeAndGoWithoutKeepingTheirPages() throws {
        // Two hundred written full-screen surfaces are 1.6 GB: if any kept their pages, the process would grow.
        let before = try residentBytes()
        for i in 0..<200 {
            let surface = Surface(width: 1920, height: 1080)
            surface.clear(to: UInt32(i))
            #expect(surface[1919, 1079] == UInt32(i))
        }
        #expect(try residentBytes() - before < 100 << 20)
    }

    private func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return Int(statm[1])! * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
