#if canImport(Glibc)
import Glibc
#endif
import FlickFiles
import SystemPackage

/// The to-do items of one list in one JSON file, `<list>.json` in the state directory (`todo.json` for the
/// list a page does not name), in ``TodoFile``'s format: the whole replica, tombstones and clock included, whether the
/// list is shared or not. Nothing is lost on a power cut:
/// every change is written to a temporary file, fsynced, renamed over the old file and the directory fsynced,
/// and `save` returns only then — the list acknowledges a change (its animation completes) after that.
/// A file that cannot be read back is moved aside, never overwritten.
package final class TodoStore {
    package let directory: String
    /// The list's name, a safe file name (`KioskConfig` checks the config's).
    package let list: String
    package var path: String { directory + "/" + list + ".json" }
    /// The node a version 1 file is migrated for (``TodoFile/migrated(_:node:)``).
    package var node: String
    /// Called with one line when a damaged file is moved aside.
    package var log: (String) -> Void

    /// `directory` may be relative to the working directory; empty is the working directory itself.
    package init(directory: String, list: String = KioskConfig.Todo.defaultList, node: String = TodoSharing.hostNode(),
                 log: @escaping (String) -> Void = { _ in }) {
        self.directory = directory.isEmpty ? "." : directory
        self.list = list
        self.node = node
        self.log = log
    }

    /// `$XDG_STATE_HOME/flick`, else `~/.local/state/flick`; the systemd unit sets XDG_STATE_HOME=/var/lib,
    /// so the service keeps its list in /var/lib/flick.
    package static func defaultDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/flick" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/flick" }
        return "/var/lib/flick"
    }

    // MARK: Loading

    /// The items alive in the saved list, in order (``loadContents(now:)``'s).
    package func load(now: Int = Int(time(nil))) -> [TodoItem] { loadContents(now: now).list.items }

    /// The saved replica; an empty one when there is no file yet. A damaged or unreadable file is renamed to
    /// `<list>.json.corrupt-<unix time>` and logged, and the list starts empty.
    package func loadContents(now: Int = Int(time(nil))) -> TodoFile.Contents {
        let empty = TodoFile.Contents(list: TodoListState(), clock: nil)
        switch read() {
        case .contents(let contents): return contents
        case .absent: return empty
        case .unreadable(let error):
            if case .notRegular = error.problem {
                // Not ours to move: a FIFO or a device put here by mistake stays, and nothing is saved over it.
                refuseSaving("\(error): the to-do list starts empty and will not save until it is replaced by a regular file")
            } else {
                quarantine(reason: "cannot be read (\(error.reason))", now: now)
            }
        case .damaged(let problem):
            quarantine(reason: "is damaged (\(problem))", now: now)
        }
        return empty
    }

    /// Why `load` would start the list empty, in one line naming the file, without moving anything aside: for
    /// previews, which change nothing. nil when the file reads, or there is none yet.
    package func problem() -> String? {
        switch read() {
        case .contents, .absent: nil
        case .unreadable(let error): "\(error)"
        case .damaged(let problem): "\(path) is damaged (\(problem))"
        }
    }

    private enum Reading {
        case contents(TodoFile.Contents)
        case absent
        case unreadable(FileError)
        /// Why the bytes are not a store.
        case damaged(String)
    }

    private func read() -> Reading {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, as: .store)
        } catch {
            switch error.problem {
            case .missing, .missingFolder: return .absent
            default: return .unreadable(error)
            }
        }
        do {
            return .contents(try TodoFile.decode(bytes, node: node))
        } catch {
            return .damaged("\(error)")
        }
    }

    private func quarantine(reason: String, now: Int) {
        var aside = "\(path).corrupt-\(now)"
        var n = 1
        while access(aside, F_OK) == 0 {
            aside = "\(path).corrupt-\(now)-\(n)"
            n += 1
        }
        if rename(path, aside) == 0 {
            log("\(path) \(reason): moved to \(aside); the to-do list starts empty")
        } else {
            refuseSaving("\(path) \(reason) and could not be moved aside (\(Errno.current)); the to-do list starts empty and will not save until it is removed")
        }
    }

    /// Why saving would overwrite something it must not (a damaged file that could not be moved aside,
    /// something other than a file at the path); logged once, repeated by every `save`.
    private var refusal: String?
    package var readOnly: Bool { refusal != nil }

    private func refuseSaving(_ reason: String) {
        log(reason)
        refusal = reason
    }

    // MARK: Saving

    /// Writes `list` and the clock's latest time durably (`DurableFile`: temporary file, fsync, rename, fsync of the
    /// directory).
    package func save(_ list: TodoListState, clock: HLCTimestamp) throws(TodoStoreError) {
        if let refusal { throw TodoStoreError(refusal) }
        try makeDirectory()
        do {
            try DurableFile.write(TodoFile.encode(list, clock: clock), to: path)
        } catch {
            throw TodoStoreError(error, remedy: remedy(for: error))
        }
    }

    /// Writes a list that holds `items`, in their order, ids kept, as if never changed (``TodoFile/plain(_:node:)``):
    /// a list to start a kiosk or a test with.
    package func save(_ items: [TodoItem]) throws(TodoStoreError) {
        try save(TodoFile.plain(items, node: node), clock: .zero(node: node))
    }

    private func remedy(for error: FileError) -> String {
        switch error.problem {
        case .notRegular: "move it away to let the to-do list save"
        case .system("write", _): "free space on the disk holding \(directory)"
        case .system("fsync", _): "check the storage device"
        default: "make \(directory) writable for this user"
        }
    }

    /// `mkdir -p` of the state directory.
    private func makeDirectory() throws(TodoStoreError) {
        do {
            try DurableFile.createDirectories(directory)
        } catch {
            guard case .system(let call, let errno) = error.problem else { return }
            throw TodoStoreError(error.path, call, errno: errno,
                                 remedy: "create \(directory) for this user or set XDG_STATE_HOME to a writable directory")
        }
    }
}
