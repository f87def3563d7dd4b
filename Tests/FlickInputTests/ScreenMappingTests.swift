import FlickGestures
import FlickRaster
import Testing
@testable import FlickInput

@Test func aPortraitKioskTurnsTouchesWithItsPicture() {
    // A 1280×800 panel mounted turned 90° clockwise: the app is 800×1280.
    let mapping = ScreenMapping(panelWidth: 1280, panelHeight: 800, rotation: .clockwise90)
    #expect(mapping.logicalSize == (800, 1280))
    // The panel's top-right corner is where the app's top-left is drawn, its bottom-left the app's bottom-right.
    #expect(mapping.logicalPoint(panelX: 1280, panelY: 0) == Point(x: 0, y: 0))
    #expect(mapping.logicalPoint(panelX: 0, panelY: 800) == Point(x: 800, y: 1280))
}

@Test(arguments: Rotation.allCases)
func touchesLandWhereTheirPixelIsDrawn(rotation: Rotation) {
    let mapping = ScreenMapping(panelWidth: 1280, panelHeight: 800, rotation: rotation)
    let (w, h) = mapping.logicalSize
    for p in [Point(10, 20), Point(Double(w) - 1, 3), Point(400, Double(h) - 5)] {
        let panel = rotation.panelPoint(p, logicalWidth: Double(w), logicalHeight: Double(h))
        #expect(mapping.logicalPoint(panelX: panel.x, panelY: panel.y) == Point(x: p.x, y: p.y))
    }
}

@Test func calibrationNeedsSixFiniteNumbers() {
    #expect(CalibrationMatrix([1, 0, 0, 0, 1, 0]) == .identity)
    #expect(CalibrationMatrix([1, 0, 0, 0, 1]) == nil)
    #expect(CalibrationMatrix([1, 0, .nan, 0, 1, 0]) == nil)
    #expect(CalibrationMatrix([-1, 0, 1, 0, 1, 0])?.values == [-1, 0, 1, 0, 1, 0])
}

@Test func devicesDescribeThemselvesInOneLine() {
    let device = InputDevice(sysname: "event1", name: "QEMU Virtio MultiTouch", capabilities: [.touch, .pointer])
    #expect(device.description == "event1: QEMU Virtio MultiTouch [touch, pointer]")
    #expect(InputDevice(sysname: "event9", name: "Power Button", capabilities: []).description.contains("no capabilities"))
}

/// A calibration that throws a touch to 1e300 (or NaN) must not carry it on to where it would trap as an Int.
@Test func aTouchFarOffThePanelIsHeldWithinTheTouchRange() {
    let mapping = ScreenMapping(panelWidth: 1280, panelHeight: 800)
    #expect(mapping.logicalPoint(panelX: 1e300, panelY: -5e18) == Point(x: Point.farthestTouch, y: -Point.farthestTouch))
    #expect(mapping.logicalPoint(panelX: .nan, panelY: 10) == Point(x: 0, y: 10))
}
