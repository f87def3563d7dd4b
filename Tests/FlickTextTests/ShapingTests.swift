import Foundation
import Testing
@testable import FlickText

/// A sample of a script, the font that covers it (Debian's, installed by scripts/install-deps) and its direction.
struct ScriptSample: Sendable, CustomStringConvertible {
    let script: String
    let font: String
    let text: String
    let direction: TextDirection
    var description: String { script }

    static let all = [
        ScriptSample(script: "Latin, GPOS kerning", font: "dejavu/DejaVuSans.ttf", text: "AVATAR Wave To, fi", direction: .leftToRight),
        ScriptSample(script: "Arabic", font: "dejavu/DejaVuSans.ttf", text: "مرحبا بالعالم", direction: .rightToLeft),
        ScriptSample(script: "Hebrew with points", font: "dejavu/DejaVuSans.ttf", text: "שָׁלוֹם עוֹלָם", direction: .rightToLeft),
        ScriptSample(script: "Devanagari", font: "lohit-devanagari/Lohit-Devanagari.ttf", text: "नमस्ते क्षत्रिय", direction: .leftToRight),
        ScriptSample(script: "Thai", font: "tlwg/Garuda.ttf", text: "สวัสดีครับ น้ำ", direction: .leftToRight),
        ScriptSample(script: "Japanese", font: "vlgothic/VL-Gothic-Regular.ttf", text: "こんにちは、世界。", direction: .leftToRight),
    ]

    var path: String { "/usr/share/fonts/truetype/\(font)" }
}

/// What HarfBuzz's own `hb-shape` (Debian's libharfbuzz-bin) says for the same font, size, load flags and
/// direction: glyph ids, clusters, and advances and offsets in 1/64 pixel.
private func hbShape(_ sample: ScriptSample, pixels: Int) throws -> [[Int]] {
    let tool = "/usr/bin/hb-shape"
    try #require(FileManager.default.isExecutableFile(atPath: tool), "hb-shape missing: scripts/test installs libharfbuzz-bin")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["--font-funcs=ft", "--ft-load-flags=65544", "--font-size=\(pixels * 64)", "--font-ppem=\(pixels)",
                         "--direction=\(sample.direction == .leftToRight ? "ltr" : "rtl")", "--no-glyph-names", "-O", "json",
                         sample.path, sample.text]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let glyphs = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Int]])
    return glyphs.map { [$0["g"]!, $0["cl"]!, $0["ax"]!, $0["dx"]!, $0["dy"]!] }
}

@Suite struct ShapingTests {
    /// Every script shapes exactly as HarfBuzz's reference tool shapes it: conjuncts, joining, marks, kerning.
    @Test(arguments: ScriptSample.all)
    func shapesAsHarfBuzzsOwnTool(sample: ScriptSample) throws {
        try #require(FileManager.default.fileExists(atPath: sample.path), "\(sample.path) missing: scripts/test installs it")
        let face = try FontLibrary().openFace(atPath: sample.path)
        for pixels in [16, 27] {
            let scalars = Array(sample.text.unicodeScalars)
            let shaped = face.shape(scalars, direction: sample.direction, pixelSize: Double(pixels))
            // hb-shape numbers clusters by character, as Flick does by scalar.
            let expected = try hbShape(sample, pixels: pixels)
            let actual = shaped.map { [Int($0.index), $0.cluster, Int($0.advance * 64), Int($0.xOffset * 64), Int($0.yOffset * 64)] }
            #expect(actual == expected, "\(sample.script) at \(pixels) px")
        }
    }

    /// DejaVu kerns A and V through GPOS: shaped, the pair is closer than the two advances.
    @Test func gposKerningMovesAPairCloser() throws {
        let face = try FontLibrary().openFace(atPath: ScriptSample.all[0].path)
        let av = face.shape(Array("AV".unicodeScalars), direction: .leftToRight, pixelSize: 32)
        #expect(av[0].advance < face.glyph(av[0].index, pixelSize: 32).advance)
    }
}
