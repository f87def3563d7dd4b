import CLibInput
import FlickInput

extension KeyboardLayout {
    /// XKB (its data in /usr/share/X11/xkb) can build this layout.
    public var isAvailable: Bool { Keymap(layout: self) != nil }
}

/// Key codes to keysyms and text through xkbcommon, with the modifiers held so far.
final class Keymap {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer

    /// `layout`, or the system's default (XKB_DEFAULT_LAYOUT and friends choose another); nil without XKB data or
    /// when XKB has no such layout.
    init?(layout: KeyboardLayout? = nil) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        // A layout XKB lacks is one line of Flick's naming the config field; xkbcommon's own eight lines add nothing.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let compiled: OpaquePointer? = if let layout {
            layout.layout.withCString { name in
                (layout.variant ?? "").withCString { variant in
                    var names = xkb_rule_names(rules: nil, model: nil, layout: name, variant: variant, options: nil)
                    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        } else {
            xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap = compiled else {
            xkb_context_unref(context)
            return nil
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            return nil
        }
        self.context = context; self.keymap = keymap; self.state = state
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Feeds one evdev key transition and returns the keysym and the text it types.
    func key(_ code: UInt32, pressed: Bool) -> (keysym: UInt32, text: String) {
        let xkbCode = code + 8 // evdev codes are offset by 8 in XKB, for X11's sake
        let keysym = xkb_state_key_get_one_sym(state, xkbCode)
        var text = ""
        if pressed {
            var buffer = [CChar](repeating: 0, count: 16)
            let n = xkb_state_key_get_utf8(state, xkbCode, &buffer, buffer.count)
            if n > 0 && n < buffer.count {
                text = String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        xkb_state_update_key(state, xkbCode, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        return (keysym, text)
    }
}
