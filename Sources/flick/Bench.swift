import ArgumentParser
import FlickKiosk
import FlickBench
import FlickText

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time raster operations and kiosk page frames against memset/memcpy of one frame, and a config edit applied against the frame interval.",
        discussion: "The pixman and cairo comparison is a separate program, flick-bench-pixman: scripts/bench builds both in release mode and runs them. A live kiosk's message-to-screen latency and idle CPU are measured across processes, with a broker: scripts/bench-live.")

    @Option(parsing: .upToNextOption, help: "Frame sizes for the raster operations, WIDTHxHEIGHT.")
    var sizes: [FrameSizeArgument] = [FrameSizeArgument(argument: "1280x800")!, FrameSizeArgument(argument: "1920x1080")!]

    @Option(help: "Frame size for the page figures.")
    var pageSize = FrameSizeArgument(argument: "1920x1080")!

    @Option(help: "The kiosk config the page figures use (default: the bundled tour).")
    var config: String?

    @Flag(help: "Only the page figures.")
    var pagesOnly = false

    @Option(help: "Only the page figures whose name contains this text (any case), e.g. \"photo card\".")
    var only: String?

    @Option(help: ArgumentHelp("Draw this many frames of the one frame figure --only names, untimed, and nothing else.",
                               discussion: "For an instruction counter: two runs with different counts leave what the frames between cost, set-up cancelled out (scripts/bench-arm64)."))
    var drawFrames: Int?

    @Flag(help: "With --draw-frames: draw the figure's reference (a frame's memcpy, or the XRGB8888 scan-out copy) instead.")
    var reference = false

    func validate() throws {
        guard let drawFrames else {
            if reference { throw ValidationError("--reference goes with --draw-frames") }
            return
        }
        if drawFrames < 0 { throw ValidationError("--draw-frames \(drawFrames): give a count of frames, 0 or more") }
        if only == nil { throw ValidationError("--draw-frames needs --only naming one frame figure, e.g. --only \"cross-fade\"") }
    }

    func run() throws {
        #if DEBUG
        print("note: this is a debug build; figures mean little. Use: scripts/bench (a release build)")
        #endif
        let fonts = try FontCollection()
        if !pagesOnly && drawFrames == nil {
            print(RasterBenchmark.header())
            RasterBenchmark.run(sizes: sizes.map { FrameSize($0.width, $0.height) }, fonts: fonts) {
                print(RasterBenchmark.format($0))
            }
            print("")
        }
        guard let path = config ?? KioskConfig.defaultTourPath() else {
            throw ValidationError("no kiosk config for the page figures: pass --config FILE")
        }
        let pages = PageBenchmark(width: pageSize.width, height: pageSize.height,
                                  config: try KioskConfig.loadOrExit(path: path), configPath: path, fonts: fonts, only: only)
        if let drawFrames, let only {
            let named = try pages.frameFigureNames()
            guard named.count == 1 else {
                printToStandardError(["flick bench: --draw-frames: --only '\(only)' names \(named.count) frame figures"
                    + (named.isEmpty ? "" : " (\(named.joined(separator: "; ")))") + ": give a part of one name printed without --only"])
                throw ExitCode(2)
            }
            try pages.drawFrames(drawFrames, of: named[0], reference: reference)
            print("drew \(drawFrames) frames of \(reference ? "the reference of " : "")\(named[0])")
            return
        }
        print("pages at \(pageSize.width)x\(pageSize.height) (\(path))")
        var reported = 0
        func report(_ figure: PageBenchmark.Figure) {
            reported += 1
            print("  \(figure.name): \(figure.value)   target \(figure.target)\(figure.met.map { $0 ? ": met" : ": MISSED" } ?? "")")
        }
        try pages.run(report: report)
        try ReloadBenchmark(fonts: fonts, only: only).run(report: report)
        if let only, reported == 0 {
            printToStandardError(["flick bench: --only '\(only)' names no page figure: give a part of a name printed without --only"])
            throw ExitCode(2)
        }
    }
}
