import Glibc
import SystemPackage

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
        let file: FileDescriptor
        do throws(Errno) {
            file = try SystemCall.typed {
                try FileDescriptor.open(temporary, .writeOnly, options: [.create, .truncate, .closeOnExec],
                                        permissions: [.ownerReadWrite, .groupRead, .otherRead])
            }
        } catch {
            // Errors name the file asked for: the temporary name means nothing to whoever asked.
            if error == .noSuchFileOrDirectory || error == .notDirectory { throw FileError(path: path, problem: .missingFolder(directory)) }
            throw FileError(path: path, problem: .system(call: "create", errno: error))
        }
        var failure: FileError?
        do throws(Errno) {
            try SystemCall.typed { try file.writeAll(bytes) }
        } catch {
            failure = FileError(path: path, problem: .system(call: "write", errno: error))
        }
        // fsync is not one of swift-system's calls: the C call takes the raw descriptor.
        if failure == nil, fsync(file.rawValue) != 0 {
            failure = FileError(path: path, problem: .system(call: "fsync", errno: .current))
        }
        try? file.close()
        if failure == nil, rename(temporary, target) != 0 {
            failure = FileError(path: target, problem: .system(call: "rename", errno: .current))
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let folder: FileDescriptor
        do throws(Errno) {
            folder = try SystemCall.typed { try FileDescriptor.open(directory, .readOnly, options: [.directory, .closeOnExec]) }
        } catch {
            throw FileError(path: directory, problem: .system(call: "open", errno: error))
        }
        defer { try? folder.close() }
        guard fsync(folder.rawValue) == 0 else { throw FileError(path: directory, problem: .system(call: "fsync", errno: .current)) }
    }

    /// The path to write: `path` itself, or where a symlink at `path` leads. Throws when something other than
    /// a regular file is there.
    static func replaceablePath(_ path: String) throws(FileError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw FileError(path: path, problem: .system(call: "lstat", errno: .current)) }
            return path
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // A dangling link: refused rather than guessing where the file should be.
                throw FileError(path: path, problem: .system(call: "realpath", errno: .current))
            }
            defer { free(resolved) }
            return try replaceablePath(String(cString: resolved))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, problem: .notRegular(kind: FileError.kind(of: info.st_mode)))
        }
        return path
    }

    /// Creates the directory `path` and those above it that are missing (`mkdir -p`), for a file to be written in
    /// it; a relative path is relative to the working directory.
    public static func createDirectories(_ path: String) throws(FileError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw FileError(path: prefix, problem: .system(call: "mkdir", errno: .current))
            }
        }
    }

    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
