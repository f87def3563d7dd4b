#if canImport(Glibc)
import Glibc
#endif

/// The to-do items in one JSON file, `todo.json` in the state directory. Nothing is lost on a power cut:
/// every change is written to a temporary file, fsynced, renamed over the old file and the directory fsynced,
/// and `save` returns only then — the list acknowledges a change (its animation completes) after that.
/// A file that cannot be read back is moved aside, never overwritten.
public final class TodoStore {
    public let directory: String
    public var path: String { directory + "/todo.json" }
    /// Called with one line when a damaged file is moved aside.
    public var log: (String) -> Void

    /// `directory` may be relative to the working directory; empty is the working directory itself.
    public init(directory: String, log: @escaping (String) -> Void = { _ in }) {
        self.directory = directory.isEmpty ? "." : directory
        self.log = log
    }

    /// `$XDG_STATE_HOME/flick`, else `~/.local/state/flick`; the systemd unit sets XDG_STATE_HOME=/var/lib,
    /// so the service keeps its list in /var/lib/flick.
    public static func defaultDirectory(environment: [String: String]) -> String {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/flick" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/flick" }
        return "/var/lib/flick"
    }

    // MARK: Loading

    /// The saved items; none when there is no file yet. A damaged or unreadable file is renamed to
    /// `todo.json.corrupt-<unix time>` and logged, and the list starts empty.
    public func load(now: Int = Int(time(nil))) -> [TodoItem] {
        let bytes: [UInt8]
        switch readFile(path) {
        case .missing: return []
        case .failed(let code):
            quarantine(reason: "cannot be read (\(String(cString: strerror(code))))", now: now)
            return []
        case .read(let b): bytes = b
        }
        do {
            return try TodoFile.decode(bytes)
        } catch {
            quarantine(reason: "is damaged (\(error))", now: now)
            return []
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
            log("\(path) \(reason) and could not be moved aside (\(String(cString: strerror(errno)))); the to-do list starts empty and will not save until it is removed")
            readOnly = true
        }
    }

    /// Set when a damaged file could not be moved aside: saving would overwrite it.
    public private(set) var readOnly = false

    // MARK: Saving

    /// Writes `items` durably: temporary file, fsync, rename over the old one, fsync of the directory.
    public func save(_ items: [TodoItem]) throws(TodoStoreError) {
        guard !readOnly else {
            throw TodoStoreError("\(path) is damaged and could not be moved aside: move it away to let the to-do list save")
        }
        try makeDirectory()
        let temporary = "\(path).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw TodoStoreError(temporary, "open", errno: errno, remedy: "make \(directory) writable for this user") }
        let bytes = TodoFile.encode(items)
        var written = 0
        var failure: TodoStoreError?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = TodoStoreError(temporary, "write", errno: errno, remedy: "free space on the disk holding \(directory)")
                    return
                }
                written += n
            }
        }
        if failure == nil, fsync(fd) != 0 {
            failure = TodoStoreError(temporary, "fsync", errno: errno, remedy: "check the storage device")
        }
        close(fd)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw TodoStoreError(path, "rename", errno: code, remedy: "make \(directory) writable for this user")
        }
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw TodoStoreError(directory, "open", errno: errno, remedy: "check the state directory") }
        defer { close(dir) }
        guard fsync(dir) == 0 else { throw TodoStoreError(directory, "fsync", errno: errno, remedy: "check the storage device") }
    }

    /// `mkdir -p` of the state directory.
    private func makeDirectory() throws(TodoStoreError) {
        // A relative directory is relative to the working directory, as for every Unix tool.
        var prefix = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw TodoStoreError(prefix, "mkdir", errno: errno,
                                     remedy: "create \(directory) for this user or set XDG_STATE_HOME to a writable directory")
            }
        }
    }
}

private enum FileRead {
    case missing
    case failed(Int32)
    case read([UInt8])
}

private func readFile(_ path: String) -> FileRead {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return errno == ENOENT ? .missing : .failed(errno) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            return .failed(errno)
        }
        if n == 0 { return .read(bytes) }
        bytes.append(contentsOf: chunk[0..<n])
    }
}
