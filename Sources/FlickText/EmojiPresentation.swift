/// Which characters are shown as emoji pictures rather than as text symbols (UTS #51 presentation): a grapheme
/// cluster whose first character defaults to emoji presentation (😀, 🇯🇵), or that asks for it with U+FE0F
/// (❤️), a keycap (1️⃣) or a skin-tone modifier — unless U+FE0E asks for text. Clusters and character properties
/// come from the Swift standard library's Unicode data.
enum EmojiPresentation {
    /// The scalar ranges of `scalars` that are emoji clusters, in order.
    static func clusters(_ scalars: [Unicode.Scalar]) -> [Range<Int>] {
        // Every emoji cluster holds a character from U+203C up that is emoji or a variation selector.
        guard scalars.contains(where: { $0.value >= 0x203C && ($0.value == 0xFE0F || $0.properties.isEmoji) }) else { return [] }
        var found: [Range<Int>] = []
        var start = 0
        for character in String(scalars: scalars) {
            let count = character.unicodeScalars.count
            if isEmoji(character.unicodeScalars) { found.append(start..<(start + count)) }
            start += count
        }
        return found
    }

    private static func isEmoji(_ cluster: Character.UnicodeScalarView) -> Bool {
        guard let first = cluster.first, first.properties.isEmoji, !cluster.contains("\u{FE0E}") else { return false }
        if first.properties.isEmojiPresentation { return true }
        return cluster.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier }
    }
}
