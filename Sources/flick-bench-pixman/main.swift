import Glibc
import FlickBench
import FlickText

// `flick bench`'s raster table with pixman and cairo measured beside Flick. Built separately so the shipped
// `flick` never links either.
#if DEBUG
print("note: this is a debug build; figures mean little. Use: swift run -c release flick-bench-pixman")
#endif
do {
    let references: [ReferenceRenderer] = [PixmanRenderer(), CairoRenderer()]
    print(RasterBenchmark.header(references: references.map(\.name)))
    try RasterBenchmark.run(fonts: FontCollection(), references: references) {
        print(RasterBenchmark.format($0))
    }
} catch {
    print("flick-bench-pixman: \(error)")
    exit(1)
}
