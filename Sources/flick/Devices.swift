import ArgumentParser
import FlickDisplay

struct Devices: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List DRM cards and their connectors.")

    func run() throws {
        let cards = DRMDevice.cardPaths()
        if cards.isEmpty { print("no DRM cards (/dev/dri/card* absent)") }
        for card in cards {
            do {
                let device = try DRMDevice.open(card)
                print("\(card): driver \(device.driverName)\(device.supportsDumbBuffers ? "" : " (no dumb buffers)")")
                for id in try device.resources().connectors {
                    let c = try device.connector(id)
                    let size = c.physicalSize.map { " \(Int($0.widthMillimetres))x\(Int($0.heightMillimetres)) mm" } ?? ""
                    print("  \(c.name): \(c.isConnected ? "connected" : "disconnected")\(size)")
                    for mode in c.modes {
                        print("    \(mode)\(mode.isPreferred ? " (preferred)" : "")")
                    }
                }
            } catch {
                print("\(card): \(error)")
            }
        }
    }
}
