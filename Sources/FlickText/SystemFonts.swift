import CFontconfig

/// The fonts installed on the system, through fontconfig: a font by family name, and a font for a character none
/// of the kiosk's own fonts has.
public enum SystemFonts {
    private static let initialised = FcInit() != 0

    /// The file of the installed scalable face of `family` ("Noto Sans Arabic"), or nil when none has that name.
    public static func file(family: String) -> String? {
        match { pattern in
            _ = FcPatternAddString(pattern, "family", family)
        } accept: { found in
            families(of: found).contains { $0.lowercased() == family.lowercased() }
        }
    }

    /// The file of an installed scalable face with a glyph for `scalar` — the one fontconfig ranks first for it,
    /// nearest `family` when given — or nil when no font has one.
    public static func file(covering scalar: Unicode.Scalar, near family: String? = nil) -> String? {
        match { pattern in
            if let family { _ = FcPatternAddString(pattern, "family", family) }
            let characters = FcCharSetCreate()
            _ = FcCharSetAddChar(characters, scalar.value)
            _ = FcPatternAddCharSet(pattern, "charset", characters)
            FcCharSetDestroy(characters)
        } accept: { found in
            var characters: OpaquePointer?
            return FcPatternGetCharSet(found, "charset", 0, &characters) == FcResultMatch && FcCharSetHasChar(characters, scalar.value) != 0
        }
    }

    /// The file of the installed colour emoji font fontconfig prefers (Noto Color Emoji), or nil when there is none.
    public static func colorEmojiFile() -> String? {
        match { pattern in
            _ = FcPatternAddString(pattern, "family", "emoji")
            _ = FcPatternAddBool(pattern, "color", 1)
        } accept: { found in
            var color: FcBool = 0
            return FcPatternGetBool(found, "color", 0, &color) == FcResultMatch && color != 0
        }
    }

    private static func match(_ configure: (OpaquePointer) -> Void, accept: (OpaquePointer) -> Bool) -> String? {
        guard initialised, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        configure(pattern)
        _ = FcPatternAddBool(pattern, "scalable", 1)
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(nil, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(found) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard accept(found), FcPatternGetString(found, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    private static func families(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, "family", Int32(names.count), &value) == FcResultMatch, let value {
            names.append(String(cString: value))
        }
        return names
    }
}
