import FlickFiles
import FlickFuzzTargets
import FoundationEssentials
import Glibc

/// `flick-fuzz TARGET [FILE|DIR …]`: plays each file (every file in a directory) through the target once,
/// as the regression tests do. Built by `scripts/fuzz` with `-sanitize=fuzzer,address -DFLICK_FUZZ`, it is a
/// libFuzzer binary instead: `flick-fuzz TARGET [libFuzzer options] [CORPUS_DIR …]`.
@main
struct FlickFuzz {
    static func main() {
        let arguments = CommandLine.arguments
        // The target is the first argument; libFuzzer's own child processes (-jobs, -fork) find it in the
        // environment instead, as they are started with the options only.
        let named = arguments.count >= 2 ? FuzzTarget(rawValue: arguments[1]) : nil
        guard let target = named ?? getenv("FLICK_FUZZ_TARGET").flatMap({ FuzzTarget(rawValue: String(cString: $0)) }) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            complain("usage: flick-fuzz TARGET [FILE|DIR …] (targets: \(names))")
            exit(64)
        }
        selected = target
        setenv("FLICK_FUZZ_TARGET", target.rawValue, 1)
        #if FLICK_FUZZ
        // libFuzzer reads the options after the target's name.
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        if named != nil {
            argc -= 1
            argv![1] = argv![0]
            argv = argv! + 1
        }
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
        #else
        var count = 0
        for path in arguments.dropFirst(named == nil ? 1 : 2) {
            for file in files(at: path) {
                do {
                    target.run(try InputFile.read(file, as: .recording))
                } catch {
                    complain("flick-fuzz: \(error)")
                    exit(1)
                }
                count += 1
            }
        }
        print("flick-fuzz \(target.rawValue): \(count) inputs, no failure")
        #endif
    }
}

nonisolated(unsafe) private var selected = FuzzTarget.config

#if FLICK_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

/// `path` itself, or the files directly in it when it is a directory, sorted.
private func files(at path: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [path] }
    return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
}

private func complain(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
