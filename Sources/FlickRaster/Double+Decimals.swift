import Glibc

extension Double {
    /// The number with `decimals` digits after the point, rounded as printf's `%.*f` rounds: what
    /// Foundation's `String(format:)` gave, without the ICU that Foundation loads.
    package func formatted(decimals: Int) -> String {
        let arguments: [any CVarArg] = [Int32(decimals), self]
        let length = Int(withVaList(arguments) { vsnprintf(nil, 0, "%.*f", $0) })
        var text = [CChar](repeating: 0, count: length + 1)
        _ = withVaList(arguments) { vsnprintf(&text, text.count, "%.*f", $0) }
        return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
