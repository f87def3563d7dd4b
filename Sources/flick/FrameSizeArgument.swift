import ArgumentParser
import FlickBench

/// `WIDTHxHEIGHT`, e.g. `1280x800`.
struct FrameSizeArgument: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int

    init?(argument: String) {
        guard let size = FrameSize(parsing: argument) else { return nil }
        width = size.width; height = size.height
    }

    /// As it is typed: argument-parser's `defaultValueDescription` is this, so `--help` shows `(default: 1280x800)`.
    var description: String { "\(width)x\(height)" }
}
