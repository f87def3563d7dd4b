import Testing
@testable import FlickRaster

/// The ring that keeps the first pass's rows from band to band.
@Suite struct ShearRingTests {
    /// Rows written as one run past the ring's end are there at its start, and rows written before stay until
    /// the ring comes round to them.
    @Test func aRunPastTheEndGoesOnAtTheStart() throws {
        let ring = ShearRing()
        ring.reserve(bytes: 5000)
        try #require(ring.wraps, "this kernel maps memory twice (memfd_create)")
        let rowBytes = 1088, pixels = rowBytes / 4
        let rows = ring.size / rowBytes + 1 // the last runs past the end
        for n in 0..<3 { ring.row(n, rowBytes: rowBytes).update(repeating: UInt32(n), count: pixels) }
        let run = ring.row(3, rowBytes: rowBytes)
        for n in 3..<rows { (run + (n - 3) * pixels).update(repeating: UInt32(n), count: pixels) }
        let last = ring.row(rows - 1, rowBytes: rowBytes)
        #expect((0..<pixels).allSatisfy { last[$0] == UInt32(rows - 1) })
        #expect(ring.row(1, rowBytes: rowBytes)[0] == 1 && ring.row(2, rowBytes: rowBytes)[pixels - 1] == 2)
        let start = ring.row(0, rowBytes: rowBytes)
        let wrapped = (rows * rowBytes - ring.size) / 4
        #expect((0..<wrapped).allSatisfy { start[$0] == UInt32(rows - 1) } && start[wrapped] == 0)
    }

    /// Where memory is not mapped twice, every run starts at the beginning and nothing is kept.
    @Test func aPlainRunKeepsNothing() {
        let ring = ShearRing(mapsTwice: false)
        ring.reserve(bytes: 5000)
        #expect(!ring.wraps)
        #expect(ring.row(7, rowBytes: 1088) == ring.row(0, rowBytes: 1088))
        ring.row(0, rowBytes: 1088).update(repeating: 9, count: 5000 / 4)
    }
}
