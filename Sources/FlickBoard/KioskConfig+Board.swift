import FlickKiosk
import FlickInput
import FlickJSON
import FlickLibInput

extension KioskConfig {
    /// What only the board can check, as config errors: the physical keyboard's layout must be one XKB has. `flick
    /// check` and `flick run` ask; parsing a config never opens XKB.
    public func boardProblems(file: String) -> KioskConfigError? {
        guard let keyboard = input?.keyboard, !keyboard.isAvailable else { return nil }
        return KioskConfigError(file: file, issues: [
            .init(path: "input.keyboard", message: KeyboardLayout.expectation(got: JSONValue.string(keyboard.description).shortDescription)),
        ])
    }
}
