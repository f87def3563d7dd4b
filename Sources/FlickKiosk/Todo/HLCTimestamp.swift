/// A moment of a hybrid logical clock: wall-clock milliseconds, a counter for events within one millisecond (or
/// after the wall clock went back), and the node that made it, which breaks the last tie — two nodes never make the
/// same timestamp, so versions from them are always ordered.
///
/// Its text form, `0000018f3a2b4c5d-0003-cafe-1`, is the milliseconds since 1970 in 16 lowercase hex digits, the
/// counter in 4, and the node: fixed widths, so the texts sort as the timestamps do (nodes are ASCII) and a person
/// can read the time off one (`0x18f3a2b4c5d` ms is 2024-05-01).
package struct HLCTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970 (UTC), or later than the wall clock when the clock has seen a later time.
    package var wall: UInt64
    /// Events within one `wall` millisecond, from 0.
    package var counter: UInt16
    /// The node (kiosk) that made it: 1 to 64 letters, digits, `-`, `_` or `.`, as the fleet's node names.
    package var node: String

    package init(wall: UInt64, counter: UInt16 = 0, node: String) {
        self.wall = wall
        self.counter = counter
        self.node = node
    }

    /// The latest `wall` a timestamp may have (the year 10889): a message from a node whose clock is far in the future
    /// pulls every clock up to it, but never to where adding a millisecond overflows.
    package static let maximumWall: UInt64 = (1 << 48) - 1

    /// Before every timestamp a clock makes: the version of a field nobody has changed since it was migrated.
    package static func zero(node: String) -> HLCTimestamp { HLCTimestamp(wall: 0, node: node) }

    package static func < (a: HLCTimestamp, b: HLCTimestamp) -> Bool {
        if a.wall != b.wall { return a.wall < b.wall }
        if a.counter != b.counter { return a.counter < b.counter }
        return a.node.utf8.lexicographicallyPrecedes(b.node.utf8)
    }

    /// Whether `(wall, counter)` is after `other`'s, whatever the nodes.
    func isLater(than other: HLCTimestamp) -> Bool { (wall, counter) > (other.wall, other.counter) }

    package var text: String { hex(wall, digits: 16) + "-" + hex(UInt64(counter), digits: 4) + "-" + node }
    package var description: String { text }

    /// The timestamp `text` writes; nil unless it is exactly that form (lowercase hex, a valid node, `wall` at most
    /// ``maximumWall``).
    package init?(text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count > 22, bytes[16] == UInt8(ascii: "-"), bytes[21] == UInt8(ascii: "-"),
              let wall = Self.hexValue(bytes[0..<16]), wall <= Self.maximumWall, let counter = Self.hexValue(bytes[17..<21]) else { return nil }
        let node = String(decoding: bytes[22...], as: UTF8.self)
        guard Self.isNodeName(node) else { return nil }
        self.init(wall: wall, counter: UInt16(counter), node: node)
    }

    /// The fleet's rule for node names: 1 to 64 letters, digits, `-`, `_` or `.`.
    package static func isNodeName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
            default: false
            }
        }
    }

    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}

private func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
