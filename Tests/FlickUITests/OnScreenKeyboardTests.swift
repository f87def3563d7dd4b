import FlickRaster
import FlickText
import FlickUI
import Testing

@Suite struct OnScreenKeyboardTests {
    private func keyboard() throws -> (OnScreenKeyboard, ViewTree, () -> [OnScreenKeyboard.Key]) {
        let keyboard = OnScreenKeyboard(width: 400, keyHeight: 40, face: try FontCollection().face())
        let tree = ViewTree(width: 400, height: 400)
        keyboard.view.frame.origin = Point(x: 0, y: 400 - keyboard.view.frame.height)
        tree.root.addChild(keyboard.view)
        var typed: [OnScreenKeyboard.Key] = []
        keyboard.onKey = { typed.append($0) }
        return (keyboard, tree, { typed })
    }

    private func centre(of key: OnScreenKeyboard.Key, in keyboard: OnScreenKeyboard) -> Point {
        let frame = keyboard.keys.first { $0.key == key }!.frame
        return keyboard.view.convertToRoot(Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2))
    }

    private func tap(_ key: OnScreenKeyboard.Key, _ keyboard: OnScreenKeyboard) {
        let p = centre(of: key, in: keyboard)
        keyboard.touchDown(at: p)
        keyboard.touchUp(at: p)
    }

    @Test func tappingKeysTypesShiftedOnceThenLowercase() throws {
        let (kb, _, typed) = try keyboard()
        tap(.character("h"), kb)
        tap(.shift, kb)
        tap(.character("i"), kb)
        tap(.character("i"), kb)
        tap(.space, kb)
        tap(.backspace, kb)
        tap(.done, kb)
        #expect(typed() == [.character("h"), .character("I"), .character("i"), .space, .backspace, .done])
    }

    @Test func theSymbolLayerTypesDigitsAndComesBack() throws {
        let (kb, _, typed) = try keyboard()
        tap(.layer, kb)
        #expect(kb.showsSymbols)
        tap(.character("7"), kb)
        tap(.layer, kb)
        tap(.character("a"), kb)
        #expect(typed() == [.character("7"), .character("a")])
    }

    @Test func eachLayerHasOneKeyToSwitchLayersAndBackspaceStaysPut() throws {
        let (kb, _, _) = try keyboard()
        let lettersBackspace = try #require(kb.keys.first { $0.key == .backspace }?.frame)
        #expect(kb.keys.filter { $0.key == .layer }.count == 1)
        tap(.layer, kb)
        #expect(kb.showsSymbols)
        #expect(kb.keys.filter { $0.key == .layer }.count == 1)
        #expect(!kb.keys.contains { $0.key == .shift })
        let symbolsBackspace = try #require(kb.keys.first { $0.key == .backspace }?.frame)
        // Each key's width is rounded on its own: the rows' right edges may differ by a pixel.
        #expect(abs(symbolsBackspace.maxX - lettersBackspace.maxX) <= 1 && symbolsBackspace.minY == lettersBackspace.minY)
    }

    @Test func slidingToAnotherKeyTypesTheOneUnderTheLift() throws {
        let (kb, _, typed) = try keyboard()
        kb.touchDown(at: centre(of: .character("q"), in: kb))
        kb.touchMoved(to: centre(of: .character("w"), in: kb))
        kb.touchUp(at: centre(of: .character("w"), in: kb))
        #expect(typed() == [.character("w")])
        #expect(!kb.touchDown(at: Point(x: 200, y: 10)))
    }

    @Test func aPressedKeyIsLitAndOnlyTheKeyboardIsRedrawn() throws {
        let (kb, tree, _) = try keyboard()
        let screen = Surface(width: 400, height: 400)
        let canvas = Canvas(surface: screen)
        tree.render(on: canvas, fullRedraw: true)
        let p = centre(of: .character("g"), in: kb)
        let frame = kb.keys.first { $0.key == .character("g") }!.frame
        let corner = kb.view.convertToRoot(Point(x: frame.minX + 3, y: frame.minY + 3))
        let before = screen[Int(corner.x), Int(corner.y)]
        kb.touchDown(at: p)
        let damage = tree.render(on: canvas)
        #expect(damage.allSatisfy { $0.y >= Int(kb.view.frame.minY) })
        #expect(screen[Int(corner.x), Int(corner.y)] != before)
    }
}
