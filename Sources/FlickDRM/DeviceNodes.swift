import FlickDisplay
import Glibc

/// The device nodes named `prefix` and a number in `directory` (`card0`, `fb1`), in number order (`card2` before
/// `card10`).
func numberedDeviceNodes(in directory: String, prefix: String) -> [String] {
    guard let listing = opendir(directory) else { return [] }
    defer { closedir(listing) }
    var numbers: [Int] = []
    while let entry = readdir(listing) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.hasPrefix(prefix), let n = Int(name.dropFirst(prefix.count)), n >= 0 { numbers.append(n) }
    }
    return numbers.sorted().map { "\(directory)/\(prefix)\($0)" }
}
