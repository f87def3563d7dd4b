import Glibc

/// The one way Flick replaces a file (the to-do store, PNG frames): the bytes go to a temporary file beside
/// it, are fsynced, renamed over the old file, and the directory is fsynced — a power cut leaves the old file
/// or the new one, never half of one. Only a regular file (or nothing) is replaced: a device, FIFO, directory
/// or socket at the path is refused, and a symlink is followed so the file it points to is replaced and the
/// link kept.
public enum DurableFile {
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let target = try replaceablePath(path)
        let directory = directoryName(of: target)
        let temporary = "\(target).tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        // Errors name the file asked for: the temporary name means nothing to whoever asked.
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw FileError(path: path, problem: .missingFolder(directory)) }
            throw FileError(path: path, problem: .system(call: "create", code: code))
        }
        var failure: FileError?
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                switch SystemCall.retryingOnInterrupt({ Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written) }) {
                case .success(let n): written += n
                case .failure(let code):
                    failure = FileError(path: path, problem: .system(call: "write", code: code.rawValue))
                    return
                }
            }
        }
        if failure == nil, fsync(fd) != 0 {
            failure = FileError(path: path, problem: .system(call: "fsync", code: errno))
        }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 {
            failure = FileError(path: target, problem: .system(call: "rename", code: errno))
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let dir = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw FileError(path: directory, problem: .system(call: "open", code: errno)) }
        defer { close(dir) }
        guard fsync(dir) == 0 else { throw FileError(path: directory, problem: .system(call: "fsync", code: errno)) }
    }

    /// The path to write: `path` itself, or where a symlink at `path` leads. Throws when something other than
    /// a regular file is there.
    static func replaceablePath(_ path: String) throws(FileError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw FileError(path: path, problem: .system(call: "lstat", code: errno)) }
            return path
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // A dangling link: refused rather than guessing where the file should be.
                throw FileError(path: path, problem: .system(call: "realpath", code: errno))
            }
            defer { free(resolved) }
            return try replaceablePath(String(cString: resolved))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, problem: .notRegular(kind: FileError.kind(of: info.st_mode)))
        }
        return path
    }

    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
