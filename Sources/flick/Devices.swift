import FlickBoard
import FlickDRM
import FlickLibInput
import ArgumentParser
import FlickDisplay
import FlickInput

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List DRM cards (connectors, modes, plane formats), framebuffers, backlights and input devices.")

    @Option(help: "The libinput seat.")
    var seat = "seat0"

    func run() throws {
        listDisplays()
        listBacklights()
        listInputDevices()
    }

    /// What display.backlight can name, and whether this user may set it.
    private func listBacklights() {
        let names = Backlight.devices()
        if names.isEmpty { print("no backlights (/sys/class/backlight empty): display.idle can blank but not dim") }
        for name in names {
            do {
                let light = try Backlight.find(name)
                let level = light?.level.map { " at \(Int(($0 * 100).rounded())) %" } ?? ""
                print("backlight \(name): 0–\(light?.maximum ?? 0)\(level), writable")
            } catch {
                print("backlight \(name): \(error)")
            }
        }
    }

    private func listDisplays() {
        let cards = DRMDevice.cardPaths(), framebuffers = FBDisplay.devicePaths()
        if cards.isEmpty { print("no DRM cards (/dev/dri/card* absent)\(framebuffers.isEmpty ? "" : ": flick run uses the framebuffer")") }
        for path in framebuffers {
            do {
                let info = try FBDisplay.info(of: path)
                print("\(path): \(info)\(info.problem.map { ": cannot draw: \($0)" } ?? "")")
            } catch {
                print("\(error)")
            }
        }
        for card in cards {
            do {
                let device = try DRMDevice.open(card)
                print("\(card): driver \(device.driverName)\(device.supportsDumbBuffers ? "" : " (no dumb buffers)")")
                for id in try device.resources().connectors {
                    let c = try device.connector(id)
                    let size = c.physicalSize.map { " \(Int($0.widthMillimetres))x\(Int($0.heightMillimetres)) mm" } ?? ""
                    print("  \(c.name): \(c.isConnected ? "connected" : "disconnected")\(size)")
                    for mode in c.modes { print("    \(mode)\(mode.isPreferred ? " (preferred)" : "")") }
                }
                for plane in device.planes() where plane.isPrimary {
                    let crtcs = (0..<32).filter { plane.possibleCRTCs & (1 << UInt32($0)) != 0 }.map(String.init).joined(separator: ", ")
                    print("  primary plane \(plane.id) (CRTC \(crtcs)): \(plane.formats.map(ScanoutFormat.name(ofFourcc:)).joined(separator: ", "))")
                }
            } catch {
                print("\(card): \(error)")
            }
        }
    }

    private func listInputDevices() {
        do {
            let source = try LibInputSource(seat: seat, mapping: ScreenMapping(panelWidth: 1, panelHeight: 1))
            let devices = source.readEvents().compactMap { event -> InputDevice? in
                if case .deviceAdded(let device) = event { return device } else { return nil }
            }
            if devices.isEmpty {
                print("input (\(seat)): no devices (none plugged in, or no read access: add the user to the 'input' group)")
            }
            for device in devices { print("input (\(seat)) \(device)") }
        } catch {
            print("input (\(seat)): \(error)")
        }
    }
}
