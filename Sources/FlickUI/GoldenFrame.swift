import FlickRaster
import FoundationEssentials

/// Compares a frame rendered headless (``VirtualClockPlayer/screen``) with a PNG kept beside the tests: a golden
/// frame.
///
/// ```swift
/// try GoldenFrame.check(player.screen, against: goldens + "/home.png")
/// ```
///
/// A mismatch throws ``GoldenFrameMismatch`` after writing `home.actual.png` and `home.diff.png` (the pixels
/// that differ in red, the rest dimmed) beside the golden, for a person to look at. With `FLICK_UPDATE_GOLDENS=1`
/// in the environment it writes the frame as the new golden instead; look at it before you commit it.
public enum GoldenFrame {
    /// Compares `frame` with the PNG at `golden`. A channel may differ by `channelTolerance` (0–255), and at most
    /// `pixelFraction` of the pixels may differ by more: FreeType versions and float rounding move single edge
    /// pixels, not shapes. Throws ``GoldenFrameMismatch`` when they differ, or the PNG error when the golden cannot
    /// be read (run once with `FLICK_UPDATE_GOLDENS=1` to make it).
    public static func check(_ frame: Surface, against golden: String, channelTolerance: Int = 3,
                             pixelFraction: Double = 0.002) throws {
        if ProcessInfo.processInfo.environment["FLICK_UPDATE_GOLDENS"] == "1" {
            try frame.writePNG(path: golden)
            return
        }
        let expected = try Surface.readPNG(path: golden)
        let stem = golden.hasSuffix(".png") ? String(golden.dropLast(4)) : golden
        guard expected.width == frame.width, expected.height == frame.height else {
            try frame.writePNG(path: stem + ".actual.png")
            throw GoldenFrameMismatch(golden: golden, differing: frame.width * frame.height, allowed: 0,
                                      actual: stem + ".actual.png", diff: nil,
                                      sizes: ((expected.width, expected.height), (frame.width, frame.height)))
        }
        let diff = Surface(width: frame.width, height: frame.height)
        var differing = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let a = frame[x, y], b = expected[x, y]
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
                if worst > channelTolerance {
                    differing += 1
                    diff[x, y] = 0xFFFF_0000
                } else {
                    diff[x, y] = scalePixel(b, by: 60) | 0xFF00_0000
                }
            }
        }
        let allowed = Int(Double(frame.width * frame.height) * pixelFraction)
        guard differing > allowed else { return }
        try frame.writePNG(path: stem + ".actual.png")
        try diff.writePNG(path: stem + ".diff.png")
        throw GoldenFrameMismatch(golden: golden, differing: differing, allowed: allowed, actual: stem + ".actual.png",
                                  diff: stem + ".diff.png", sizes: nil)
    }
}

/// A frame that differs from its golden PNG; its description says by how much and where to look.
public struct GoldenFrameMismatch: Error, CustomStringConvertible {
    /// The golden PNG's path.
    public let golden: String
    /// Pixels that differ by more than the tolerance (every pixel when the sizes differ).
    public let differing: Int
    /// How many pixels may differ by more than the tolerance.
    public let allowed: Int
    /// Where the frame was written, beside the golden.
    public let actual: String
    /// The picture of the differing pixels, beside the golden; nil when the sizes differ.
    public let diff: String?
    let sizes: (golden: (Int, Int), frame: (Int, Int))?

    public var description: String {
        if let sizes {
            return "\(golden) is \(sizes.golden.0)x\(sizes.golden.1) but the frame is \(sizes.frame.0)x\(sizes.frame.1): "
                + "see \(actual); run with FLICK_UPDATE_GOLDENS=1 if the new size is right"
        }
        return "\(differing) pixels differ from \(golden) (\(allowed) may): see \(actual) and \(diff ?? ""); "
            + "run with FLICK_UPDATE_GOLDENS=1 if the new frame is right"
    }
}
