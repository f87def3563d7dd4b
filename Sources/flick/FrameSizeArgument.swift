import ArgumentParser

/// `WIDTHxHEIGHT`, e.g. `1280x800`.
struct FrameSizeArgument: ExpressibleByArgument, CustomStringConvertible {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        width = w; height = h
    }

    /// As it is typed: argument-parser's `defaultValueDescription` is this, so `--help` shows `(default: 1280x800)`.
    var description: String { "\(width)x\(height)" }
}
