import FlickRaster
import FlickText
import Glibc

/// Another implementation of the same operations, measured in the same run (pixman and cairo, in their own target).
public protocol ReferenceRenderer {
    var name: String { get }
    /// A closure drawing one frame of `operation` into `scenes.target`, or nil if it has no equivalent.
    func frame(_ operation: RasterOperation, scenes: RasterScenes) -> (() -> Void)?
}

public struct BenchRow: Sendable {
    public let size: FrameSize
    public let operation: RasterOperation
    public let flickNanos: Double
    public let baselineNanos: Double
    /// One per reference given to `run`, in that order.
    public let references: [ReferenceTime]

    /// Flick's time over the named reference's, nil when that reference was not measured.
    public func ratio(to reference: String) -> Double? {
        references.first { $0.name == reference }?.nanos.map { flickNanos / $0 }
    }
}

public struct ReferenceTime: Sendable {
    public let name: String
    /// nil when the reference has no equivalent of the operation.
    public let nanos: Double?
}

public enum RasterBenchmark {
    public static func run(sizes: [FrameSize] = FrameSize.standard, fonts: FontCollection,
                           references: [ReferenceRenderer] = [],
                           report: (BenchRow) -> Void) {
        for size in sizes {
            let scenes = RasterScenes(size: size, fonts: fonts)
            let flick = FlickFrames(scenes: scenes)
            for op in RasterOperation.allCases {
                let referenceFrames = references.map { $0.frame(op, scenes: scenes) }
                let bodies = [flick.frame(op), BaselineFrames.frame(op.baseline, scenes: scenes, flick: flick)]
                    + referenceFrames.compactMap { $0 }
                var medians = Stopwatch.interleavedMedians(bodies)[...]
                let flickNanos = medians.removeFirst(), baselineNanos = medians.removeFirst()
                let times = zip(references, referenceFrames).map { reference, frame in
                    ReferenceTime(name: reference.name, nanos: frame == nil ? nil : medians.removeFirst())
                }
                report(BenchRow(size: size, operation: op, flickNanos: flickNanos, baselineNanos: baselineNanos,
                                references: times))
            }
        }
    }

    public static func header(references: [String] = []) -> String {
        var line = pad("frame", 10) + pad("operation", 20) + pad("flick ms", 10, right: true)
            + pad("baseline", 18, right: true) + pad("×baseline", 11, right: true) + pad("target", 14, right: true)
        guard !references.isEmpty else { return line }
        for name in references {
            line += pad("\(name) ms", 12, right: true) + pad("flick/\(name)", 14, right: true)
        }
        return line + "   target against references"
    }

    public static func format(_ row: BenchRow) -> String {
        func ms(_ ns: Double) -> String { (ns / 1e6).formatted(decimals: 3) }
        var line = pad(row.size.description, 10) + pad(row.operation.rawValue, 20) + pad(ms(row.flickNanos), 10, right: true)
            + pad("\(row.operation.baseline.rawValue) \(ms(row.baselineNanos))", 18, right: true)
            + pad((row.flickNanos / row.baselineNanos).formatted(decimals: 2), 11, right: true)
            + pad(row.operation.target.map { "≤ \($0.formatted(decimals: 1)) \(row.flickNanos / row.baselineNanos <= $0 ? "met" : "MISSED")" } ?? "—",
                  14, right: true)
        guard !row.references.isEmpty else { return line }
        for reference in row.references {
            line += pad(reference.nanos.map(ms) ?? "—", 12, right: true)
                + pad(row.ratio(to: reference.name)?.formatted(decimals: 2) ?? "—", 14, right: true)
        }
        return line + "   " + (row.operation.referenceTarget.map { verdict($0, row) } ?? "—")
    }

    /// The target, with met or MISSED once every reference it names has been measured.
    private static func verdict(_ target: ReferenceTarget, _ row: BenchRow) -> String {
        let ratios = target.references.compactMap { row.ratio(to: $0) }
        guard ratios.count == target.references.count else { return "\(target)" }
        return "\(target): \(ratios.allSatisfy { $0 <= target.ratio } ? "met" : "MISSED")"
    }

    private static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let gap = String(repeating: " ", count: max(1, width - s.count))
        return right ? gap + s : s + gap
    }
}

/// One frame of each operation drawn by Flick's Canvas.
struct FlickFrames {
    let scenes: RasterScenes
    let canvas: Canvas
    let shapes: [(Path, Color)]

    init(scenes: RasterScenes) {
        self.scenes = scenes
        canvas = Canvas(surface: scenes.target)
        shapes = scenes.shapes()
    }

    func frame(_ op: RasterOperation) -> () -> Void {
        let s = scenes, canvas = canvas
        let full = Rect(x: 0, y: 0, width: Double(s.size.width), height: Double(s.size.height))
        switch op {
        case .opaqueFill:
            return { canvas.fill(full, color: Color(hex: 0x336699)) }
        case .verticalGradient, .horizontalGradient, .diagonalGradient:
            let gradient = LinearGradient(start: .zero, end: s.gradientEnd(op), colors: RasterScenes.gradientColors)
            return { canvas.fill(full, paint: .linearGradient(gradient)) }
        case .copyAtOffset:
            return {
                canvas.blendMode = .copy
                canvas.draw(s.opaqueLayer, at: Point(Double(RasterScenes.copyOffset), 0))
                canvas.blendMode = .sourceOver
            }
        case .sourceOver:
            return { canvas.draw(s.translucentLayer, at: .zero) }
        case .shapes:
            let shapes = shapes
            return { for (path, color) in shapes { canvas.fill(path, paint: .solid(color)) } }
        case .glyphs:
            return { canvas.draw(s.text, at: RasterScenes.textOrigin, color: s.textColor) }
        }
    }
}

/// What plain memory operations cost for one frame: the floor for fills and copies.
enum BaselineFrames {
    static func frame(_ baseline: RasterOperation.Baseline, scenes: RasterScenes, flick: FlickFrames) -> () -> Void {
        let target = scenes.target, source = scenes.translucentLayer
        let bytes = target.stride * target.height * 4
        switch baseline {
        case .memset: return { memset(target.pixels, 0x5A, bytes) }
        case .memcpy: return { memcpy(target.pixels, source.pixels, bytes) }
        case .opaqueFill: return flick.frame(.opaqueFill)
        }
    }
}
