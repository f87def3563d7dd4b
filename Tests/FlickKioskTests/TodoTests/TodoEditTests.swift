import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// The keyboard's keys are 42 px high; at 360 px wide it is 208 px tall and rests at y = 432.

private let keyboardTop = 432.0

/// Where each key of the page's keyboard is on screen once it is up: the same keyboard, laid out alike.
private let keyCentres: [OnScreenKeyboard.Key: (x: Double, y: Double)] = {
    let keyboard = OnScreenKeyboard(width: Double(todoWidth), keyHeight: 42, face: try! FontCollection().face(.regular))
    var centres: [OnScreenKeyboard.Key: (x: Double, y: Double)] = [:]
    for (key, frame) in keyboard.keys where centres[key] == nil {
        centres[key] = (frame.minX + frame.width / 2, keyboardTop + frame.minY + frame.height / 2)
    }
    return centres
}()

/// Taps on the keyboard's keys, 100 ms apart from `start`.
func typing(_ keys: [OnScreenKeyboard.Key], at start: Double) -> Touches {
    keys.enumerated().reduce(Touches()) { touches, entry in
        let centre = keyCentres[entry.element]!
        return touches + .tap(centre.x, centre.y, at: start + 100 * Double(entry.offset))
    }
}

func letters(_ s: String) -> [OnScreenKeyboard.Key] { s.map { $0 == " " ? .space : .character(String($0)) } }

private let returnKey: UInt32 = 0xff0d, escapeKey: UInt32 = 0xff1b

/// Tapping a row to edit it [gesture-todo-list]: the row moves to the top, the others dim, the keyboard comes up.
@Suite struct TodoEditTests {
    @Test func tapEditsWithTheOnScreenKeyboardAndDoneSaves() throws {
        let todo = try TodoHarness()
        todo.play(.tap(120, rowCentre(1)))
        #expect(todo.state.editing == 1)
        // The edited row is at the top of the list, the next one dimmed to 0.3, the keyboard up.
        #expect(todo.color(350, Int(rowCentre(0))).isClose(to: .row(1, of: 7)))
        let dimmed = Color.listBackground.mixed(with: .completedRow, 0.3)
        #expect(todo.color(350, Int(rowCentre(1))).isClose(to: dimmed, tolerance: 0.03))
        #expect(todo.color(2, Int(keyboardTop) + 2).isClose(to: .keyboard, tolerance: 0.02))
        todo.play(typing(Array(repeating: .backspace, count: 4) + letters("milk") + [.done], at: todo.nowMs))
        #expect(todo.state.editing == nil)
        #expect(todo.texts[1] == "Buy milk")
        #expect(todo.store.load()[1].text == "Buy milk")
        // Back in place, bright again, the keyboard gone.
        #expect(todo.color(350, Int(rowCentre(1))).isClose(to: .row(1, of: 7)))
        #expect(todo.color(350, Int(rowCentre(2))).isClose(to: .completedRow))
        #expect(todo.color(2, Int(keyboardTop) + 2).isClose(to: .listBackground))
    }

    @Test func committingEmptyTextDeletesTheItem() throws {
        let todo = try TodoHarness()
        todo.play(.tap(120, rowCentre(3)))
        todo.play(typing(Array(repeating: .backspace, count: "Rule the web".count) + [.done], at: todo.nowMs))
        #expect(todo.state.editing == nil)
        #expect(!todo.texts.contains("Rule the web"))
        #expect(todo.texts.count == 6)
        #expect(todo.store.load().map(\.text) == todo.texts)
        #expect(todo.color(350, Int(rowCentre(3))).isClose(to: .row(3, of: 6)))
    }

    @Test func aPhysicalKeyboardTypesAndReturnCommits() throws {
        let todo = try TodoHarness()
        todo.play(.tap(120, rowCentre(0)))
        todo.type(" now")
        todo.key(0xff08) // BackSpace
        #expect(todo.state.texts[0] == "Feed the cat no")
        #expect(todo.state.editing == 0)
        todo.key(returnKey)
        #expect(todo.state.editing == nil)
        #expect(todo.store.load()[0].text == "Feed the cat no")
    }

    @Test func escapeCommitsToo() throws {
        let todo = try TodoHarness()
        todo.play(.tap(120, rowCentre(4)))
        todo.type("!")
        todo.key(escapeKey)
        #expect(todo.state.editing == nil)
        #expect(todo.store.load()[4].text == "Buy a new iPhone!")
    }

    @Test func tappingOutsideTheRowAndKeyboardCommitsButTappingTheRowDoesNot() throws {
        let todo = try TodoHarness()
        todo.play(.tap(120, rowCentre(2)))
        todo.type("?")
        // The edited row is now the top one.
        todo.play(.tap(200, rowCentre(0), at: todo.nowMs))
        #expect(todo.state.editing == 2)
        todo.play(.tap(200, 30, at: todo.nowMs))
        #expect(todo.state.editing == nil)
        #expect(todo.store.load()[2] == TodoItem(id: 3, text: "Pack bags for WWDC?", completed: true))
    }

    @Test func theListSurvivesARestart() throws {
        let directory = temporaryStateDirectory()
        let first = try TodoHarness(directory: directory)
        first.play(Touches.drag(40, rowCentre(0), by: 213, 0))
        first.play(Touches.drag(320, rowCentre(6), by: -213, 0, at: first.nowMs))
        first.play(.tap(120, rowCentre(1), at: first.nowMs))
        first.type("s")
        first.key(returnKey)
        let second = try TodoHarness(items: nil, directory: directory)
        #expect(second.texts == ["Feed the cat", "Buy eggss", "Pack bags for WWDC", "Rule the web", "Buy a new iPhone",
                                 "Find missing socks"])
        #expect(second.state.completed == [true, false, true, false, false, false])
        #expect(second.color(350, Int(rowCentre(0))).isClose(to: .completedRow))
    }

    @Test func aChangeTheStoreRefusesLeavesTheListAsItWasWithOneLogLine() throws {
        let directory = temporaryStateDirectory()
        let todo = try TodoHarness(directory: directory)
        // The state directory becomes a file: every save now fails with ENOTDIR (root ignores read-only modes).
        try FileManager.default.removeItem(atPath: directory)
        #expect(FileManager.default.createFile(atPath: directory, contents: Data()))
        todo.play(Touches.drag(40, rowCentre(1), by: 213, 0))
        #expect(todo.state.completed == tutorialItems.map(\.completed))
        #expect(todo.color(5, Int(rowCentre(1))).isClose(to: .row(1, of: 7)))
        #expect(todo.logLines.count == 1)
        #expect(todo.logLines.first?.contains("not saved") == true)
        // An edit the store refuses goes back to the saved text.
        todo.play(.tap(120, rowCentre(0), at: todo.nowMs))
        todo.type("x")
        todo.key(returnKey)
        #expect(todo.texts == tutorialItems.map(\.text))
        #expect(todo.state.editing == nil)
        #expect(todo.logLines.count == 2)
    }
}

/// A Hebrew item starts at the row's right, as Hebrew reads; editing it, the caret is at its logical end — the left.
@Test func aRightToLeftItemStartsAtTheRightAndItsCaretIsOnTheLeft() throws {
    let todo = try TodoHarness(items: [TodoItem(id: 1, text: "שלום עולם")])
    let y = Int(rowCentre(0))
    func whiteColumns(_ range: Range<Int>) -> [Int] {
        range.filter { x in (y - 8...y + 8).contains { todo.color(x, $0).isClose(to: Color.white, tolerance: 0.15) } }
    }
    let atRest = whiteColumns(0..<todoWidth)
    #expect(atRest.first.map { $0 > todoWidth / 2 } == true, "the text starts at the right: \(atRest.first ?? -1)")
    todo.play(.tap(300, rowCentre(0)))
    #expect(todo.state.editing == 0)
    let editing = whiteColumns(0..<todoWidth)
    let caret = try #require(editing.first)
    // The caret: a bar as tall as the text line, just left of the first letter.
    let tall = { (x: Int) in (y - 25...y + 25).filter { todo.color(x, $0).isClose(to: Color.white, tolerance: 0.15) }.count }
    #expect(tall(caret) >= 18, "\((caret - 2...caret + 4).map(tall)) at \(caret)")
    #expect(caret > todoWidth / 2 && caret < atRest.first!, "caret at \(caret), text from \(atRest.first!)")
}
