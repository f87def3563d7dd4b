import FlickInput
import FlickRaster
import CLibInput
import FlickGestures
import Glibc

/// Touches, pointer and keys from libinput's udev backend on one seat. Devices plugged in or out while
/// Flick runs come and go with it. Devices are opened with plain open(2): no logind needed, the user
/// needs read access to /dev/input/event* (the `input` group).
public final class LibInputSource: InputSource {
    public let seat: String
    private let udev: OpaquePointer
    private let context: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    /// Where touches land: the panel's size and rotation (set again when a display comes back in another mode).
    public var mapping: ScreenMapping
    private let calibration: CalibrationMatrix?
    private let keymap: Keymap?
    private var pending: [TouchEvent] = []
    private var pointer: PointerTouch
    private var devices: [OpaquePointer: InputDevice] = [:]

    /// Touch coordinates land in `mapping`'s logical screen; `calibration`, when given, replaces each
    /// touch device's udev LIBINPUT_CALIBRATION_MATRIX. Keys type through `keyboard`, else the system's layout.
    public init(seat: String = "seat0", mapping: ScreenMapping, calibration: CalibrationMatrix? = nil,
                keyboard: KeyboardLayout? = nil) throws {
        if let keyboard {
            guard let keymap = Keymap(layout: keyboard) else {
                throw InputError("keyboard layout \(keyboard): XKB cannot build it (see /usr/share/X11/xkb/symbols)")
            }
            self.keymap = keymap
        } else {
            keymap = Keymap()
        }
        self.seat = seat
        self.mapping = mapping
        self.calibration = calibration
        let size = mapping.logicalSize
        pointer = PointerTouch(at: Point(x: Double(size.width) / 2, y: Double(size.height) / 2))
        guard let udev = udev_new() else { throw InputError("udev_new failed: is /sys mounted?") }
        self.udev = udev
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                let fd = open(path!, flags | O_CLOEXEC | O_NONBLOCK)
                return fd >= 0 ? fd : -errno
            },
            close_restricted: { fd, _ in close(fd) }))
        guard let context = libinput_udev_create_context(interface, nil, udev) else {
            interface.deallocate(); udev_unref(udev)
            throw InputError("libinput_udev_create_context failed")
        }
        self.context = context
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context); interface.deallocate(); udev_unref(udev)
            throw InputError("libinput: cannot assign seat \(seat) (is udevd running?)")
        }
    }

    deinit {
        libinput_unref(context)
        interface.deallocate()
        udev_unref(udev)
    }

    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// The devices libinput has opened so far.
    public var currentDevices: [InputDevice] { devices.values.sorted { $0.sysname < $1.sysname } }

    public func readEvents() -> [InputEvent] {
        libinput_dispatch(context)
        var out: [InputEvent] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            translate(event, into: &out)
        }
        return out
    }

    private func translate(_ event: OpaquePointer, into out: inout [InputEvent]) {
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let device = libinput_event_get_device(event)!
            let info = describe(device)
            devices[device] = info
            if info.capabilities.contains(.touch), let calibration {
                _ = calibration.values.withUnsafeBufferPointer {
                    libinput_device_config_calibration_set_matrix(device, $0.baseAddress)
                }
            }
            out.append(.deviceAdded(info))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            let device = libinput_event_get_device(event)!
            if let info = devices.removeValue(forKey: device) {
                // A finger held on a device that disappears must not stay down forever.
                if info.capabilities.contains(.touch) { out.append(contentsOf: cancelHeldTouches()) }
                out.append(.deviceRemoved(info))
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let touch = libinput_event_get_touch_event(event)!
            let point = mapping.logicalPoint(
                panelX: libinput_event_touch_get_x_transformed(touch, UInt32(mapping.panelWidth)),
                panelY: libinput_event_touch_get_y_transformed(touch, UInt32(mapping.panelHeight)))
            let id = TouchID.finger(Int(libinput_event_touch_get_seat_slot(touch)))
            let phase: TouchEvent.Phase = type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move
            pending.append(TouchEvent(phase, id: id, at: point, time: Int64(libinput_event_touch_get_time_usec(touch))))
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            let touch = libinput_event_get_touch_event(event)!
            let id = TouchID.finger(Int(libinput_event_touch_get_seat_slot(touch)))
            let last = pending.last { $0.id == id }?.position ?? lastPositions[id] ?? .zero
            let phase: TouchEvent.Phase = type == LIBINPUT_EVENT_TOUCH_UP ? .up : .cancel
            pending.append(TouchEvent(phase, id: id, at: last, time: Int64(libinput_event_touch_get_time_usec(touch))))
        case LIBINPUT_EVENT_TOUCH_FRAME:
            flushTouchFrame(into: &out)
        case LIBINPUT_EVENT_POINTER_MOTION:
            let p = libinput_event_get_pointer_event(event)!
            let size = mapping.logicalSize
            let x = min(max(pointer.position.x + libinput_event_pointer_get_dx(p), 0), Double(size.width - 1))
            let y = min(max(pointer.position.y + libinput_event_pointer_get_dy(p), 0), Double(size.height - 1))
            if let frame = pointer.move(to: Point(x: x, y: y), time: Int64(libinput_event_pointer_get_time_usec(p))) {
                out.append(.touches(frame))
            }
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let p = libinput_event_get_pointer_event(event)!
            let point = mapping.logicalPoint(
                panelX: libinput_event_pointer_get_absolute_x_transformed(p, UInt32(mapping.panelWidth)),
                panelY: libinput_event_pointer_get_absolute_y_transformed(p, UInt32(mapping.panelHeight)))
            if let frame = pointer.move(to: point, time: Int64(libinput_event_pointer_get_time_usec(p))) {
                out.append(.touches(frame))
            }
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let p = libinput_event_get_pointer_event(event)!
            // The left button (BTN_LEFT) is the finger; other buttons do nothing on a kiosk.
            guard libinput_event_pointer_get_button(p) == 0x110 else { break }
            let pressed = libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED
            if let frame = pointer.button(pressed: pressed, time: Int64(libinput_event_pointer_get_time_usec(p))) {
                out.append(.touches(frame))
            }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let k = libinput_event_get_keyboard_event(event)!
            let pressed = libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED
            let (keysym, text) = keymap?.key(libinput_event_keyboard_get_key(k), pressed: pressed) ?? (0, "")
            out.append(.key(KeyEvent(keysym: keysym, text: text, isPressed: pressed,
                                     time: Int64(libinput_event_keyboard_get_time_usec(k)))))
        default:
            break
        }
    }

    /// Where each finger that is down was last seen: an `up` carries no position of its own.
    private var lastPositions: [TouchID: Point] = [:]

    private func flushTouchFrame(into out: inout [InputEvent]) {
        guard let time = pending.last?.time else { return }
        for e in pending {
            if e.phase == .up || e.phase == .cancel { lastPositions[e.id] = nil } else { lastPositions[e.id] = e.position }
        }
        out.append(.touches(TouchFrame(time: time, events: pending)))
        pending = []
    }

    private func cancelHeldTouches() -> [InputEvent] {
        guard !lastPositions.isEmpty else { return [] }
        let time = pending.last?.time ?? 0
        let events = lastPositions.sorted { $0.key < $1.key }.map { TouchEvent(.cancel, id: $0.key, at: $0.value, time: time) }
        lastPositions = [:]
        pending = []
        return [.touches(TouchFrame(time: time, events: events))]
    }

    private func describe(_ device: OpaquePointer) -> InputDevice {
        var caps: InputDevice.Capabilities = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { caps.insert(.touch) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { caps.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { caps.insert(.keyboard) }
        return InputDevice(sysname: String(cString: libinput_device_get_sysname(device)),
                           name: String(cString: libinput_device_get_name(device)), capabilities: caps)
    }
}

public struct InputError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
