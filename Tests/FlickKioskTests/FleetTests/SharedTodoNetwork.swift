import FlickTestFixtures
import Foundation
import Glibc

/// A line the test can pull: a network namespace for one kiosk, joined to this one by a veth pair whose end here
/// has an address a broker can listen on. ``setLink(_:up:)`` takes the end here down, as a pulled cable, and brings
/// it back. Names and addresses are this object's alone (tests in other processes may make their own at once); all
/// is removed when it goes, or when making it fails half way. Needs root.
final class SharedTodoNetwork {
    let namespace: String
    /// The veth's end here, and in the namespace (at most 15 characters, as interface names are).
    let hostSide: String, kioskSide: String
    /// The address of the end here, where the broker listens for the kiosk; the kiosk's end has the next one.
    let hostAddress: String, kioskAddress: String
    /// A port free on ``hostAddress``.
    private(set) var port: UInt16 = 0
    /// What `ip` said, for the failures.
    private let output: String

    init() throws {
        let tag = String(UInt32.random(in: 0..<0x100_0000), radix: 16)
        namespace = "flick-todo-\(getpid())-\(tag)"
        hostSide = "fk\(tag)h"
        kioskSide = "fk\(tag)k"
        output = FileManager.default.temporaryDirectory.appendingPathComponent("flick-netns-\(tag).log").path
        // A /30 in 10.200.0.0/13 that no interface here has: host .1, kiosk .2.
        var subnet: (Int, Int, Int)
        let taken = (try? String(contentsOfFile: "/proc/net/fib_trie", encoding: .utf8)) ?? ""
        repeat {
            subnet = (200 + Int.random(in: 0..<8), Int.random(in: 0..<256), 4 * Int.random(in: 0..<64))
        } while taken.contains("10.\(subnet.0).\(subnet.1).\(subnet.2 + 1)")
        hostAddress = "10.\(subnet.0).\(subnet.1).\(subnet.2 + 1)"
        kioskAddress = "10.\(subnet.0).\(subnet.1).\(subnet.2 + 2)"
        do {
            try ip("netns", "add", namespace)
            try ip("link", "add", hostSide, "type", "veth", "peer", "name", kioskSide)
            try ip("link", "set", kioskSide, "netns", namespace)
            try ip("addr", "add", hostAddress + "/30", "dev", hostSide)
            try ip("link", "set", hostSide, "up")
            try ip("-n", namespace, "addr", "add", kioskAddress + "/30", "dev", kioskSide)
            try ip("-n", namespace, "link", "set", kioskSide, "up")
            try ip("-n", namespace, "link", "set", "lo", "up")
            port = try Self.freePort(on: hostAddress)
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// What runs a program in the namespace: put before its arguments.
    var prefix: [String] { ["/usr/sbin/ip", "netns", "exec", namespace] }

    /// The kiosk's line goes dead (`up` false: the end here is taken down; nothing passes either way, and neither end
    /// is told), or is back. Of the interface named, so that a cue's thread can do it.
    static func setLink(_ hostSide: String, up: Bool) throws {
        try ip(["link", "set", hostSide, up ? "up" : "down"], output: "/dev/null")
    }

    private func remove() {
        // The pair goes with either end; the namespace with its name once the kiosk in it is gone.
        try? ip("link", "del", hostSide)
        try? ip("netns", "del", namespace)
        try? FileManager.default.removeItem(atPath: output)
    }

    private func ip(_ arguments: String...) throws { try Self.ip(arguments, output: output) }

    private static func ip(_ arguments: [String], output: String) throws {
        let ip = try ChildProcess(["/usr/sbin/ip"] + arguments, output: output)
        guard ip.waitForExit() == 0 else {
            throw FixtureError("ip \(arguments.joined(separator: " ")) failed: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
        }
    }

    private static func freePort(on address: String) throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, address, &socketAddress.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw FixtureError("no free port on \(address): \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: socketAddress.sin_port)
    }
}
