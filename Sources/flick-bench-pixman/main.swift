import Glibc
import FlickBench
import FlickText

// `flick bench`'s raster table with pixman and cairo measured beside Flick. Built separately so the shipped
// `flick` never links either.
#if DEBUG
print("note: this is a debug build; figures mean little. Use: scripts/bench (a release build)")
#endif
do {
    let sizes = try requestedSizes()
    let references: [ReferenceRenderer] = [PixmanRenderer(), CairoRenderer()]
    print(RasterBenchmark.header(references: references.map(\.name)))
    try RasterBenchmark.run(sizes: sizes, fonts: FontCollection(), references: references) {
        print(RasterBenchmark.format($0))
    }
} catch {
    print("flick-bench-pixman: \(error)")
    exit(1)
}

struct UsageError: Error, CustomStringConvertible {
    let description = "usage: flick-bench-pixman [--sizes WIDTHxHEIGHT...]"
}

/// `--sizes WIDTHxHEIGHT...` as `flick bench` takes it; the standard sizes without it.
func requestedSizes() throws -> [FrameSize] {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard !arguments.isEmpty else { return FrameSize.standard }
    let sizes = arguments.dropFirst().compactMap(FrameSize.init(parsing:))
    guard arguments[0] == "--sizes", !sizes.isEmpty, sizes.count == arguments.count - 1 else { throw UsageError() }
    return sizes
}
