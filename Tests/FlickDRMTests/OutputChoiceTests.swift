import Foundation
import Testing
import FlickDisplay
@testable import FlickDRM

private func mode(_ w: Int, _ h: Int, _ hz: Double, preferred: Bool = false) -> DisplayMode {
    DisplayMode(width: w, height: h, refreshMillihertz: Int(hz * 1000), isPreferred: preferred)
}

private let panelModes = [mode(1920, 1080, 60), mode(1280, 800, 60, preferred: true), mode(1280, 800, 50), mode(800, 480, 60)]

private func connector(_ id: UInt32, _ name: String, connected: Bool = true, modes: [DisplayMode] = panelModes,
                       encoders: [UInt32] = [10], current: UInt32 = 0) -> Connector {
    Connector(id: id, name: name, isConnected: connected, modes: connected ? modes : [], physicalSize: nil,
              encoderIDs: encoders, currentEncoderID: current)
}

private let crtcs: [UInt32] = [40, 41]

@Test func firstConnectedConnectorAndItsPreferredModeWin() throws {
    let choice = try OutputChoice.choose(device: "card0", connectors: [connector(1, "HDMI-A-1", connected: false), connector(2, "DSI-1")],
                                         encoders: [Encoder(id: 10, possibleCRTCs: 0b10, currentCRTCID: 0)], crtcs: crtcs)
    #expect(choice.connector.name == "DSI-1")
    #expect(choice.mode == mode(1280, 800, 60, preferred: true))
    #expect(choice.crtc == 41)
}

@Test func theConsolesCRTCIsKeptForASeamlessHandover() throws {
    let choice = try OutputChoice.choose(device: "card0", connectors: [connector(2, "DSI-1", current: 10)],
                                         encoders: [Encoder(id: 10, possibleCRTCs: 0b11, currentCRTCID: 41)], crtcs: crtcs)
    #expect(choice.crtc == 41)
}

@Test func aNamedConnectorIsMatchedWithoutRegardToCase() throws {
    let choice = try OutputChoice.choose(device: "card0", connectors: [connector(1, "HDMI-A-1"), connector(2, "DSI-1")],
                                         encoders: [Encoder(id: 10, possibleCRTCs: 1, currentCRTCID: 0)], crtcs: crtcs,
                                         connectorName: "dsi-1")
    #expect(choice.connector.id == 2)
}

@Test func requestedModesPickSizeThenNearestRefresh() {
    #expect(DisplayMode.choose(from: panelModes, request: ModeRequest("1280x800@50")) == mode(1280, 800, 50))
    #expect(DisplayMode.choose(from: panelModes, request: ModeRequest("1280x800")) == mode(1280, 800, 60, preferred: true))
    #expect(DisplayMode.choose(from: panelModes, request: ModeRequest("1280x800@30")) == nil)
    #expect(DisplayMode.choose(from: [mode(640, 480, 60), mode(1024, 768, 60)], request: nil) == mode(1024, 768, 60))
}

@Test func modeRequestsParseOrRefuse() {
    #expect(ModeRequest("1920x1080@59.94") == ModeRequest(width: 1920, height: 1080, refreshHz: 59.94))
    #expect(ModeRequest("800X480") == ModeRequest(width: 800, height: 480))
    for bad in ["", "1280", "1280x", "x800", "0x0", "1280x800@", "1280x800@fast", "-1x5"] { #expect(ModeRequest(bad) == nil, "\(bad)") }
}

@Test func everyMisconfigurationSaysWhatToDoInOneLine() {
    let encoders = [Encoder(id: 10, possibleCRTCs: 0, currentCRTCID: 0)]
    func message(_ body: () throws -> OutputChoice) -> String {
        do { _ = try body(); return "" } catch { return "\(error)" }
    }
    let none = message { try OutputChoice.choose(device: "/dev/dri/card0", connectors: [connector(1, "HDMI-A-1", connected: false)], encoders: encoders, crtcs: crtcs) }
    #expect(none == "/dev/dri/card0: no connected connector: plug in or enable the panel, or name one with display.connector")
    let unknown = message { try OutputChoice.choose(device: "/dev/dri/card0", connectors: [connector(1, "HDMI-A-1")], encoders: encoders, crtcs: crtcs, connectorName: "DSI-2") }
    #expect(unknown == "/dev/dri/card0: no connector named DSI-2 (available: HDMI-A-1)")
    let unplugged = message { try OutputChoice.choose(device: "/dev/dri/card0", connectors: [connector(1, "HDMI-A-1", connected: false)], encoders: encoders, crtcs: crtcs, connectorName: "HDMI-A-1") }
    #expect(unplugged.contains("HDMI-A-1 is not connected"))
    let badMode = message { try OutputChoice.choose(device: "/dev/dri/card0", connectors: [connector(1, "DSI-1")], encoders: encoders, crtcs: crtcs, mode: ModeRequest("1024x600")) }
    #expect(badMode.contains("no mode 1024x600") && badMode.contains("1280x800@60.00"))
    let noCRTC = message { try OutputChoice.choose(device: "/dev/dri/card0", connectors: [connector(1, "DSI-1")], encoders: encoders, crtcs: crtcs) }
    #expect(noCRTC == "/dev/dri/card0: no free CRTC can drive DSI-1")
    for text in [none, unknown, unplugged, badMode, noCRTC] { #expect(!text.contains("\n")) }
}

@Test func systemCallErrorsNameTheDeviceTheCallAndTheRemedy() {
    let denied = DRMError(device: "/dev/dri/card0", .call("open", errno: .permissionDenied)).description
    #expect(denied == "/dev/dri/card0: open failed: Permission denied (add the user to the 'video' group, or run as root)")
    let busy = DRMError(device: "/dev/dri/card1", .call("drmModeSetCrtc(1280x800@60.00)", errno: .resourceBusy)).description
    #expect(busy.hasPrefix("/dev/dri/card1: drmModeSetCrtc(1280x800@60.00) failed") && busy.contains("another DRM master"))
    let notMaster = DRMError(device: "/dev/dri/card0", .call("drmModeSetCrtc", errno: .permissionDenied)).description
    #expect(notMaster.contains("not DRM master"))
    #expect(DRMError(device: "/dev/dri", .noDevice(searched: "/dev/dri/card*")).description.contains("--headless"))
}
