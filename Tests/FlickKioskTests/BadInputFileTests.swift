import Foundation
import Glibc
import Testing

/// Files an integrator gets wrong or an SD card damages, given to `flick` as it is run: each gets one line naming
/// the file and the problem, nothing hangs, and nothing that is not Flick's to write is replaced.
@Suite struct BadInputFileTests {
    private func isCharacterDevice(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOAsTheConfigIsRefusedWithoutWaiting() throws {
        let dir = try ConfigFixtures.directory()
        #expect(mkfifo(dir + "/kiosk.json", 0o600) == 0)
        let result = try FlickCommand.run(["check", dir + "/kiosk.json"])
        #expect(result.status == 2)
        #expect(result.err == "\(dir)/kiosk.json: a FIFO, not a regular file\n")
    }

    @Test func checkDecodesEveryPictureAndNamesTheDamagedOnes() throws {
        let photo = try Data(contentsOf: URL(fileURLWithPath: ConfigFixtures.repoRoot + "/kiosk/photos/dawn.png"))
        let dir = try ConfigFixtures.directory([
            "kiosk.json": #"""
                {"pages": [{"id": "a", "right": "b", "content": {"type": "text", "title": "A", "body": "", "image": "good.png"}},
                           {"id": "b", "left": "a", "content": {"type": "photos", "images": ["good.png", "cut.png", "text.png"]}}]}
                """#,
            "text.png": "not a picture",
        ])
        try photo.write(to: URL(fileURLWithPath: dir + "/good.png"))
        try photo.prefix(photo.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.png"))
        let result = try FlickCommand.run(["check", dir + "/kiosk.json"])
        #expect(result.status == 2)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(dir)/kiosk.json: pages[1].content.images[1]: \(dir)/cut.png: damaged PNG data") == true)
        #expect(lines.last?.hasPrefix("\(dir)/kiosk.json: pages[1].content.images[2]: \(dir)/text.png: not a PNG, JPEG or WebP picture (the formats Flick reads)") == true)
    }

    @Test func anEmptyPictureIsAConfigError() throws {
        let dir = try ConfigFixtures.directory([
            "kiosk.json": #"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["empty.png"]}}]}"#,
            "empty.png": "",
        ])
        let result = try FlickCommand.run(["check", dir + "/kiosk.json"])
        #expect(result.status == 2)
        #expect(result.err == "\(dir)/kiosk.json: pages[0].content.images[0]: \(dir)/empty.png is empty: expected a PNG, JPEG or WebP picture\n")
    }

    /// The page shows the picture's place blank, and the log says which file once, however often it is drawn.
    @Test func aPictureDamagedAfterCheckingIsBlankAndLoggedOnce() throws {
        let photo = try Data(contentsOf: URL(fileURLWithPath: ConfigFixtures.repoRoot + "/kiosk/photos/dawn.png"))
        let dir = try ConfigFixtures.directory([
            "kiosk.json": #"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["cut.png", "cut.png"]}}]}"#,
        ])
        try photo.prefix(photo.count / 2).write(to: URL(fileURLWithPath: dir + "/cut.png"))
        let result = try FlickCommand.run(["run", "--headless", "--config", dir + "/kiosk.json", "--state-dir", dir, "--size", "320x240", "--no-out"])
        #expect(result.status == 0)
        let lines = result.err.split(separator: "\n").filter { $0.contains("cut.png") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("\(dir)/cut.png: damaged PNG data") == true)
        #expect(lines.first?.hasSuffix(": shown blank") == true)
    }

    /// As root, the old writer renamed its PNG over /dev/null (`flick bench` asked its child for `--out /dev/null`).
    @Test func theFrameIsNeverWrittenOverADevice() throws {
        let dir = try ConfigFixtures.directory()
        #expect(symlink("/dev/null", dir + "/frame.png") == 0)
        let result = try FlickCommand.run(["run", "--headless", "--app", "todo", "--state-dir", dir, "--size", "320x240",
                                           "--out", dir + "/frame.png"])
        #expect(result.status != 0)
        #expect(result.err.contains("/dev/null: a character device, not a regular file"))
        #expect(isCharacterDevice("/dev/null"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/frame.png") == "/dev/null")
    }

    @Test func noOutWritesNoImage() throws {
        let dir = try ConfigFixtures.directory()
        let result = try FlickCommand.run(["run", "--headless", "--app", "todo", "--state-dir", dir, "--size", "320x240", "--no-out"], in: dir)
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }.isEmpty)
    }

    /// A damaged font was opened only when text was first drawn, and its failure swallowed: no text, exit 0. The
    /// bundled faces are built into the binary; a theme font is the file that can be damaged.
    @Test func aDamagedOrSpecialThemeFontStopsTheKioskAtStartWithOneLine() throws {
        let font = try Data(contentsOf: URL(fileURLWithPath: ConfigFixtures.repoRoot + "/Fonts/DejaVuSans.ttf"))
        let dir = try ConfigFixtures.directory([
            "kiosk.json": #"{"theme": {"fonts": ["Theme.ttf"]}, "pages": [{"id": "a", "content": {"type": "todo"}}]}"#,
        ])
        try font.prefix(100_000).write(to: URL(fileURLWithPath: dir + "/Theme.ttf"))
        let arguments = ["run", "--headless", "--config", dir + "/kiosk.json", "--state-dir", dir, "--size", "320x240", "--no-out"]
        let truncated = try FlickCommand.run(arguments)
        #expect(truncated.status == 2)
        #expect(truncated.err.hasPrefix("\(dir)/kiosk.json: theme.fonts[0]: \(dir)/Theme.ttf: FT_Open_Face failed"))
        #expect(truncated.err.split(separator: "\n").count == 1)

        try FileManager.default.removeItem(atPath: dir + "/Theme.ttf")
        #expect(mkfifo(dir + "/Theme.ttf", 0o600) == 0)
        let fifo = try FlickCommand.run(arguments)
        #expect(fifo.status == 2)
        #expect(fifo.err == "\(dir)/kiosk.json: theme.fonts[0]: \(dir)/Theme.ttf: a FIFO, not a regular file: use a TrueType/OpenType font file\n")
    }
}
