import FoundationEssentials

/// The weights of the bundled font, DejaVu Sans.
public enum FontWeight: Hashable, Sendable, CaseIterable {
    /// DejaVu Sans, `DejaVuSans.ttf` in the fonts directory.
    case regular
    /// DejaVu Sans Bold, `DejaVuSans-Bold.ttf` in the fonts directory.
    case bold

    var fileName: String {
        switch self {
        case .regular: "DejaVuSans.ttf"
        case .bold: "DejaVuSans-Bold.ttf"
        }
    }
}

/// The bundled fonts: one directory, one FreeType library, every face opened at once and kept.
public final class FontCollection {
    /// The file whose presence marks a fonts directory.
    static let probeFile = FontWeight.regular.fileName

    /// The fonts directory the bundled faces come from.
    public let directory: String
    /// The FreeType library every face of the collection is opened in: their glyph cache and fallbacks.
    public let library: FontLibrary
    private var faces: [FontWeight: FontFace] = [:]

    /// Uses the fonts directory `locateFontsDirectory()` finds.
    public convenience init() throws(TextError) {
        try self.init(directory: Self.locateFontsDirectory())
    }

    /// Opens every face now: a missing or damaged font stops the kiosk at start with one line naming the file,
    /// not later as text that is silently not drawn.
    public init(directory: String, library: FontLibrary? = nil) throws(TextError) {
        self.directory = directory
        if let library {
            self.library = library
        } else {
            self.library = try FontLibrary()
        }
        for weight in FontWeight.allCases {
            faces[weight] = try self.library.openFace(atPath: path(of: weight))
        }
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
            let bundled = try face(weight)
            var chain: [FontFace] = []
            for path in paths { chain.append(try library.openFace(atPath: path)) }
            chain[0].fallbacks = Array(chain.dropFirst()) + [bundled]
            themed[weight] = chain[0]
        }
    }

    private var themed: [FontWeight: FontFace] = [:]

    /// The face text of `weight` is set in: the first theme font when ``FontCollection/useTheme(_:fallbacks:)``
    /// gave some, else the bundled face (opened by the initializer; should it have to be opened again and fail,
    /// this throws).
    public func face(_ weight: FontWeight = .regular) throws(TextError) -> FontFace {
        if let theme = themed[weight] { return theme }
        if let open = faces[weight] { return open }
        let face = try library.openFace(atPath: path(of: weight))
        faces[weight] = face
        return face
    }

    /// The bundled font file of `weight` in ``FontCollection/directory``.
    public func path(of weight: FontWeight) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(weight.fileName).path
    }

    /// Where the bundled `Fonts/` live, first match wins:
    /// 1. `$FLICK_FONTS` (an error if set but wrong: an explicit override should not be silently ignored);
    /// 2. `<executable dir>/../share/flick/Fonts` (an installed tree);
    /// 3. `Fonts/` in the executable's directory or any parent (`.build/release/flick` in a checkout);
    /// 4. the checkout this module was compiled from.
    public static func locateFontsDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executablePath: String? = currentExecutablePath(),
        sourceTreeFonts: String? = compiledSourceTreeFonts
    ) throws(TextError) -> String {
        if let override = environment["FLICK_FONTS"], !override.isEmpty {
            guard holdsFonts(override) else { throw .fontsOverrideInvalid(directory: override) }
            return override
        }
        var searched: [String] = []
        if let executablePath {
            let binDir = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
            let installed = binDir.appendingPathComponent("../share/flick/Fonts").standardizedFileURL.path
            if holdsFonts(installed) { return installed }
            searched.append(installed)

            var dir = binDir
            while true {
                let candidate = dir.appendingPathComponent("Fonts").path
                if holdsFonts(candidate) { return candidate }
                let parent = dir.deletingLastPathComponent().standardizedFileURL
                if parent.path == dir.path { break }
                dir = parent
            }
            searched.append("Fonts/ in \(binDir.path) and its parents")
        }
        if let sourceTreeFonts {
            if holdsFonts(sourceTreeFonts) { return sourceTreeFonts }
            searched.append(sourceTreeFonts)
        }
        throw .fontsNotFound(searched: searched)
    }

    /// `<repo>/Fonts`, three levels up from Sources/FlickText/FontCollection.swift at compile time.
    public static let compiledSourceTreeFonts: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts").path

    /// The running executable's path, read from `/proc/self/exe`; nil when it cannot be read.
    public static func currentExecutablePath() -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    private static func holdsFonts(_ directory: String) -> Bool {
        FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent(probeFile).path)
    }
}
