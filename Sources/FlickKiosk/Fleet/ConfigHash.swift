/// What a fleet's health and `state/config` name a config by: FNV-1a (64 bits) of the file's bytes, as 16 lowercase
/// hex digits. Byte for byte: the same file on two kiosks has the same hash, and any edit (white space too) another.
/// Not a defence against anyone: it tells versions apart, as a file's checksum in a deploy log does.
enum ConfigHash {
    static func of(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
