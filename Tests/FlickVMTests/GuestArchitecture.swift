import Foundation
import Testing

/// The architecture a guest emulates (deploy/vm's FLICK_VM_ARCH), the flick it runs, and whether it can run here.
enum GuestArchitecture: String {
    /// The host's own: the guest runs the debug build in the host's root, shared read-only.
    case x86_64
    /// A Cortex-A72 on QEMU's `virt` board: the guest runs the aarch64 release build in a trixie arm64 root.
    case arm64

    /// The flick this guest runs, if it has been built.
    var flickBinary: String? {
        let path = GuestVM.repository.appendingPathComponent(binaryPath).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// What to do when `flickBinary` is missing.
    var buildHint: String {
        switch self {
        case .x86_64: "build flick first (scripts/test does)"
        case .arm64: "no aarch64 flick at \(binaryPath): build it with scripts/build-arm64 -c release --static-swift-stdlib --product flick"
        }
    }

    private var binaryPath: String {
        switch self {
        case .x86_64: ".build/debug/flick"
        case .arm64: ".build-arm64/release/flick"
        }
    }

    /// Why the guest cannot run here, or nil when it can: QEMU with virtio-multitouch and the prepared kernel (and for
    /// arm64, its root and the aarch64 flick, which `swift build` does not make).
    var unavailableReason: String? {
        if self == .arm64, flickBinary == nil { return buildHint }
        if case .failure(let error) = prepared { return error.description }
        return nil
    }

    /// `unavailableReason` for a suite's `.enabled(if:)` trait. (Made here: Swift 6.0 crashed type-checking an
    /// interpolation inside the trait.)
    var skipComment: Comment {
        Comment(rawValue: "\(self == .x86_64 ? "QEMU cannot run here" : "no aarch64 guest"): \(unavailableReason ?? "")")
    }

    /// The directory deploy/vm/prepare made for this guest (its kernel, initramfs and, for arm64, `guest-root`).
    func preparedDirectory() throws -> URL {
        URL(fileURLWithPath: try prepared.get())
    }

    private var prepared: Result<String, VMError> { self == .x86_64 ? Self.preparedX86 : Self.preparedArm64 }

    /// Each prepared once per test run: the first run fetches a kernel (and for arm64 makes a root: about 2 min).
    private static let preparedX86 = prepare(.x86_64)
    private static let preparedArm64 = prepare(.arm64)

    private static func prepare(_ architecture: GuestArchitecture) -> Result<String, VMError> {
        let prepare = Process()
        prepare.executableURL = GuestVM.repository.appendingPathComponent("deploy/vm/prepare")
        prepare.environment = ProcessInfo.processInfo.environment.merging(["FLICK_VM_ARCH": architecture.rawValue]) { $1 }
        // One pipe for both (two could fill while the other is read): the last line is the directory, or why not.
        let output = Pipe()
        prepare.standardOutput = output
        prepare.standardError = output
        do { try prepare.run() } catch { return .failure(VMError("deploy/vm/prepare could not start: \(error)")) }
        let lastLine = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map(String.init) ?? ""
        prepare.waitUntilExit()
        guard prepare.terminationStatus == 0 else {
            return .failure(VMError("FLICK_VM_ARCH=\(architecture.rawValue) deploy/vm/prepare failed: \(lastLine)"))
        }
        return .success(lastLine)
    }
}
