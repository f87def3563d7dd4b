import FlickDisplay
/// Which connector, mode and CRTC Flick drives: pure, so the choice is tested without hardware.
public struct OutputChoice: Sendable {
    public let connector: Connector
    public let mode: DisplayMode
    public let crtc: UInt32

    /// The named connector, or the first connected one; the requested mode, or the preferred one; the
    /// CRTC already driving the connector (a seamless hand-over from the console) or the first that can.
    public static func choose(device: String, connectors: [Connector], encoders: [Encoder], crtcs: [UInt32],
                              connectorName: String? = nil, mode request: ModeRequest? = nil) throws -> OutputChoice {
        let connector: Connector
        if let connectorName {
            guard let named = connectors.first(where: { $0.name.lowercased() == connectorName.lowercased() }) else {
                throw DRMError(device: device, .connectorNotFound(connectorName, available: connectors.map(\.name)))
            }
            guard named.isConnected else { throw DRMError(device: device, .connectorDisconnected(named.name)) }
            connector = named
        } else {
            guard let first = connectors.first(where: { $0.isConnected && !$0.modes.isEmpty }) else {
                throw DRMError(device: device, .noConnectedConnector)
            }
            connector = first
        }
        guard let mode = DisplayMode.choose(from: connector.modes, request: request) else {
            throw DRMError(device: device, .modeNotFound(request?.description ?? "(preferred)",
                                                         available: connector.modes.map(\.description)))
        }
        let usable = encoders.filter { connector.encoderIDs.contains($0.id) }
        if let current = usable.first(where: { $0.id == connector.currentEncoderID }), current.currentCRTCID != 0 {
            return OutputChoice(connector: connector, mode: mode, crtc: current.currentCRTCID)
        }
        for encoder in usable {
            for (index, crtc) in crtcs.enumerated() where encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                return OutputChoice(connector: connector, mode: mode, crtc: crtc)
            }
        }
        throw DRMError(device: device, .noCRTC(connector: connector.name))
    }
}
