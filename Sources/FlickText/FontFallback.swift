extension FontLibrary {
    /// The face to draw `scalar` with when `face` lacks it: the face's own `fallbacks`, the library's, then the installed
    /// font fontconfig ranks first for it; nil when no font has it (the primary face's .notdef box is drawn).
    /// Each answer is kept: a missing character costs one fontconfig query per library.
    func fallback(for scalar: Unicode.Scalar, after face: FontFace) -> FontFace? {
        if let found = (face.fallbacks + fallbacks).first(where: { $0 !== face && $0.glyphIndex(for: scalar) != 0 }) {
            return found
        }
        guard usesSystemFonts else { return nil }
        if let known = systemFallback[scalar.value] { return known }
        var found: FontFace?
        if let path = SystemFonts.file(covering: scalar, near: face.familyName) {
            found = systemFace(atPath: path)
            if found?.glyphIndex(for: scalar) == 0 { found = nil }
        }
        systemFallback[scalar.value] = found
        return found
    }

    /// The face to draw emoji `scalar` in colour with: `face` itself or one of the fallbacks when it is a colour face
    /// that has it, else the system's colour emoji font (fontconfig's "emoji" with colour); nil when no colour face
    /// has it (the emoji is drawn from the text faces, in monochrome).
    func colorEmojiFace(for scalar: Unicode.Scalar, after face: FontFace) -> FontFace? {
        if let found = ([face] + face.fallbacks + fallbacks).first(where: { $0.isColor && $0.glyphIndex(for: scalar) != 0 }) {
            return found
        }
        guard usesSystemFonts else { return nil }
        if systemColorEmoji == nil {
            let opened = SystemFonts.colorEmojiFile().flatMap(systemFace(atPath:))
            systemColorEmoji = .some(opened?.isColor == true ? opened : nil)
        }
        guard let found = systemColorEmoji ?? nil, found.glyphIndex(for: scalar) != 0 else { return nil }
        return found
    }

    /// The system font at `path`, opened once and kept; nil when FreeType cannot use it (a damaged file is as good
    /// as no font).
    private func systemFace(atPath path: String) -> FontFace? {
        if let open = systemFaces[path] { return open }
        let opened = try? openFace(atPath: path)
        systemFaces[path] = opened
        return opened
    }
}
