import FlickFiles
import FlickJSON
import FoundationEssentials

/// The latest config file that was valid, kept in the state directory, so a kiosk whose config is broken (a bad
/// edit, a copy cut short) starts on what last worked, with a notice, instead of exiting into a restart loop with a
/// black screen.
///
/// The copy is `last-good-config.json`: the config's path and its text exactly as it was applied; relative paths
/// in it resolve against the config's directory as they did.
public struct LastGoodConfig: Sendable {
    /// The copy's file.
    public let file: String
    /// The config file it is the last good copy of, absolute.
    public let configFile: String

    /// The last good copy of `configFile` kept in `stateDirectory`.
    public init(stateDirectory: String, configFile: String) {
        file = KioskConfig.resolve("last-good-config.json", against: stateDirectory)
        self.configFile = KioskConfig.resolve(configFile, against: FileManager.default.currentDirectoryPath)
    }

    /// Reads `configFile`; valid, it is kept as the last good copy and returned without a notice. Invalid while a
    /// last good copy of the same file exists, that copy is returned with the notice to show (the error's first
    /// line). Throws the config's error when there is no copy to fall back on.
    public func start(kinds: [any PageKind.Type] = [], log: (String) -> Void) throws(KioskConfigError) -> (config: KioskConfig, notice: String?) {
        do {
            let (config, bytes) = try KioskConfig.read(path: configFile, kinds: kinds)
            keep(bytes, log: log)
            return (config, nil)
        } catch {
            guard let copy = load(kinds: kinds) else { throw error }
            let line = error.lines.first ?? "\(error)"
            log("\(line)\(error.issues.count > 1 ? " (and \(error.issues.count - 1) more)" : ""): starting on the last good config, \(file)")
            return (copy, "Not applied: \(line)")
        }
    }

    /// The last good copy, or nil when there is none for this config file (or it no longer reads: a picture it names
    /// is gone).
    public func load(kinds: [any PageKind.Type] = []) -> KioskConfig? {
        guard let text = keptText() else { return nil }
        let directory = URL(fileURLWithPath: configFile).deletingLastPathComponent().path
        return try? KioskConfig.parse(Array(text.utf8), file: configFile, directory: directory, kinds: kinds)
    }

    /// The text of the last good copy of this config file, as it was applied; nil when there is none.
    func keptText() -> String? {
        guard let bytes = try? InputFile.read(file, as: .config), case .object(let members)? = try? JSONParser.parse(bytes),
              case .string(configFile)? = members.first(where: { $0.key == "file" })?.value,
              case .string(let text)? = members.first(where: { $0.key == "config" })?.value else { return nil }
        return text
    }

    /// Keeps `bytes`, a config just applied, as the last good copy (durably: a power cut leaves the old copy or the
    /// new one). A failure is one line to `log`: the kiosk runs on.
    public func keep(_ bytes: [UInt8], log: (String) -> Void) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let copy = JSONValue.object([("file", .string(configFile)), ("config", .string(text))]).text()
        do {
            try DurableFile.createDirectories(URL(fileURLWithPath: file).deletingLastPathComponent().path)
            try DurableFile.write(Array(copy.utf8), to: file)
        } catch {
            log("keeping the last good config: \(error)")
        }
    }
}

extension KioskConfig {
    /// The config at `path` and the bytes it was read from.
    static func read(path: String, kinds: [any PageKind.Type]) throws(KioskConfigError) -> (KioskConfig, [UInt8]) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, as: .config)
        } catch {
            throw KioskConfigError(file: path, issues: [.init(path: "", message: error.reason)])
        }
        return (try parse(bytes, path: path, kinds: kinds), bytes)
    }

    /// `bytes` read as the config file at `path` would be: named by it, relative paths against its directory.
    static func parse(_ bytes: [UInt8], path: String, kinds: [any PageKind.Type]) throws(KioskConfigError) -> KioskConfig {
        // Made absolute first: a relative URL loses a leading ".." when standardized.
        let file = resolve(path, against: FileManager.default.currentDirectoryPath)
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent().path
        return try parse(bytes, file: path, directory: directory, kinds: kinds)
    }

    /// The config at `path` read to replace `old`, checked as a start would check it: its fields, and every picture
    /// of a page whose content changed decoded.
    static func readForReload(path: String, kinds: [any PageKind.Type], replacing old: KioskConfig) throws(KioskConfigError) -> (KioskConfig, [UInt8]) {
        let (new, bytes) = try read(path: path, kinds: kinds)
        try checkPictures(of: new, file: path, replacing: old)
        return (new, bytes)
    }

    /// `bytes` checked as ``readForReload(path:kinds:replacing:)`` checks the file at `path`, before they are
    /// written there (a config pushed to the kiosk).
    static func readForReload(_ bytes: [UInt8], path: String, kinds: [any PageKind.Type],
                              replacing old: KioskConfig) throws(KioskConfigError) -> KioskConfig {
        let new = try parse(bytes, path: path, kinds: kinds)
        try checkPictures(of: new, file: path, replacing: old)
        return new
    }

    /// Every picture of a page of `new` whose content is not `old`'s decoded.
    private static func checkPictures(of new: KioskConfig, file: String, replacing old: KioskConfig) throws(KioskConfigError) {
        let changed = new.pages.filter { old.page($0.id)?.content != $0.content }
        let issues = changed.flatMap { new.damagedImages(file: file, page: $0.id)?.issues ?? [] }
        if !issues.isEmpty { throw KioskConfigError(file: file, issues: issues) }
    }
}
