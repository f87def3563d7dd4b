import FlickCore
import FlickFiles

/// Watches the files a running kiosk is made of — its config, the pictures and fonts it names, the files its
/// sources read — and says what to do when they change: a data file is read again at once; a config, picture or font
/// edit reloads the config once the writing has settled, so an editor's truncate-then-write or a copy in several
/// writes is read once, whole, and a storm of writes reloads at most twice a second.
final class ContentWatch: LoopSource {
    /// How long after the latest write the config is read: an editor's save is a few writes in a millisecond.
    static let settle = 0.1
    /// A file written without pause is still read this often.
    static let longest = 0.5

    private let watcher: FileWatcher
    private var contentFiles: Set<String> = []
    private var dataFiles: Set<String> = []
    /// Content files changed since the last reload.
    private var changed: Set<String> = []
    private var firstChange: Double?
    private(set) var nextDeadline: Double?
    /// A data file changed: read it again.
    var dataChanged: (_ path: String, _ now: Double) -> Void = { _, _ in }
    /// The config, or pictures and fonts it names, changed and the writing has settled: reload, knowing which.
    var contentChanged: (_ files: Set<String>) -> Void = { _ in }

    /// Throws when the system has no inotify instance left for it.
    init(log: @escaping (String) -> Void) throws(SystemCallError) {
        var changes: Set<String> = []
        watcher = try FileWatcher { changes = $0 }
        watcher.onProblem = { log("watching for changes: \($0)") }
        pending = { let c = changes; changes = []; return c }
    }

    private var pending: () -> Set<String> = { [] }

    /// Watches the config `file` and what `config` names.
    func watch(file: String, of config: KioskConfig, log: (String) -> Void) {
        contentFiles = Set([file] + config.imageFiles.map(\.file) + config.theme.fonts + config.theme.fallbackFonts)
        dataFiles = Set(config.sources.compactMap { if case .file(let path, _, _) = $0.origin { path } else { nil } })
        do { try watcher.watch(paths: contentFiles.union(dataFiles)) } catch { log("watching for changes: \(error)") }
    }

    var fileDescriptor: Int32 { watcher.fileDescriptor }
    var wantsWrite: Bool { false }

    func service(readable: Bool, writable: Bool, now: Double) {
        if readable {
            watcher.service(readable: true, writable: false, now: now)
            let files = pending()
            for path in files.intersection(dataFiles).sorted() { dataChanged(path, now) }
            let content = files.intersection(contentFiles)
            if !content.isEmpty {
                changed.formUnion(content)
                let first = firstChange ?? now
                firstChange = first
                nextDeadline = min(now + Self.settle, first + Self.longest)
            }
        }
        if let due = nextDeadline, now >= due {
            nextDeadline = nil
            firstChange = nil
            let files = changed
            changed = []
            contentChanged(files)
        }
    }
}
