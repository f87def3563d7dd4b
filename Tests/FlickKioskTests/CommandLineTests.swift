import FlickRaster
import FlickTestFixtures
import Foundation
import Testing

/// `flick` from outside, as an operator types it: what `--help` shows and what a mistyped command gets.
@Suite struct CommandLineTests {
    private func flick(_ arguments: [String], in directory: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try FlickCommand.run(arguments, in: directory)
    }

    /// Help wraps to the terminal's width: compare with single spaces.
    private func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(arguments: ["run", "render", "record-touches"])
    func theSizeOptionShowsItsDefaultAsTyped(command: String) throws {
        let help = try flick([command, "--help"])
        #expect(help.status == 0)
        #expect(unwrapped(help.out).contains(command == "record-touches" ? "(default: 1280x800)" : "(default: the config's display.mode, else 1280x800)"))
        #expect(!help.out.contains("FrameSizeArgument"))
    }

    /// A preview shows what the panel the config describes shows: its mode, turned by its rotation; flags win.
    /// Board.run's way off a board, as flick run takes it: no display is a notice and a headless run, but under
    /// systemd (INVOCATION_ID) one line and exit 1, as a service without a screen must not quietly succeed.
    @Test func withoutADisplayRunIsHeadlessExceptUnderSystemd() throws {
        let devices = ["/dev/dri", "/dev/fb0"].filter { FileManager.default.fileExists(atPath: $0) }
        guard devices.isEmpty else { return }  // a machine with a display runs on it instead
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flick-nodisplay-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let arguments = ["run", "--app", "todo", "--state-dir", dir, "--size", "320x240", "--no-out"]
        let headless = try FlickCommand.run(arguments)
        #expect(headless.status == 0)
        #expect(headless.err.contains("no display device (no /dev/dri/card*, no /dev/fb*): running headless"))
        let service = try FlickCommand.run(arguments, environment: ["INVOCATION_ID": "0123"])
        #expect(service.status == 1)
        #expect(service.err.hasSuffix("no display device (no /dev/dri/card*, no /dev/fb*): load the GPU or panel driver, or run headless on purpose\n"))
        #expect(service.err.split(separator: "\n").count == 1)
    }

    @Test func previewsTakeTheConfigsModeAndRotation() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"display": {"mode": "480x320", "rotation": 90}, "pages": [{"id": "a", "content": {"type": "text", "title": "A", "body": ""}}]}"#
            .write(toFile: directory + "/portrait.json", atomically: true, encoding: .utf8)
        func size(_ file: String) throws -> String {
            let image = try Surface.readPNG(path: directory + "/" + file)
            return "\(image.width)x\(image.height)"
        }
        #expect(try flick(["render", "--config", "portrait.json", "--out", "r.png"], in: directory).status == 0)
        #expect(try size("r.png") == "320x480")
        #expect(try flick(["run", "--headless", "--config", "portrait.json", "--out", "h.png"], in: directory).status == 0)
        #expect(try size("h.png") == "320x480")
        #expect(try flick(["render", "--config", "portrait.json", "--rotation", "0", "--out", "f.png"], in: directory).status == 0)
        #expect(try size("f.png") == "480x320")
        #expect(try flick(["run", "--headless", "--config", "portrait.json", "--size", "200x100", "--out", "s.png"], in: directory).status == 0)
        #expect(try size("s.png") == "100x200")
    }

    @Test func benchShowsItsDefaultSizesAsTyped() throws {
        let help = unwrapped(try flick(["bench", "--help"]).out)
        #expect(help.contains("(default: 1280x800, 1920x1080)"))
        #expect(help.contains("Frame size for the page figures. (default: 1920x1080)"))
    }

    @Test func anUnknownCommandIsNamedAndTheCommandsListed() throws {
        let result = try flick(["frobnicate"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == """
            flick: unknown command 'frobnicate'
            commands: run (default), render, check, devices, record-touches, remote, bench (see 'flick --help')

            """)
    }

    @Test func aBenchFilterThatNamesNoFigureSaysSoEscapedAndFails() throws {
        let result = try flick(["bench", "--pages-only", "--page-size", "64x40", "--only", "no such\u{1B}[2J figure"])
        #expect(result.status == 2)
        #expect(result.err == "flick bench: --only 'no such\\u{1B}[2J figure' names no page figure: give a part of a name printed without --only\n")
    }

    /// What an instruction counter runs: the frames of one figure and nothing else, no table, no other figure.
    @Test(arguments: [false, true])
    func drawFramesDrawsOneFiguresFramesAndNothingElse(reference: Bool) throws {
        let result = try flick(["bench", "--page-size", "64x40", "--only", "cross-fade", "--draw-frames", "3"] + (reference ? ["--reference"] : []))
        #expect(result.status == 0)
        // A debug build (the tests') says first that its figures mean little.
        let lines = result.out.split(separator: "\n").filter { !$0.hasPrefix("note: this is a debug build") }.map(String.init)
        let drawn = "drew 3 frames of " + (reference ? "the reference of " : "") + "cross-fade, two full-screen layers"
        #expect(lines == [drawn])
    }

    @Test func drawFramesNeedsAFilterThatNamesOneFrameFigure() throws {
        let two = try flick(["bench", "--page-size", "64x40", "--only", "photo card", "--draw-frames", "3"])
        #expect(two.status == 2)
        #expect(two.err == "flick bench: --draw-frames: --only 'photo card' names 2 frame figures (photo card follows the finger (held off-centre, turning); photo card flung off (its flight, the next card coming forward)): give a part of one name printed without --only\n")
        let none = try flick(["bench", "--page-size", "64x40", "--only", "start-up", "--draw-frames", "3"])
        #expect(none.status == 2)
        #expect(none.err == "flick bench: --draw-frames: --only 'start-up' names 0 frame figures: give a part of one name printed without --only\n")
        let unfiltered = try flick(["bench", "--draw-frames", "3"])
        #expect(unfiltered.status == 64)
        #expect(unfiltered.err.contains("--draw-frames needs --only naming one frame figure"))
        let alone = try flick(["bench", "--reference"])
        #expect(alone.status == 64)
        #expect(alone.err.contains("--reference goes with --draw-frames"))
    }

    @Test func anUnknownCommandIsEchoedWithItsControlCharactersEscaped() throws {
        let result = try flick(["fro\u{1B}[2J\nb\u{202E}"])
        #expect(result.status == 64)
        #expect(result.err.hasPrefix("flick: unknown command 'fro\\u{1B}[2J\\nb\\u{202E}'\n"))
    }

    @Test func aNegativeUntilSaysItMustBeMillisecondsFromZero() throws {
        let result = try flick(["run", "--headless", "--until", "-5"])
        #expect(result.status == 64)
        #expect(result.err.contains("--until must be milliseconds from 0 to 1000000000000, not -5.0"))
    }

    @Test func aFrameWrittenIntoAMissingFolderNamesTheFileAndTheFolder() throws {
        let result = try flick(["render", "--size", "64x40", "--out", "/nonexistent/x.png"])
        #expect(result.status != 0)
        #expect(result.err.contains("/nonexistent/x.png: the folder /nonexistent does not exist: create it or write elsewhere"))
        #expect(!result.err.contains(".tmp-"))
    }

    /// What only the board can check (the keyboard layout) and the pictures are reported together, one line each.
    @Test func checkReportsABoardProblemBesideADamagedPicture() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: directory + "/bad.png"))
        try #"{"input": {"keyboard": "zz"}, "pages": [{"id": "a", "content": {"type": "photos", "images": ["bad.png"]}}]}"#
            .write(toFile: directory + "/k.json", atomically: true, encoding: .utf8)
        let result = try flick(["check", "k.json"], in: directory)
        #expect(result.status == 2)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.hasPrefix("k.json: input.keyboard: expected a keyboard layout XKB has") })
        #expect(lines.contains { $0.hasPrefix("k.json: pages[0].content.images[0]: ") })
    }

    @Test func checkCountsOnePageAsOnePage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"pages": [{"id": "a", "content": {"type": "todo"}}]}"#.write(toFile: directory + "/one.json", atomically: true, encoding: .utf8)
        let result = try flick(["check", "one.json"], in: directory)
        #expect(result.status == 0)
        #expect(result.out == "one.json: ok (1 page)\n")
    }

    @Test func checkRefusesTwoTodoPagesSharingOneListDifferentlyInOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"pages": [{"id": "a", "content": {"type": "todo"}}, {"id": "b", "content": {"type": "todo", "title": "B", "share": false}}]}"#
            .write(toFile: directory + "/two.json", atomically: true, encoding: .utf8)
        let result = try flick(["check", "two.json"], in: directory)
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == #"two.json: pages[1].content.share: the to-do list "todo" is shared otherwise by pages[0].content: give both pages the same "share", or one of them a "list" of its own"# + "\n")
    }

    @Test func optionsWithoutACommandStillGoToRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try flick(["--showcase", "--headless", "--size", "64x40", "--out", "shot.png"], in: directory)
        #expect(result.status == 0)
        #expect(result.out.contains("Flick ran headless (64x40"))
        #expect(FileManager.default.fileExists(atPath: directory + "/shot.png"))

        let typo = try flick(["--bogus"])
        #expect(typo.status == 64)
        #expect(typo.err.contains("Unknown option '--bogus'"))
        #expect(typo.err.contains("flick run"))
    }
}

extension CommandLineTests {
    /// Touches after 30 s of script time were dropped without a word.
    @Test func aLongScriptPlaysWhollyAndAnUntilThatCutsItSaysSo() throws {
        let dir = try ConfigFixtures.directory([
            "late.json": #"[{"t": 45000, "type": "down", "id": 0, "x": 300, "y": 120}, {"t": 45100, "type": "move", "id": 0, "x": 20, "y": 120}, {"t": 45116, "type": "up", "id": 0}]"#,
        ])
        let tour = ConfigFixtures.tourPath
        let whole = try FlickCommand.run(["run", "--headless", "--config", tour, "--size", "320x240", "--state-dir", dir,
                                          "--script", dir + "/late.json", "--no-out"])
        #expect(whole.status == 0)
        #expect(whole.out.contains(#""page": "info""#))
        let cut = try FlickCommand.run(["run", "--headless", "--config", tour, "--size", "320x240", "--state-dir", dir,
                                        "--script", dir + "/late.json", "--no-out", "--until", "20000"])
        #expect(cut.status == 0)
        #expect(cut.out.contains(#""page": "home""#))
        #expect(cut.err.contains("the script's touches after --until 20000 ms were not played (3 frames of touches)"))
    }
}

/// Pictures as `check` and `render` meet them: the two agree on what cannot be drawn, and a phone's photo costs
/// a render what it is shown at.
extension CommandLineTests {
    @Test func aDamagedPictureMakesCheckAndRenderBothExit2NamingIt() throws {
        let dir = try ConfigFixtures.directory([
            "kiosk.json": #"{"pages": [{"id": "a", "content": {"type": "text", "title": "A", "body": "", "image": "photo.jpg"}}]}"#,
        ])
        let photo = ImageFixtures.cameraJPEG(width: 320, height: 240)
        try Data(photo.prefix(photo.count / 2)).write(to: URL(fileURLWithPath: dir + "/photo.jpg"))
        let line = "\(dir)/kiosk.json: pages[0].content.image: \(dir)/photo.jpg: damaged JPEG (Premature end of JPEG file)"

        let check = try FlickCommand.run(["check", dir + "/kiosk.json"])
        #expect(check.status == 2)
        #expect(check.err.split(separator: "\n").map(String.init) == [line + ": save it again or replace it"])

        let render = try FlickCommand.run(["render", "--config", dir + "/kiosk.json", "--size", "320x240", "--out", dir + "/page.png"])
        #expect(render.status == 2)
        #expect(render.err.split(separator: "\n").map(String.init) == [line + ": save it again or replace it"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/page.png"), "no picture with a blank where the photo goes")
    }

    /// A 12 MP photo decoded whole is 48 MB; shown in a 1280x800 photo stack it is decoded at 2/8 (1008x756).
    @Test func aPhoneSizedPhotoCostsARenderAboutWhatItIsShownAt() throws {
        let dir = try ConfigFixtures.directory([
            "large.json": #"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["large.jpg"]}}]}"#,
            "small.json": #"{"pages": [{"id": "a", "content": {"type": "photos", "images": ["small.jpg"]}}]}"#,
        ])
        try Data(ImageFixtures.cameraJPEG(width: 4032, height: 3024)).write(to: URL(fileURLWithPath: dir + "/large.jpg"))
        try Data(ImageFixtures.cameraJPEG(width: 403, height: 302)).write(to: URL(fileURLWithPath: dir + "/small.jpg"))
        func render(_ config: String) throws -> Int {
            let run = try FlickCommand.peakResidentBytes(["render", "--config", dir + "/" + config, "--size", "1280x800",
                                                          "--out", dir + "/" + config + ".png"])
            #expect(run.status == 0)
            return run.bytes
        }
        let small = try render("small.json"), large = try render("large.json")
        #expect(large - small < 12 << 20, "peak RSS \(large >> 20) MB with the 12 MP photo, \(small >> 20) MB with a small one")
    }
}
