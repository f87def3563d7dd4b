import FlickGestures

/// The evdev codes the touch import understands (linux/input-event-codes.h).
enum EvdevCode {
    static let evSyn = 0, evKey = 1, evAbs = 3
    static let synReport = 0, synDropped = 3
    static let btnTouch = 330
    static let absX = 0, absY = 1
    static let absMTSlot = 47, absMTPositionX = 53, absMTPositionY = 54, absMTTrackingID = 57
    static let inputPropDirect = 1
}

struct EvdevTouchError: Error {
    var message: String
}

/// Replays a device's kernel events the way libinput reads a touchscreen: multitouch protocol B (slots and
/// tracking ids), or BTN_TOUCH with ABS_X/ABS_Y for single-touch panels, and a touch frame at each SYN_REPORT.
/// The slot number is the touch id, as libinput's `libinput_event_touch_get_slot`.
struct EvdevTouches {
    private struct Slot {
        var trackingID = -1
        var x = 0, y = 0
        var moved = false
        /// The tracking id as of the last frame, and where that touch was.
        var reportedID = -1
        var reportedPosition = Point.zero
    }

    private let multitouch: Bool
    private let xAxis: LibinputRecording.AbsInfo
    private let yAxis: LibinputRecording.AbsInfo
    private let width: Double
    private let height: Double
    private var slots: [Slot]
    private var current = 0
    private var singleTouchDown = false
    private var droppedUntilReport = false
    private(set) var frames: [TouchFrame] = []

    init(device: LibinputRecording.Device, screenWidth: Double, screenHeight: Double) throws(EvdevTouchError) {
        guard screenWidth > 0, screenHeight > 0, screenWidth.isFinite, screenHeight.isFinite else {
            throw EvdevTouchError(message: "the screen size must be positive, got \(screenWidth)x\(screenHeight)")
        }
        width = screenWidth
        height = screenHeight
        let name = device.node.isEmpty ? "the device" : device.node
        if device.hasMultitouchPosition {
            guard let slotAxis = device.absinfo[EvdevCode.absMTSlot] else {
                throw EvdevTouchError(message: "\(name) reports multitouch without ABS_MT_SLOT (protocol A), which is not supported")
            }
            multitouch = true
            xAxis = device.absinfo[EvdevCode.absMTPositionX]!
            yAxis = device.absinfo[EvdevCode.absMTPositionY]!
            let count = slotAxis.maximum - slotAxis.minimum + 1
            guard slotAxis.minimum == 0, (1...64).contains(count) else {
                throw EvdevTouchError(message: "\(name) has ABS_MT_SLOT \(slotAxis.minimum)...\(slotAxis.maximum); expected 0 up to at most 63")
            }
            slots = Array(repeating: Slot(), count: count)
        } else if device.hasSingleTouchPosition {
            multitouch = false
            xAxis = device.absinfo[EvdevCode.absX]!
            yAxis = device.absinfo[EvdevCode.absY]!
            slots = [Slot()]
        } else {
            throw EvdevTouchError(message: "\(name) has no ABS_MT_POSITION_X/Y or ABS_X/Y axes")
        }
        for (axis, label) in [(xAxis, "x"), (yAxis, "y")] where axis.maximum <= axis.minimum {
            throw EvdevTouchError(message: "\(name)'s \(label) axis range \(axis.minimum)...\(axis.maximum) is empty")
        }
    }

    mutating func apply(_ event: LibinputRecording.EvdevEvent) throws(EvdevTouchError) {
        if event.type == EvdevCode.evSyn && event.code == EvdevCode.synDropped {
            // The kernel's buffer overflowed: what the fingers did is lost. libinput resyncs from the device, a
            // recording cannot, so every touch is cancelled and only fresh ones count.
            droppedUntilReport = true
            var events: [TouchEvent] = []
            for i in slots.indices where slots[i].reportedID >= 0 {
                events.append(TouchEvent(.cancel, id: .finger(i), at: slots[i].reportedPosition, time: event.time))
            }
            slots = Array(repeating: Slot(), count: slots.count)
            singleTouchDown = false
            append(events, at: event.time)
            return
        }
        if droppedUntilReport {
            if event.type == EvdevCode.evSyn && event.code == EvdevCode.synReport { droppedUntilReport = false }
            return
        }
        switch (event.type, event.code) {
        case (EvdevCode.evSyn, EvdevCode.synReport):
            flush(at: event.time)
        case (EvdevCode.evAbs, EvdevCode.absMTSlot) where multitouch:
            guard slots.indices.contains(event.value) else {
                throw EvdevTouchError(message: "ABS_MT_SLOT \(event.value) is outside the device's slots 0...\(slots.count - 1)")
            }
            current = event.value
        case (EvdevCode.evAbs, EvdevCode.absMTTrackingID) where multitouch:
            slots[current].trackingID = event.value < 0 ? -1 : event.value
        case (EvdevCode.evAbs, EvdevCode.absMTPositionX) where multitouch,
             (EvdevCode.evAbs, EvdevCode.absX) where !multitouch:
            slots[multitouch ? current : 0].x = event.value
            slots[multitouch ? current : 0].moved = true
        case (EvdevCode.evAbs, EvdevCode.absMTPositionY) where multitouch,
             (EvdevCode.evAbs, EvdevCode.absY) where !multitouch:
            slots[multitouch ? current : 0].y = event.value
            slots[multitouch ? current : 0].moved = true
        case (EvdevCode.evKey, EvdevCode.btnTouch) where !multitouch:
            singleTouchDown = event.value != 0
            slots[0].trackingID = singleTouchDown ? 0 : -1
        default:
            break // pressure, touch size, BTN_TOOL_*, MSC_TIMESTAMP: nothing a gesture uses
        }
    }

    private mutating func flush(at time: Microseconds) {
        var events: [TouchEvent] = []
        for i in slots.indices {
            let slot = slots[i]
            let position = Point(x: scale(slot.x, xAxis, width), y: scale(slot.y, yAxis, height)).clampedToTouchRange
            if slot.reportedID >= 0, slot.trackingID != slot.reportedID {
                events.append(TouchEvent(.up, id: .finger(i), at: slot.reportedPosition, time: time))
            }
            if slot.trackingID >= 0, slot.trackingID != slot.reportedID {
                events.append(TouchEvent(.down, id: .finger(i), at: position, time: time))
            } else if slot.trackingID >= 0, slot.moved, position != slot.reportedPosition {
                events.append(TouchEvent(.move, id: .finger(i), at: position, time: time))
            }
            slots[i].reportedID = slot.trackingID
            slots[i].reportedPosition = position
            slots[i].moved = false
        }
        append(events, at: time)
    }

    private mutating func append(_ events: [TouchEvent], at time: Microseconds) {
        guard !events.isEmpty else { return }
        // Two reports in the same microsecond stay two frames, so each finger has one event per frame.
        let time = frames.last.map { max(time, $0.time + 1) } ?? time
        frames.append(TouchFrame(time: time, events: events.map { TouchEvent($0.phase, id: $0.id, at: $0.position, time: time) }))
    }

    /// libinput's scale_axis: the range's `max - min + 1` device units span the screen.
    private func scale(_ value: Int, _ axis: LibinputRecording.AbsInfo, _ size: Double) -> Double {
        Double(value - axis.minimum) * size / Double(axis.maximum - axis.minimum + 1)
    }
}
