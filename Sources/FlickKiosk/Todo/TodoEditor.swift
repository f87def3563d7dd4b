import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickUI

/// Typing into the item being edited. The on-screen keyboard slides up from the bottom of the page (a kiosk
/// has no keyboard) and a physical keyboard types too. Text goes in at the caret; a tap on the edited row moves
/// the caret there, and so do a physical keyboard's arrows, Home and End. Done or Return ends the edit, and so
/// does Escape (a phone has no Escape; here it means "I'm finished", as tapping outside does) and a tap anywhere
/// but on the edited row and the keyboard.
final class TodoEditor {
    enum Edit: Equatable {
        case insert(String)
        /// The grapheme before the caret (Backspace), or after it (Delete).
        case deleteBackward, deleteForward
        /// The caret to the next place seen left or right of it: in right-to-left text Left reads on.
        case moveLeft, moveRight
        /// The caret to the text's logical start or end.
        case moveToStart, moveToEnd
        /// The caret to the place nearest a tap on the edited row (root coordinates).
        case placeCaret(Point)
    }

    /// Text typed or deleted, or the caret moved.
    var onEdit: (Edit) -> Void = { _ in }
    /// The edit is over.
    var onCommit: () -> Void = {}
    /// Whether a point (root coordinates) is on the edited row, where a tap does not end the edit.
    var isOnEditedRow: (Point) -> Bool = { _ in false }

    let keyboard: OnScreenKeyboard
    private let scene: ViewScene
    private let pageHeight: Double
    private var keyFinger: (id: TouchID, at: Point)?
    private let keyPress = Gesture(PressRecognizer())
    private let pageTap: Gesture<TapRecognizer>
    private static let slideKey = AnimationKey<Double>("keyboardY")
    /// Critically damped, about as quick as the iPhone keyboard's 0.25 s.
    static let slideSpring = Spring(dampingRatio: 1, response: 0.25)
    /// XKB keysyms.
    static let returnKey: UInt32 = 0xff0d, keypadEnter: UInt32 = 0xff8d, backspace: UInt32 = 0xff08, escape: UInt32 = 0xff1b
    static let delete: UInt32 = 0xffff, left: UInt32 = 0xff51, right: UInt32 = 0xff53, home: UInt32 = 0xff50, end: UInt32 = 0xff57
    /// The keypad's, with Num Lock off.
    static let keypadDelete: UInt32 = 0xff9f, keypadLeft: UInt32 = 0xff96, keypadRight: UInt32 = 0xff98,
               keypadHome: UInt32 = 0xff95, keypadEnd: UInt32 = 0xff9c

    init(look: TodoLook, context: PageContext) {
        scene = context.scene
        pageTap = Gesture(TapRecognizer(metrics: context.metrics))
        pageHeight = Double(context.height)
        // Keys a little lower than rows, as the iPhone's 42 pt keys are beside its 44 pt rows.
        keyboard = OnScreenKeyboard(width: look.width, keyHeight: (look.rowHeight * 0.84).rounded(), face: look.regular)
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

    var keyboardHeight: Double { keyboard.view.frame.height }

    /// Slides the keyboard up (or down) from where it is.
    func showKeyboard(_ shown: Bool) {
        pageTap.isEnabled = shown
        keyPress.isEnabled = shown
        if !shown { releaseKeys() }
        let target = shown ? pageHeight - keyboardHeight : pageHeight
        let velocity = scene.animator.stop(ObjectIdentifier(keyboard.view), key: Self.slideKey)?.velocity ?? 0
        let slide = SpringAnimation(Self.slideSpring, from: keyboard.view.frame.minY, to: target, initialVelocity: velocity,
                                    threshold: .pixels)
        scene.animate(keyboard.view, key: Self.slideKey, with: slide) { view, y in view.frame.origin.y = y.rounded() }
    }

    // MARK: Touches

    /// The editor's gestures: keys pressed on the keyboard, a tap on the edited row that moves the caret, and a
    /// tap anywhere else on `page` that ends the edit. Enabled while the keyboard is up.
    func attach(to page: View) {
        pageTap.isEnabled = false
        pageTap.onPhase = { [unowned self] phase in
            guard phase == .ended, let point = pageTap.recognizer.location else { return }
            if isOnEditedRow(point) { onEdit(.placeCaret(point)) } else { onCommit() }
        }
        page.addGesture(pageTap)
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
        for event in events {
            let point = event.position
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
        keyboard.touchCancelled()
    }

    // MARK: A physical keyboard

    func handle(key: KeyEvent) {
        guard key.isPressed else { return }
        switch key.keysym {
        case Self.returnKey, Self.keypadEnter, Self.escape: onCommit()
        case Self.backspace: onEdit(.deleteBackward)
        case Self.delete, Self.keypadDelete: onEdit(.deleteForward)
        case Self.left, Self.keypadLeft: onEdit(.moveLeft)
        case Self.right, Self.keypadRight: onEdit(.moveRight)
        case Self.home, Self.keypadHome: onEdit(.moveToStart)
        case Self.end, Self.keypadEnd: onEdit(.moveToEnd)
        default:
            if !key.text.isEmpty, key.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) {
                onEdit(.insert(key.text))
            }
        }
    }
}
