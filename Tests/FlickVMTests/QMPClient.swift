import Foundation

/// Enough of QEMU's machine protocol for tests: one JSON object per line, events skipped.
final class QMPClient {
    private let fd: Int32
    private var buffer = Data()

    init(socketPath: String, deadline: Date) throws {
        fd = try connectUnixSocket(socketPath, deadline: deadline)
        _ = try readReply(skipGreeting: true)
        _ = try execute("qmp_capabilities")
    }

    deinit { close(fd) }

    @discardableResult
    func execute(_ command: String, _ arguments: [String: Any] = [:]) throws -> [String: Any] {
        var message: [String: Any] = ["execute": command]
        if !arguments.isEmpty { message["arguments"] = arguments }
        var line = try JSONSerialization.data(withJSONObject: message)
        line.append(0x0A)
        guard sendAll(fd, Array(line)) else { throw VMError("QMP \(command): QEMU closed its socket (\(String(cString: strerror(errno))))") }
        let reply = try readReply(skipGreeting: false)
        if let error = reply["error"] as? [String: Any] {
            throw VMError("QMP \(command) failed: \(error["desc"] ?? error)")
        }
        return reply
    }

    private func readReply(skipGreeting: Bool) throws -> [String: Any] {
        while true {
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else { continue }
                if object["event"] != nil { continue }
                if skipGreeting || object["QMP"] == nil { return object }
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw VMError("QMP connection closed") }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }
}

struct VMError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes all of `bytes` to a socket. MSG_NOSIGNAL: a QEMU that has just exited (the guest powered off) makes
/// this false, not a SIGPIPE that kills the whole test process.
func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
        let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return false }
        sent += n
    }
    return true
}

/// Connects to a Unix socket that a starting QEMU has not created yet, retrying until `deadline`.
func connectUnixSocket(_ path: String, deadline: Date) throws -> Int32 {
    while true {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            let bytes = Array(path.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes + [0])
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected == 0 { return fd }
        close(fd)
        if Date() > deadline { throw VMError("no socket at \(path) before the deadline") }
        usleep(100_000)
    }
}
