import FlickCore
import Glibc
import SystemPackage

/// Files watched for changes with inotify: the config, the pictures and fonts it names, a data file another program
/// writes. A frame loop source (its descriptor is the inotify instance; it has no deadline): each service reads what
/// happened and calls `onChange` once with every watched path that changed since the last, however many times each
/// was written.
///
/// It watches each file's folder rather than the file, so it sees what editors and deploy tools do: a file written
/// in place, truncated and written again, replaced by a rename (a temporary file moved over it), deleted and made
/// again, or made for the first time — also in a folder that does not exist yet, which is watched for from the
/// nearest folder above that does. A file's folder deleted, renamed or replaced reports the files in it. When the
/// kernel's queue overflows (`IN_Q_OVERFLOW`), every path is reported: something may have been missed.
///
/// Not seen: a folder above a file's own folder renamed while that folder exists (the watch follows the folder);
/// the target of a symbolic link (the link's own folder is watched); files in sysfs and procfs, whose values change
/// without inotify events — a caller polls those on a deadline instead.
public final class FileWatcher: LoopSource {
    private let descriptor: FileDescriptor
    private let onChange: (_ changed: Set<String>) -> Void
    /// The paths watched, as given to ``watch(paths:)``.
    public private(set) var paths: Set<String> = []
    /// Hears a folder that could not be watched again after a change (no permission now, the system's watch limit
    /// reached); its files are reported changed, so whoever reads them finds out what is wrong.
    public var onProblem: ((FileError) -> Void)?
    private var plan: [String: Folder] = [:]
    private var folders: [Int32: Set<String>] = [:]
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: MemoryLayout<inotify_event>.alignment)

    /// What is watched in one folder: names of watched files (with the paths given for them), and names of folders on
    /// the way to a watched file's folder that does not exist yet.
    private struct Folder {
        var files: [String: Set<String>] = [:]
        var ways: Set<String> = []
        var allFiles: Set<String> { Set(files.values.joined()) }
    }

    /// Everything a folder's watch reports that can change a file in it, or the folder itself.
    private static let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE
                                     | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// Reads per service: a storm of writes is read a bounded amount at a time, so frames still get drawn between.
    private static let readsPerService = 16
    /// Tries at watching a set of folders while they are being removed under it.
    private static let attempts = 4

    /// A watcher of no paths yet, whose changes go to `onChange` (called from ``service(readable:writable:now:)``).
    /// Throws a ``SystemCallError`` when there is no inotify instance to be had (the per-user limit reached).
    public init(onChange: @escaping (_ changed: Set<String>) -> Void) throws(SystemCallError) {
        descriptor = FileDescriptor(rawValue: try SystemCall.retrying("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
        self.onChange = onChange
    }

    deinit {
        try? descriptor.close()
        buffer.deallocate()
    }

    /// Watches `paths` (files, absolute or from the working directory) instead of the paths before: a config reloaded
    /// can name other pictures. Changes before this call are not reported; read the files after watching them.
    /// Throws a ``FileError`` naming a folder that cannot be watched.
    public func watch(paths: Set<String>) throws(FileError) {
        self.paths = paths
        if let problem = rewatch().problem { throw problem }
    }

    /// The inotify instance: readable when something happened.
    public var fileDescriptor: Int32 { descriptor.rawValue }
    /// Never: nothing is written to inotify.
    public var wantsWrite: Bool { false }
    /// None: the watcher runs only when the kernel reports something.
    public var nextDeadline: Double? { nil }

    /// Reads what the kernel reported and calls `onChange` with the watched paths that changed, when any did.
    public func service(readable: Bool, writable: Bool, now: Double) {
        guard readable else { return }
        var changed: Set<String> = []
        var mustRewatch = false
        for _ in 0..<Self.readsPerService {
            let count: Int
            do { count = try SystemCall.typed { try descriptor.read(into: buffer) } } catch {
                // EAGAIN: all read. Anything else cannot be told apart from lost events.
                if error != .wouldBlock { changed = paths; mustRewatch = true }
                break
            }
            forEachEvent(in: UnsafeRawBufferPointer(rebasing: buffer[..<count])) { wd, mask, name in
                mustRewatch = note(wd: wd, mask: mask, name: name, changed: &changed) || mustRewatch
            }
            // Room left for the longest event: the queue was empty.
            if count <= buffer.count - MemoryLayout<inotify_event>.size - Int(NAME_MAX) - 1 { break }
        }
        if mustRewatch {
            let (found, problem) = rewatch(reportingNew: true)
            changed.formUnion(found)
            if let problem { onProblem?(problem) }
        }
        if !changed.isEmpty { onChange(changed) }
    }

    /// Adds the paths an event says changed to `changed`; true when the folders must be watched again.
    private func note(wd: Int32, mask: UInt32, name: String?, changed: inout Set<String>) -> Bool {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changed = paths
            return true
        }
        guard let watched = folders[wd] else { return false }  // a watch already removed
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
            // The folder is gone or elsewhere: what was in it is not there now.
            for folder in watched { changed.formUnion(plan[folder]?.allFiles ?? []) }
            if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor.rawValue, wd) }
            folders[wd] = nil
            return true
        }
        guard let name else { return false }
        var mustRewatch = false
        for folder in watched {
            if let files = plan[folder]?.files[name] { changed.formUnion(files) }
            if plan[folder]?.ways.contains(name) == true { mustRewatch = true }
        }
        return mustRewatch
    }

    /// Watches the folders `paths` need and stops watching the rest. Returns the watched paths that exist in folders
    /// watched anew, when `reportingNew` (made, or moved into place, before their watch began), and those in folders
    /// that cannot be watched, with the first such folder's problem.
    private func rewatch(reportingNew: Bool = false) -> (found: Set<String>, problem: FileError?) {
        let before = Set(folders.values.joined())
        var found: Set<String> = []
        var problem: FileError?
        var watching: [Int32: Set<String>] = [:]
        // A folder removed between looking and watching is looked for again, from the folder above.
        for _ in 0..<Self.attempts {
            plan = Self.plan(paths)
            watching = [:]
            var vanished = false
            for (folder, contents) in plan {
                switch SystemCall.retryingOnInterrupt({ inotify_add_watch(descriptor.rawValue, folder, Self.mask) }) {
                case .success(let wd):
                    watching[wd, default: []].insert(folder)
                case .failure(let errno) where errno == .noSuchFileOrDirectory || errno == .notDirectory:
                    vanished = true
                case .failure(let errno):
                    problem = problem ?? FileError(path: folder, problem: .system(call: "inotify_add_watch", errno: errno))
                    found.formUnion(contents.allFiles)
                }
            }
            if !vanished { break }
        }
        for wd in folders.keys where watching[wd] == nil { inotify_rm_watch(descriptor.rawValue, wd) }
        folders = watching
        if reportingNew {
            for folder in Set(watching.values.joined()).subtracting(before) {
                for (name, files) in plan[folder]?.files ?? [:] where access(folder + "/" + name, F_OK) == 0 {
                    found.formUnion(files)
                }
            }
        }
        return (found, problem)
    }

    /// The folders `paths` need watched: each file's folder, or the nearest existing folder above it.
    private static func plan(_ paths: Set<String>) -> [String: Folder] {
        var plan: [String: Folder] = [:]
        for path in paths {
            let (folder, name) = split(path)
            guard let (existing, missing) = nearestFolder(folder) else { continue }
            if let missing { plan[existing, default: Folder()].ways.insert(missing) } else {
                plan[folder, default: Folder()].files[name, default: []].insert(path)
            }
        }
        return plan
    }

    private func forEachEvent(in bytes: UnsafeRawBufferPointer, _ body: (Int32, UInt32, String?) -> Void) {
        let header = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + header <= bytes.count {
            let wd = bytes.load(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.load(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + header)..<min(bytes.count, offset + header + length)]
            // The name is padded with NULs to an aligned length.
            let name = length == 0 ? nil : String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            body(wd, mask, name)
            offset += header + length
        }
    }

    /// A path's folder and last name: `a/b.json` is (`a`, `b.json`), `b.json` is (`.`, `b.json`), `/b` is (`/`, `b`).
    static func split(_ path: String) -> (folder: String, name: String) {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return (".", String(path)) }
        let folder = path[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(path[path.index(after: slash)...]))
    }

    /// `folder` when it exists; else the nearest folder above that does, with the name in it of the next folder down
    /// on the way; nil when none does.
    private static func nearestFolder(_ folder: String) -> (existing: String, missing: String?)? {
        var missing: String?
        var folder = folder
        while true {
            var info = stat()
            if stat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR { return (folder, missing) }
            let (parent, name) = split(folder)
            if parent == folder { return nil }
            (folder, missing) = (parent, name)
        }
    }
}
