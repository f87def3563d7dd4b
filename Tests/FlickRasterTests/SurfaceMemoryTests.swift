import Foundation
import Testing
@testable import FlickRaster

/// Full-screen surfaces start on a huge-page boundary (a fresh layer faults four huge pages, not thousands of
/// small ones), start transparent even on the pages of the last one to go, and can be written to their last pixel.
@Suite struct SurfaceMemoryTests {
    @Test(arguments: [(1920, 1080), (1024, 768), (800, 480), (100, 100)])
    func surfacesStartClearAndBigOnesOnAHugePage(_ width: Int, _ height: Int) {
        let surface = Surface(width: width, height: height)
        let address = Int(bitPattern: surface.row(0))
        if width * height * 4 >= SurfacePages.hugePage {
            #expect(address % SurfacePages.hugePage == 0, "\(width)x\(height) at \(address)")
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

    @Test func theNextPagesOfTheSameSizeAreTheLastOnesCleared() throws {
        let pages = SurfacePages(), bytes = 1280 * 800 * 4
        let first = try #require(pages.take(bytes))
        memset(first, 0x5A, bytes)
        pages.give(first, bytes: bytes)
        let again = try #require(pages.take(bytes))
        #expect(again == first)
        let words = again.bindMemory(to: UInt64.self, capacity: bytes / 8)
        #expect((0..<(bytes / 8)).allSatisfy { words[$0] == 0 }, "a surface starts transparent, whoever had its pages")
        pages.give(again, bytes: bytes)
        // Another size: the kept pages go (unmapped), and new ones of that size come, zeroed by the kernel.
        let other = try #require(pages.take(bytes * 2))
        #expect(Int(bitPattern: other) % SurfacePages.hugePage == 0)
        #expect(other.load(fromByteOffset: bytes * 2 - 8, as: UInt64.self) == 0)
        pages.give(other, bytes: bytes * 2)
    }

    @Test func aRowSizedSurfaceKeepsItsPagesBesideAFullScreenOnes() throws {
        // A list's row re-rendered as it scrolls in takes the pages of the row that left, and a page's layer let
        // go in between still finds its own.
        let pages = SurfacePages(), screen = 1280 * 800 * 4, row = 1920 * 48 * 4
        let first = try #require(pages.take(screen)), line = try #require(pages.take(row))
        memset(line, 0x5A, row)
        pages.give(first, bytes: screen)
        pages.give(line, bytes: row)
        let nextLine = try #require(pages.take(row)), again = try #require(pages.take(screen))
        #expect(nextLine == line && again == first)
        #expect(nextLine.load(fromByteOffset: row - 8, as: UInt64.self) == 0, "cleared for its next surface")
        memset(nextLine, 0x5A, row)
        pages.give(nextLine, bytes: row)
        // A screen-sized surface made lets the row's pages go: the next row's come from the kernel, zeroed.
        let screenAgain = try #require(pages.take(screen))
        let fresh = try #require(pages.take(row, cleared: false))
        #expect(fresh.load(fromByteOffset: row - 8, as: UInt64.self) == 0)
        pages.give(fresh, bytes: row)
        pages.give(screenAgain, bytes: screen)
        pages.give(again, bytes: screen)
    }

    private func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return Int(statm[1])! * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
