import Foundation
import Glibc

/// A real mosquitto on a free loopback port, in its own scratch directory, stopped (and the directory removed)
/// when the test lets go of it. Started with posix_spawn: Foundation's Process starts children with SIGTERM
/// blocked.
public final class MosquittoBroker {
    public let directory: String
    public private(set) var port: UInt16 = 0
    private var pid: pid_t = 0
    private var options: [String] = []

    /// A scratch directory for the broker's files (config, passwords, certificates, log).
    public init() {
        var template = Array("/tmp/flick-mqtt-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    public var address: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts mosquitto with `options` under its listener (allow_anonymous, password_file, TLS files); a port
    /// another process took between choosing and binding it is chosen again.
    public func start(_ options: [String] = ["allow_anonymous true"]) throws {
        self.options = options
        for _ in 0..<3 {
            port = try Self.freePort()
            if try launch() { return }
        }
        throw BrokerError("mosquitto did not start: \(self.log)")
    }

    /// Starts it again on the same port, after ``stop(signal:)``.
    public func restart() throws {
        guard try launch() else { throw BrokerError("mosquitto did not start again on \(port): \(self.log)") }
    }

    /// Ends it (SIGKILL: as a crash or a power cut) and reaps it.
    public func stop(signal: Int32 = SIGTERM) {
        guard pid > 0 else { return }
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pid = 0
    }

    public var log: String { read("broker.log") }

    /// The text of `name` in the scratch directory ("" if there is none).
    public func read(_ name: String) -> String { (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "" }

    /// Writes `text` to `name` in the scratch directory; returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Runs a program to its end (mosquitto_pub, mosquitto_passwd, openssl), its output appended to
    /// `output` in the scratch directory; returns its exit status.
    @discardableResult
    public func run(_ arguments: [String], output: String = "commands.log") -> Int32 {
        guard let child = spawn(arguments, output: directory + "/" + output) else { return -1 }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Starts a program with its output appended to `output`; nil if it could not be started.
    public func spawn(_ arguments: [String], output: String) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A child starts with no signal blocked and the default action for each (the connection ignores SIGPIPE).
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let found = arguments[0].hasPrefix("/") ? arguments[0] : ["/usr/bin/", "/usr/sbin/", "/bin/"]
            .map { $0 + arguments[0] }.first { access($0, X_OK) == 0 } ?? arguments[0]
        return posix_spawn(&child, found, &actions, &attributes, argv, environ) == 0 ? child : nil
    }

    /// Writes the config and starts mosquitto; true once it accepts connections, false if it exited (the port
    /// was taken).
    private func launch() throws -> Bool {
        // `user root` keeps a broker started as root from switching to the mosquitto user, who cannot read the
        // scratch directory; for anyone else it changes nothing.
        let config = write("mosquitto.conf", (["user root", "persistence false", "listener \(port) 127.0.0.1"] + options)
            .joined(separator: "\n") + "\n")
        guard let child = spawn(["/usr/sbin/mosquitto", "-c", config], output: directory + "/broker.log") else {
            throw BrokerError("/usr/sbin/mosquitto could not be started (apt-get install mosquitto)")
        }
        pid = child
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child {
                pid = 0
                return false
            }
            if Self.accepts(port) { return true }
            usleep(10_000)
        }
        throw BrokerError("mosquitto did not listen on \(port) within 5 s: \(log)")
    }

    private static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw BrokerError("no free port: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func accepts(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

public struct BrokerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
