import FlickRaster
import Foundation
import Testing

extension VirtualMachine {
    /// The aarch64 guest (deploy/vm with FLICK_VM_ARCH=arm64): a Cortex-A72 on QEMU's virt board with Debian's arm64
    /// kernel, running the aarch64 release build in a trixie arm64 root. Inside ``VirtualMachine``, so it never boots
    /// beside an x86 guest.
    @Suite(.enabled(if: GuestArchitecture.arm64.unavailableReason == nil, GuestArchitecture.arm64.skipComment))
    struct Aarch64 {
        /// The aarch64 flick, under qemu-aarch64 with the guest's root for its libraries and fonts, draws the tour's
        /// pages as this x86 process does, pixel for pixel.
        @Test(.timeLimit(.minutes(5)))
        func theAarch64FlickDrawsTheTourPagesAsTheX86OneDoes() throws {
            let tour = try GuestTour(width: 640, height: 400)
            for page in [tour.config.start, try tour.rightOfStart()] {
                let aarch64 = try renderedUnderQEMUUser(page, tour), x86 = try tour.atRest(page)
                try #require(aarch64.width == x86.width && aarch64.height == x86.height)
                let difference = PixelDifference(aarch64, x86)
                #expect(difference.count == 0, "page \(page), aarch64 against x86: \(difference)")
            }
        }

        /// One boot for every check, since TCG emulating aarch64 is slow: the tour's start page on virtio-gpu is the
        /// headless frame, a swipe through virtio-multitouch and libinput turns the page, and SIGTERM gives the
        /// console back.
        @Test(.timeLimit(.minutes(10)))
        func theTourOnTheAarch64GuestShowsTheHeadlessFramesTurnsThePageAndGivesTheConsoleBack() throws {
            try GuestTour(width: 640, height: 400).swipeOnScreen(.arm64, bootTimeout: 300) { guest in
                try guest.stopKiosk()
                // The text console is black with a line or two of text: none of the tour's background.
                let console = try waitForScreen(guest, timeout: 60) { darkFraction($0) > 0.9 }
                #expect(darkFraction(console) > 0.9, "after exit the screen still shows Flick (\(darkFraction(console)) dark)")
            }
        }

        /// `page` as `flick render` draws it on the aarch64 flick, run by qemu-aarch64 with the guest's root as its
        /// library prefix (`-L`): trixie's libraries and fonts, as in the guest.
        private func renderedUnderQEMUUser(_ page: String, _ tour: GuestTour) throws -> Surface {
            let flick = try #require(GuestArchitecture.arm64.flickBinary)
            let root = try GuestArchitecture.arm64.preparedDirectory().appendingPathComponent("guest-root").resolvingSymlinksInPath()
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("flick-aarch64-\(getpid())-\(page).png")
            defer { try? FileManager.default.removeItem(at: out) }
            let render = Process()
            render.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            render.arguments = ["qemu-aarch64", "-L", root.path, flick, "render", "--config", "kiosk/tour.json", "--page", page,
                                "--size", "\(tour.width)x\(tour.height)", "--dpi", "160", "--out", out.path]
            render.currentDirectoryURL = GuestVM.repository
            render.standardOutput = FileHandle.nullDevice
            try render.run()
            render.waitUntilExit()
            try #require(render.terminationStatus == 0, "qemu-aarch64 flick render --page \(page) exited \(render.terminationStatus)")
            return try Surface.readPNG(path: out.path)
        }
    }
}

/// Where two frames differ at all: in how many pixels, by how much at most in a channel, and within which box.
struct PixelDifference: CustomStringConvertible {
    private(set) var count = 0
    private(set) var largest = 0
    private var box = (left: Int.max, top: Int.max, right: -1, bottom: -1)

    init(_ a: Surface, _ b: Surface) {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        for y in 0..<a.height {
            for x in 0..<a.width where a[x, y] != b[x, y] {
                count += 1
                for shift: UInt32 in [0, 8, 16, 24] {
                    largest = max(largest, abs(Int((a[x, y] >> shift) & 0xFF) - Int((b[x, y] >> shift) & 0xFF)))
                }
                box = (min(box.left, x), min(box.top, y), max(box.right, x), max(box.bottom, y))
            }
        }
    }

    var description: String {
        count == 0 ? "identical"
            : "\(count) pixels differ, by up to \(largest) in a channel, within x \(box.left)…\(box.right), y \(box.top)…\(box.bottom)"
    }
}
