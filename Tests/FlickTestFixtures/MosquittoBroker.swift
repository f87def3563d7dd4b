import Foundation
import Glibc

/// A real mosquitto on a free loopback port, in its own scratch directory, stopped (and the directory removed)
/// when the test lets go of it. It and the clients run as ``ChildProcess``es.
public final class MosquittoBroker {
    public let directory: String
    public private(set) var port: UInt16 = 0
    private var process: ChildProcess?
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
        throw FixtureError("mosquitto did not start: \(self.log)")
    }

    /// Starts it again on the same port, after ``stop(signal:)``.
    public func restart() throws {
        guard try launch() else { throw FixtureError("mosquitto did not start again on \(port): \(self.log)") }
    }

    /// Ends it (SIGKILL: as a crash or a power cut) and reaps it.
    public func stop(signal: Int32 = SIGTERM) {
        process?.stop(signal: signal)
        process = nil
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
        (try? spawn(arguments, output: directory + "/" + output))?.waitForExit() ?? -1
    }

    /// Starts a program (mosquitto_sub) with its output and errors appended to `output`.
    public func spawn(_ arguments: [String], output: String) throws -> ChildProcess {
        try ChildProcess(arguments, output: output, append: true)
    }

    /// Writes the config and starts mosquitto; true once it accepts connections, false if it exited (the port
    /// was taken).
    private func launch() throws -> Bool {
        // `user root` keeps a broker started as root from switching to the mosquitto user, who cannot read the
        // scratch directory; for anyone else it changes nothing.
        let config = write("mosquitto.conf", (["user root", "persistence false", "listener \(port) 127.0.0.1"] + options)
            .joined(separator: "\n") + "\n")
        guard let broker = try? spawn(["/usr/sbin/mosquitto", "-c", config], output: directory + "/broker.log") else {
            throw FixtureError("/usr/sbin/mosquitto could not be started (apt-get install mosquitto)")
        }
        let listening = broker.wait(seconds: 5) { Self.accepts(port) }
        // Exited: the port was taken.
        guard broker.status == nil else { return false }
        process = broker
        guard listening else { throw FixtureError("mosquitto did not listen on \(port) within 5 s: \(log)") }
        return true
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
        guard bound else { throw FixtureError("no free port: \(String(cString: strerror(errno)))") }
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
