import FlickDisplay
import FlickFiles
import SystemPackage

/// A DRM/KMS failure, said in one line: the device, what failed, and what to do about it.
public struct DRMError: Error, CustomStringConvertible, Equatable {
    /// What failed.
    public enum Kind: Equatable, Sendable {
        /// A libdrm call failed with errno.
        case call(String, errno: Errno)
        /// No usable card in the directory searched.
        case noDevice(searched: String)
        /// No connector has a panel connected.
        case noConnectedConnector
        /// The connector named in the config does not exist.
        case connectorNotFound(String, available: [String])
        /// The connector named in the config has no panel connected.
        case connectorDisconnected(String)
        /// The connector has no mode of the size and rate the config asks for.
        case modeNotFound(String, available: [String])
        /// Every CRTC that could drive the connector is taken.
        case noCRTC(connector: String)
        /// The primary plane takes none of the formats Flick scans out (or not the one asked for).
        case noFormat(requested: String?, offered: [String])
    }

    /// The card (`/dev/dri/card0`).
    public let device: String
    /// What failed.
    public let kind: Kind

    /// `kind` on `device`.
    public init(device: String, _ kind: Kind) { self.device = device; self.kind = kind }

    public var description: String {
        switch kind {
        case .call(let call, let errno):
            return SystemCallError.line(on: device, call, failedWith: errno, advice: Self.advice(for: errno, call: call))
        case .noDevice(let searched):
            return "no DRM device: nothing usable in \(searched) (is the GPU driver loaded? `flick run --headless` renders without a display)"
        case .noConnectedConnector:
            return "\(device): no connected connector: plug in or enable the panel, or name one with display.connector"
        case .connectorNotFound(let name, let available):
            return "\(device): no connector named \(name) (available: \(available.joined(separator: ", ")))"
        case .connectorDisconnected(let name):
            return "\(device): connector \(name) is not connected: plug in or power the panel"
        case .modeNotFound(let mode, let available):
            return "\(device): connector has no mode \(mode) (available: \(available.joined(separator: ", ")))"
        case .noCRTC(let connector):
            return "\(device): no free CRTC can drive \(connector)"
        case .noFormat(let requested, let offered):
            let takes = offered.isEmpty ? "no formats listed" : offered.joined(separator: ", ")
            let supported = ScanoutFormat.preference.map(\.rawValue).joined(separator: ", ")
            if let requested { return "\(device): display.format \(requested) is not taken by the primary plane (it takes \(takes)): remove it or pick one of those" }
            return "\(device): the primary plane takes none of the formats Flick scans out (\(supported)); it takes \(takes)"
        }
    }

    private static func advice(for errno: Errno, call: String) -> String? {
        switch errno {
        case .permissionDenied, .notPermitted:
            call == "open"
                ? "add the user to the 'video' group, or run as root"
                : "not DRM master: another program — a desktop, another kiosk — holds the display; stop it or switch to a free VT"
        case .resourceBusy: "the display is in use by another DRM master; stop it first"
        case .noSuchFileOrDirectory: "no such device"
        default: nil
        }
    }
}
