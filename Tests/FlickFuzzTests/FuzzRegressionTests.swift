import FlickFiles
import FlickFuzzTargets
import Foundation
import Testing

/// Every input kept under Fuzz/ — the seeds each fuzzer starts from and the inputs that once crashed, hung or
/// broke an invariant — played through its target: each must now return normally. Serialized: the storm targets
/// share one font collection, as a fuzzer (one thread) does, and its glyph cache is not for concurrent use.
@Suite(.serialized) struct FuzzRegressionTests {
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz").path

    static func inputs(_ kind: String, _ target: FuzzTarget) -> [String] {
        let dir = "\(fuzzDirectory)/\(kind)/\(target.rawValue)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(dir)/\($0)" }
    }

    @Test(arguments: FuzzTarget.allCases)
    func regressionsPass(target: FuzzTarget) throws {
        for file in Self.inputs("regressions", target) {
            target.run(try InputFile.read(file, as: .recording))
        }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everyTargetHasSeedsThatPass(target: FuzzTarget) throws {
        let seeds = Self.inputs("corpus", target)
        #expect(!seeds.isEmpty, "Fuzz/corpus/\(target.rawValue) has no seeds")
        for file in seeds {
            target.run(try InputFile.read(file, as: .recording))
        }
    }
}
