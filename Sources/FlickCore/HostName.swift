import Glibc

/// This machine's host name (gethostname), as the broker's client ids and a fleet's default node are made of it; nil
/// when the system gives none.
package enum HostName {
    package static var current: String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count - 1) == 0 else { return nil }
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return host.isEmpty ? nil : host
    }
}
