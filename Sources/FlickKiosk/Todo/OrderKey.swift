/// An item's place in its list: keys sort as their text does (byte by byte), and there is always a key strictly
/// between two different keys, so an item can be put anywhere by giving it a new key alone — no other item moves,
/// and moves made on two kiosks at once merge. Items whose keys are equal sort by id.
///
/// The scheme is the variable-length "fractional indexing" of Figma and Rocicorp's `fractional-indexing`: base-62
/// digits (`0-9A-Za-z`, in ASCII order), an integer part whose first character says its length (`a0`, `a1`, … `az`,
/// `b10` upwards; `Zz`, `Zy`, … `Yzz` downwards), then a fraction without trailing zeros. Adding at either end
/// takes the next integer, so keys grow only logarithmically with items added at the top (a pull-to-add each);
/// splitting the same gap again and again grows the key about one character per six splits.
package struct OrderKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// ASCII bytes of base-62 digits.
    private let bytes: [UInt8]

    package var text: String { String(decoding: bytes, as: UTF8.self) }
    package var description: String { text }

    /// The key of an item alone in its list.
    package static let first = OrderKey(bytes: Array("a0".utf8))

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The key `text` spells; nil unless it is a valid key (a known head, its integer part whole, no trailing zero
    /// in the fraction, not the one key nothing sorts before).
    package init?(text: String) {
        let bytes = Array(text.utf8)
        guard let head = bytes.first, let length = Self.integerLength(head), bytes.count >= length,
              bytes.allSatisfy({ Self.digit($0) != nil }),
              bytes.count == length || bytes.last != Self.zero,
              bytes != Self.smallestInteger else { return nil }
        self.bytes = bytes
    }

    package static func < (a: OrderKey, b: OrderKey) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    // MARK: Keys between keys

    /// A key after `a` and before `b` (nil: no bound that side); `a` must sort before `b`. With `jitter`, a few
    /// random digits are added, so two kiosks adding into the same gap at once (almost) never make equal keys.
    package static func between(_ a: OrderKey?, _ b: OrderKey?, jitter: (() -> UInt64)? = nil) -> OrderKey {
        // Callers never ask between equal keys; if one did, a key after `a` beats trapping.
        guard a == nil || b == nil || a! < b! else { return between(a, nil, jitter: jitter) }
        var key = plainlyBetween(a, b)
        guard let jitter else { return key }
        // Digits appended to a key that is not a prefix of `b` keep it below `b`; a prefix first gets a key between.
        for _ in 0..<4 {
            let r = jitter()
            let extra = [digits[Int(r % 62)], digits[Int((r / 62) % 61) + 1]]
            let jittered = OrderKey(bytes: key.bytes + extra)
            if b.map({ jittered < $0 }) ?? true { return jittered }
            key = plainlyBetween(key, b)
        }
        return key
    }

    /// `count` keys in order from ``first``, for a list that had no keys.
    package static func sequence(_ count: Int) -> [OrderKey] {
        var keys: [OrderKey] = []
        keys.reserveCapacity(count)
        for _ in 0..<count { keys.append(between(keys.last, nil)) }
        return keys
    }

    private static func plainlyBetween(_ a: OrderKey?, _ b: OrderKey?) -> OrderKey {
        switch (a, b) {
        case (nil, nil):
            return first
        case (nil, let b?):
            let ib = b.integerPart, fb = Array(b.bytes[ib.count...])
            if ib == smallestInteger { return OrderKey(bytes: ib + midpoint([], fb)) }
            if ib.count < b.bytes.count { return OrderKey(bytes: ib) }
            return OrderKey(bytes: decrement(ib) ?? ib + midpoint([], fb))
        case (let a?, nil):
            let ia = a.integerPart
            return OrderKey(bytes: increment(ia) ?? ia + midpoint(Array(a.bytes[ia.count...]), nil))
        case (let a?, let b?):
            let ia = a.integerPart, ib = b.integerPart
            let fa = Array(a.bytes[ia.count...])
            if ia == ib { return OrderKey(bytes: ia + midpoint(fa, Array(b.bytes[ib.count...]))) }
            if let next = increment(ia), OrderKey(bytes: next) < b { return OrderKey(bytes: next) }
            return OrderKey(bytes: ia + midpoint(fa, nil))
        }
    }

    // MARK: Digits

    private static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    private static let zero = digits[0], top = digits[61]
    /// `A` and 26 zeros: no integer is smaller, so no key may be it alone.
    private static let smallestInteger = [UInt8(ascii: "A")] + Array(repeating: digits[0], count: 26)

    private static func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 36
        default: nil
        }
    }

    /// How long the integer part that starts with `head` is, head included.
    private static func integerLength(_ head: UInt8) -> Int? {
        switch head {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(head - UInt8(ascii: "a")) + 2
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(UInt8(ascii: "Z") - head) + 2
        default: nil
        }
    }

    private var integerPart: [UInt8] { Array(bytes[..<Self.integerLength(bytes[0])!]) }

    /// Digits strictly between fractions `a` and `b` (nil: 1), neither with a trailing zero.
    private static func midpoint(_ a: [UInt8], _ b: [UInt8]?) -> [UInt8] {
        if let b {
            var n = 0
            while n < b.count, (n < a.count ? a[n] : zero) == b[n] { n += 1 }
            if n > 0 { return Array(b[..<n]) + midpoint(Array(a.dropFirst(n)), Array(b[n...])) }
        }
        let da = a.first.flatMap(digit) ?? 0, db = b?.first.flatMap(digit) ?? 62
        if db - da > 1 { return [digits[(da + db + 1) / 2]] }
        if let b, b.count > 1 { return [b[0]] }
        return [digits[da]] + midpoint(Array(a.dropFirst()), nil)
    }

    /// The next integer of the same length, else the smallest one longer; nil past `z` and 26 `z`s.
    private static func increment(_ integer: [UInt8]) -> [UInt8]? {
        var x = integer
        for i in stride(from: x.count - 1, through: 1, by: -1) {
            if x[i] != top {
                x[i] = digits[digit(x[i])! + 1]
                return x
            }
            x[i] = zero
        }
        switch x[0] {
        case UInt8(ascii: "Z"): return [UInt8(ascii: "a"), zero]
        case UInt8(ascii: "z"): return nil
        case let head:
            // Lower-case heads count lengths up from `a`, upper-case ones down from `Z`.
            var rest = Array(x.dropFirst())
            if head + 1 > UInt8(ascii: "a") { rest.append(zero) } else { rest.removeLast() }
            return [head + 1] + rest
        }
    }

    /// The integer before, else the largest one longer below; nil below `A` and 26 zeros.
    private static func decrement(_ integer: [UInt8]) -> [UInt8]? {
        var x = integer
        for i in stride(from: x.count - 1, through: 1, by: -1) {
            if x[i] != zero {
                x[i] = digits[digit(x[i])! - 1]
                return x
            }
            x[i] = top
        }
        switch x[0] {
        case UInt8(ascii: "a"): return [UInt8(ascii: "Z"), top]
        case UInt8(ascii: "A"): return nil
        case let head:
            var rest = Array(x.dropFirst())
            if head - 1 < UInt8(ascii: "Z") { rest.append(top) } else { rest.removeLast() }
            return [head - 1] + rest
        }
    }
}
