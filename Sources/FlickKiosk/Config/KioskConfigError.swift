import FlickJSON

/// Everything wrong with a config file, one line per problem:
/// `kiosk.json: pages[2].right: unknown page id "setings" (pages: home, settings, photos)`.
public struct KioskConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as it was named to the loader.
    public var file: String
    /// Every problem found, in the order the loader met them.
    public var issues: [Issue]

    /// One problem: where in the file, and what is wrong.
    public struct Issue: Sendable, Equatable {
        /// The JSON path of the bad field, e.g. `pages[1].content.image`; empty for the whole file.
        public var path: String
        /// What is wrong and what was expected.
        public var message: String

        /// The problem `message` with the field at JSON path `path` (empty: the whole file).
        public init(path: String, message: String) { self.path = path; self.message = message }
    }

    /// The problems `issues` with the file named `file`.
    public init(file: String, issues: [Issue]) { self.file = file; self.issues = issues }

    /// One line per issue, in the order the loader met them (mostly the file's); what they quote of the file cannot
    /// break the line.
    public var lines: [String] {
        issues.map { escapingControlCharacters($0.path.isEmpty ? "\(file): \($0.message)" : "\(file): \($0.path): \($0.message)") }
    }

    /// ``lines``, joined with newlines.
    public var description: String { lines.joined(separator: "\n") }
}
