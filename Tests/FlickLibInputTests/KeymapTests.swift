import Testing
import FlickInput
@testable import FlickLibInput

/// The physical keyboard types what its layout says: evdev KEY_A (30) and KEY_Y (21) through XKB.
@Suite struct KeymapTests {
    @Test(arguments: [("us", 30, "a"), ("de", 21, "z"), ("ru", 30, "ф"), ("il", 30, "ש"), ("ara", 30, "ش")])
    func eachLayoutTypesItsLetters(layout: String, code: UInt32, text: String) throws {
        let named = try #require(KeyboardLayout(layout))
        let keymap = try #require(Keymap(layout: named))
        #expect(keymap.key(code, pressed: true).text == text)
        #expect(keymap.key(code, pressed: false).text == "")
    }

    @Test func namesAreCheckedAndUnknownLayoutsRefused() {
        #expect(KeyboardLayout("de(nodeadkeys)")?.description == "de(nodeadkeys)")
        #expect(KeyboardLayout("de(") == nil && KeyboardLayout("") == nil && KeyboardLayout("a b") == nil)
        #expect(KeyboardLayout("zz")?.isAvailable == false)
        #expect(KeyboardLayout("il")?.isAvailable == true)
    }
}
