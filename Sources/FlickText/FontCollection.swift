import FoundationEssentials

import CBundledFonts

/// The weights of the bundled font, DejaVu Sans, built into every program that links FlickText.
public enum FontWeight: Hashable, Sendable, CaseIterable {
    /// DejaVu Sans (`Fonts/DejaVuSans.ttf` in the Flick repository).
    case regular
    /// DejaVu Sans Bold (`Fonts/DejaVuSans-Bold.ttf`).
    case bold

    /// What errors and ``FontFace/path`` call the bundled face.
    var bundledName: String {
        switch self {
        case .regular: "DejaVuSans.ttf (built in)"
        case .bold: "DejaVuSans-Bold.ttf (built in)"
        }
    }

    /// The font file's bytes in the binary's read-only data.
    var bundledBytes: UnsafeBufferPointer<UInt8> {
        var size = 0
        let start = switch self {
        case .regular: flick_dejavu_sans(&size)
        case .bold: flick_dejavu_sans_bold(&size)
        }
        return UnsafeBufferPointer(start: start, count: size)
    }
}

/// The fonts text is set in: the bundled DejaVu Sans faces, built into the binary (so a program on Flick draws text
/// wherever it is copied, with nothing to install and no environment variable), before any theme fonts and
/// fallbacks; one FreeType library; every face opened at once and kept.
public final class FontCollection {
    /// The FreeType library every face of the collection is opened in: their glyph cache and fallbacks.
    public let library: FontLibrary
    private let faces: [FontWeight: FontFace]

    /// Opens the bundled faces in `library` (a new one when nil).
    public init(library: FontLibrary? = nil) throws(TextError) {
        let library = if let library { library } else { try FontLibrary() }
        var faces: [FontWeight: FontFace] = [:]
        for weight in FontWeight.allCases { faces[weight] = try library.openBundledFace(weight) }
        self.library = library
        self.faces = faces
    }

    /// Theme fonts (font files, by path) that come before the bundled faces: each weight's text is set in the
    /// first, falling back to the others and then to the bundled face of that weight. A file that cannot be
    /// opened throws, naming it. `fallbacks` (font files) are tried, in order, for characters none of those have,
    /// before the system's fonts.
    public func useTheme(_ paths: [String], fallbacks: [String] = []) throws(TextError) {
        var opened: [FontFace] = []
        for path in fallbacks { opened.append(try library.openFace(atPath: path)) }
        library.fallbacks = opened
        guard !paths.isEmpty else { return }
        for weight in FontWeight.allCases {
            let bundled = faces[weight]!
            var chain: [FontFace] = []
            for path in paths { chain.append(try library.openFace(atPath: path)) }
            chain[0].fallbacks = Array(chain.dropFirst()) + [bundled]
            themed[weight] = chain[0]
        }
    }

    private var themed: [FontWeight: FontFace] = [:]

    /// The face text of `weight` is set in: the first theme font when ``FontCollection/useTheme(_:fallbacks:)``
    /// gave some, else the bundled face.
    public func face(_ weight: FontWeight = .regular) -> FontFace {
        themed[weight] ?? faces[weight]!
    }
}
