import Foundation
import Testing
@testable import FlickText

/// Bidi and line breaking against the Unicode Consortium's own conformance data (Debian's `unicode-data`, which
/// `scripts/install-deps` installs): every case of BidiCharacterTest.txt (UBA) and LineBreakTest.txt (UAX #14).
@Suite struct UnicodeConformanceTests {
    static let directory = "/usr/share/unicode"

    private static func lines(_ name: String) throws -> [Substring] {
        let path = directory + "/" + name
        let text = try #require(try? String(contentsOfFile: path, encoding: .utf8), "\(path) missing: run scripts/install-deps")
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }

    private static func codepoints(_ field: Substring) -> [UInt32] {
        field.split(separator: " ").compactMap { UInt32($0, radix: 16) }
    }

    /// Each case: code points; paragraph direction (0 LTR, 1 RTL, 2 auto); the paragraph's resolved level; each
    /// character's level (x: removed by rule X9); the characters' visual order. Levels before line rule L1 are
    /// what `levels` holds, so a character L1 resets (trailing whitespace) is compared in the visual order only.
    @Test func bidiCharacterTestLevelsAndVisualOrder() throws {
        var failures: [String] = []
        var cases = 0
        for line in try Self.lines("BidiCharacterTest.txt") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            cases += 1
            let codepoints = Self.codepoints(fields[0])
            let base: TextDirection? = switch fields[1] { case "0": .leftToRight; case "1": .rightToLeft; default: nil }
            let paragraph = BidiParagraph(codepoints, base: base)
            let expected = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            var ok = (paragraph.baseDirection == .rightToLeft) == (fields[2] == "1")
            // The visual order, without removed characters.
            var order: [Int] = []
            for run in paragraph.visualRuns(codepoints.indices) {
                order += run.direction == .rightToLeft ? Array(run.range.reversed()) : Array(run.range)
            }
            order = order.filter { expected[$0] != nil }
            ok = ok && order == fields[4].split(separator: " ").compactMap { Int($0) }
            if !ok { failures.append(String(line)) }
        }
        #expect(cases > 90_000)
        #expect(failures.isEmpty, "\(failures.count) of \(cases) cases differ, e.g.\n\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// Each case: code points with ÷ (a break allowed) or × (none) between and after them. ICU keeps one tailoring
    /// UAX #14 itself suggests (its LB25 example: numbers such as "-.5" or "a.2" stay whole), so after a hyphen, a
    /// comma or a full stop (a combining mark on it aside) it may hold a break the default rules allow, and before
    /// such a number (" .35") allow one — those 22 cases, and nothing else, differ.
    @Test func lineBreakTestOpportunities() throws {
        var failures: [String] = []
        var tailored = 0
        var cases = 0
        for line in try Self.lines("auxiliary/LineBreakTest.txt") {
            let body = line.split(separator: "#", maxSplits: 1)[0]
            let tokens = body.split(whereSeparator: \.isWhitespace)
            var codepoints: [UInt32] = [], breaks: [Bool] = []
            for token in tokens {
                switch token {
                case "÷": if !codepoints.isEmpty { breaks.append(true) }
                case "×": if !codepoints.isEmpty { breaks.append(false) }
                default: if let c = UInt32(token, radix: 16) { codepoints.append(c) }
                }
            }
            guard !codepoints.isEmpty, breaks.count == codepoints.count else { continue }
            cases += 1
            let found = LineBreak.opportunities(codepoints).map { $0 != .prohibited }
            let differing = codepoints.indices.filter { found[$0] != breaks[$0] }
            // After the punctuation ICU holds the break; before a number it starts (" .35") it allows one.
            let punctuation: [UInt32] = [0x2D, 0x2C, 0x2E]
            let numberTailoring = differing.allSatisfy { i in
                let base = codepoints[...i].last { $0 != 0x0308 } ?? 0
                if breaks[i] && !found[i] { return punctuation.contains(base) }
                return i + 1 < codepoints.count && punctuation.contains(codepoints[i + 1])
            }
            if differing.isEmpty { continue }
            if numberTailoring { tailored += 1 } else { failures.append(String(body)) }
        }
        #expect(cases > 7_000)
        #expect(tailored <= 22, "ICU's number tailoring now holds \(tailored) breaks")
        #expect(failures.isEmpty, "\(failures.count) of \(cases) cases differ, e.g.\n\(failures.prefix(10).joined(separator: "\n"))")
    }
}
