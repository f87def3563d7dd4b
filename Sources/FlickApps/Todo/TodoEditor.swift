import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickUI

/// Typing into the item being edited. The on-screen keyboard slides up from the bottom of the page (a kiosk
/// has no keyboard) and a physical keyboard types too. Done or Return ends the edit, and so does Escape (a
/// phone has no Escape; here it means "I'm finished", as tapping outside does) and a tap anywhere but on the
/// edited row and the keyboard.
final class TodoEditor {
    enum Edit: Equatable {
        case insert(String)
        case deleteBackward
    }

    /// Text typed or deleted.
    var onEdit: (Edit) -> Void = { _ in }
    /// The edit is over.
    var onCommit: () -> Void = {}
    /// Whether a point (root coordinates) is on the edited row, where a tap does not end the edit.
    var isOnEditedRow: (Point) -> Bool = { _ in false }

    /// nil when the fonts cannot be read: a physical keyboard still types.
    let keyboard: OnScreenKeyboard?
    private let scene: ViewScene
    private let pageHeight: Double
    private var keyFinger: (id: TouchID, at: Point)?
    private let keyPress = Gesture(PressRecognizer())
    private let outsideTap: Gesture<TapRecognizer>
    private static let slideKey = AnimationKey<Double>("keyboardY")
    /// Critically damped, about as quick as the iPhone keyboard's 0.25 s.
    static let slideSpring = Spring(dampingRatio: 1, response: 0.25)
    /// XKB keysyms.
    static let returnKey: UInt32 = 0xff0d, keypadEnter: UInt32 = 0xff8d, backspace: UInt32 = 0xff08, escape: UInt32 = 0xff1b

    init(look: TodoLook, context: PageContext) {
        scene = context.scene
        outsideTap = Gesture(TapRecognizer(metrics: context.metrics))
        pageHeight = Double(context.height)
        keyboard = look.regular.map {
            // Keys a little lower than rows, as the iPhone's 42 pt keys are beside its 44 pt rows.
            OnScreenKeyboard(width: look.width, keyHeight: (look.rowHeight * 0.84).rounded(), face: $0)
        }
        guard let keyboard else { return }
        keyboard.view.frame.origin.y = pageHeight
        keyboard.onKey = { [unowned self] key in
            switch key {
            case .character(let c): onEdit(.insert(c))
            case .space: onEdit(.insert(" "))
            case .backspace: onEdit(.deleteBackward)
            case .done: onCommit()
            case .shift, .layer: break
            }
        }
    }

    var keyboardHeight: Double { keyboard?.view.frame.height ?? 0 }

    /// Slides the keyboard up (or down) from where it is.
    func showKeyboard(_ shown: Bool) {
        outsideTap.isEnabled = shown
        keyPress.isEnabled = shown
        guard let keyboard else { return }
        if !shown { releaseKeys() }
        let target = shown ? pageHeight - keyboardHeight : pageHeight
        let velocity = scene.animator.stop(ObjectIdentifier(keyboard.view), key: Self.slideKey)?.velocity ?? 0
        let slide = SpringAnimation(Self.slideSpring, from: keyboard.view.frame.minY, to: target, initialVelocity: velocity,
                                    threshold: .pixels)
        scene.animate(keyboard.view, key: Self.slideKey, with: slide) { view, y in view.frame.origin.y = y.rounded() }
    }

    // MARK: Touches

    /// The editor's gestures: keys pressed on the keyboard, and a tap anywhere else on `page` (but the edited
    /// row) that ends the edit. Enabled while the keyboard is up.
    func attach(to page: View) {
        outsideTap.isEnabled = false
        outsideTap.onPhase = { [unowned self] phase in
            if phase == .ended, let point = outsideTap.recognizer.location, !isOnEditedRow(point.point) { onCommit() }
        }
        page.addGesture(outsideTap)
        guard let keyboard else { return }
        keyPress.onPhase = { [unowned self] phase in
            switch phase {
            case .began, .changed, .ended: press(keyPress.recognizer.events)
            case .cancelled: releaseKeys()
            case .touchDown, .possible, .failed: break
            }
        }
        keyboard.view.addGesture(keyPress)
    }

    private func press(_ events: [TouchEvent]) {
        guard let keyboard else { return }
        for event in events {
            let point = event.position.point
            switch event.phase {
            case .down:
                // A second finger on the keyboard types the first key, as fast typing rolls from key to key.
                if let held = keyFinger { keyboard.touchUp(at: held.at) }
                keyFinger = keyboard.touchDown(at: point) ? (event.id, point) : nil
            case .move where event.id == keyFinger?.id:
                keyFinger?.at = point
                keyboard.touchMoved(to: point)
            case .up where event.id == keyFinger?.id:
                keyFinger = nil
                keyboard.touchUp(at: point)
            case .cancel where event.id == keyFinger?.id:
                releaseKeys()
            default:
                break
            }
        }
    }

    private func releaseKeys() {
        keyFinger = nil
        keyboard?.touchCancelled()
    }

    // MARK: A physical keyboard

    func handle(key: KeyEvent) {
        guard key.isPressed else { return }
        switch key.keysym {
        case Self.returnKey, Self.keypadEnter, Self.escape: onCommit()
        case Self.backspace: onEdit(.deleteBackward)
        default:
            if !key.text.isEmpty, key.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) {
                onEdit(.insert(key.text))
            }
        }
    }
}
