import FlickBoard
import FlickDRM
import FlickFiles
import FlickLibInput
import FlickInput
import Glibc
import SystemPackage

/// The evdev nodes in /dev/input and whether this process can open them: what to tell the operator when
/// libinput opens no device a command can use (it only says so at its info log level, which nobody sees).
struct InputNodes {
    /// `event0`, `event1`, … with, for each one this process cannot open, open(2)'s errno.
    let nodes: [(name: String, errno: Errno?)]
    let directory: String

    init(directory: String = "/dev/input") {
        self.directory = directory
        var names: [String] = []
        if let listing = opendir(directory) {
            defer { closedir(listing) }
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix("event") { names.append(name) }
            }
        }
        nodes = names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }.map { name in
            do throws(Errno) {
                try SystemCall.typed { try FileDescriptor.open("\(directory)/\(name)", .readOnly, options: [.nonBlocking, .closeOnExec]).close() }
                return (name, nil)
            } catch {
                return (name, error)
            }
        }
    }

    /// One line: why `seat` gave no device `wanted` can record from, given the devices libinput did open, and
    /// what to do about it.
    func explanation(seat: String, opened: [InputDevice], wanted: String) -> String {
        let unreadable = nodes.filter { $0.errno != nil }
        let head = "no \(wanted) on \(seat)"
        if nodes.isEmpty {
            return "\(head): there is no \(directory)/event* (connect a touchscreen or a mouse; is its kernel driver loaded?)"
        }
        if !unreadable.isEmpty {
            let denied = unreadable.allSatisfy { $0.errno == .permissionDenied || $0.errno == .notPermitted }
            let why = denied ? "permission denied" : unreadable.map { "\($0.name): \($0.errno!)" }.joined(separator: ", ")
            let fix = denied ? "run as root or add the user to the 'input' group (then log in again)"
                             : "check the devices with 'libinput list-devices'"
            return "\(head): \(unreadable.count) of \(nodes.count) \(directory)/event* not readable (\(names(unreadable)): \(why)); \(fix)"
        }
        if !opened.isEmpty {
            return "\(head): libinput opened only \(opened.map(\.description).joined(separator: "; ")) (connect a touchscreen or a mouse)"
        }
        return "\(head): libinput opened none of \(directory)/\(names(nodes)), though they are readable "
            + "(is udevd running? libinput finds devices through /run/udev; is the device on another seat? --seat)"
    }

    private func names(_ some: [(name: String, errno: Errno?)]) -> String {
        let shown = some.prefix(4).map(\.name).joined(separator: ", ")
        return some.count > 4 ? shown + ", …" : shown
    }
}
