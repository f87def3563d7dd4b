import Foundation
import Testing

/// The UI stack and the kiosk run without a board's libraries: `flick-fuzz` (the kiosk, FlickUI and the headless
/// loop, nothing of FlickBoard) loads none of libdrm, libudev, libinput or xkbcommon, as `ldd` sees it, directly or
/// through another library; `flick`, which runs on boards, loads them all.
@Test func theKioskAndTheUILoadNoneOfABoardsLibraries() throws {
    let boardLibraries = ["libdrm.so", "libudev.so", "libinput.so", "libxkbcommon.so"]
    let directory = URL(fileURLWithPath: FlickCommand.path).deletingLastPathComponent()
    func loaded(_ binary: String) throws -> String {
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [directory.appendingPathComponent(binary).path]
        let out = Pipe()
        ldd.standardOutput = out
        try ldd.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        try #require(ldd.terminationStatus == 0, "ldd \(binary) failed: build it first (swift build --build-tests does)")
        return text
    }
    let kiosk = try loaded("flick-fuzz"), board = try loaded("flick")
    for library in boardLibraries {
        #expect(!kiosk.contains(library), "the kiosk loads \(library)")
        #expect(board.contains(library), "flick no longer loads \(library): is this test still looking at the right thing?")
    }
}
