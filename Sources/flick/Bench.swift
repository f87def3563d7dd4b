import ArgumentParser
import FlickBench
import FlickText

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time the raster operations per frame against memset/memcpy of one frame.",
        discussion: "The pixman comparison is a separate program: swift run -c release flick-bench-pixman")

    @Option(parsing: .upToNextOption, help: "Frame sizes, WIDTHxHEIGHT.")
    var sizes: [FrameSizeArgument] = [FrameSizeArgument(argument: "1280x800")!, FrameSizeArgument(argument: "1920x1080")!]

    func run() throws {
        #if DEBUG
        print("note: this is a debug build; figures mean little. Use: swift run -c release flick bench")
        #endif
        print(RasterBenchmark.header(referenceName: nil))
        try RasterBenchmark.run(sizes: sizes.map { FrameSize($0.width, $0.height) }, fonts: FontCollection()) {
            print(RasterBenchmark.format($0, withReference: false))
        }
    }
}
