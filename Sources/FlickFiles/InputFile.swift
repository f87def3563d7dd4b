import Glibc
import SystemPackage

/// The one way Flick reads the files people give it — config, to-do store, touch scripts, recordings, images,
/// fonts. Only regular files (symlinks to them included) are read, and only up to a size fixed per kind, so a
/// FIFO cannot hang the kiosk and `/dev/zero` cannot exhaust memory; each refusal is one line naming the file.
public enum InputFile {
    /// The most Flick reads of each kind of file: far above anything real, far below what would hurt a board.
    public enum Kind: Sendable {
        case config, store, touchScript, recording, image, font
        /// A data source's value: a sensor reading, a counter another program writes.
        case dataSource
        /// A broker's password (its first line is the password).
        case password
        /// A certificate authority's certificates in PEM, which the TLS library opens by name.
        case certificate

        public var limit: Int {
            switch self {
            case .config: 4 << 20
            case .store: 32 << 20
            case .touchScript: 64 << 20
            case .recording: 256 << 20
            case .image: 64 << 20
            case .font: 256 << 20
            case .dataSource: 64 << 10
            case .password: 1 << 20
            case .certificate: 4 << 20
            }
        }

        var noun: String {
            switch self {
            case .config: "a config"
            case .store: "a to-do store"
            case .touchScript: "a touch script"
            case .recording: "a libinput recording"
            case .image: "an image"
            case .font: "a font"
            case .dataSource: "a data source"
            case .password: "a password file"
            case .certificate: "a certificate file"
            }
        }
    }

    /// The whole file.
    public static func read(_ path: String, as kind: Kind) throws(FileError) -> [UInt8] {
        let (file, size) = try openRegular(path, as: kind)
        defer { try? file.close() }
        let tooLarge = FileError(path: path, problem: .tooLarge(limit: kind.limit, what: kind.noun))
        // Reading on past the size fstat gave catches a file that grew since, up to one byte over the limit.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= kind.limit else { throw tooLarge }
                bytes += repeatElement(0, count: min(bytes.count, kind.limit + 1 - bytes.count))
            }
            let n: Int
            do throws(Errno) {
                n = try SystemCall.typed {
                    try bytes.withUnsafeMutableBytes { try file.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...])) }
                }
            } catch {
                throw FileError(path: path, problem: .system(call: "read", errno: error))
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Checks that `path` is a regular file within the limit, for files a library opens by name (fonts):
    /// returns its size.
    @discardableResult
    public static func check(_ path: String, as kind: Kind) throws(FileError) -> Int {
        let (file, size) = try openRegular(path, as: kind)
        try? file.close()
        return size
    }

    /// An open descriptor of a regular file within the kind's limit, and its size. O_NONBLOCK makes opening a
    /// FIFO return at once (it is then refused) instead of waiting for a writer.
    private static func openRegular(_ path: String, as kind: Kind) throws(FileError) -> (FileDescriptor, Int) {
        // Looked at before it is opened: opening a device can act on it (a watchdog starts counting down, a serial
        // line's modem lines change), and a path may come from a message (the picture a data source names). What
        // cannot be looked at is left to open, which says why.
        if let before = try? FileStatus(path: path), !before.isRegular {
            throw FileError(path: path, problem: .notRegular(kind: FileError.kind(of: before.mode)))
        }
        let file: FileDescriptor
        do throws(Errno) {
            file = try SystemCall.typed {
                try FileDescriptor.open(path, .readOnly, options: [.nonBlocking, .closeOnExec, FileDescriptor.OpenOptions(rawValue: O_NOCTTY)])
            }
        } catch {
            throw FileError(path: path, problem: error == .noSuchFileOrDirectory ? .missing : .system(call: "open", errno: error))
        }
        let info: FileStatus
        do throws(Errno) { info = try FileStatus(of: file) } catch {
            try? file.close()
            throw FileError(path: path, problem: .system(call: "fstat", errno: error))
        }
        // Again on what was opened: another file may have taken the path since.
        guard info.isRegular else {
            try? file.close()
            throw FileError(path: path, problem: .notRegular(kind: FileError.kind(of: info.mode)))
        }
        guard info.size <= kind.limit else {
            try? file.close()
            throw FileError(path: path, problem: .tooLarge(limit: kind.limit, what: kind.noun))
        }
        // Back to blocking reads: O_NONBLOCK only served the open (fcntl is not one of swift-system's calls).
        _ = fcntl(file.rawValue, F_SETFL, fcntl(file.rawValue, F_GETFL) & ~O_NONBLOCK)
        return (file, Int(info.size))
    }
}
