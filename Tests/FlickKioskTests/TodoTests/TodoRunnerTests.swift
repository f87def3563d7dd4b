import FlickKiosk
import Foundation
import Testing

/// `flick run --app todo --headless --script` from outside: the final state line carries the list.
@Test func theHeadlessRunnerReportsTheListAndTheEditedItem() throws {
    try #require(FileManager.default.isExecutableFile(atPath: FlickCommand.path), "build flick first (scripts/test does)")
    let directory = temporaryStateDirectory()
    try TodoStore(directory: directory).save(Array(tutorialItems.prefix(3)))
    // Row 0 swiped left past half (deleted), then the list pulled down past one row (an item added, edited).
    let script = """
    [{"t": 0, "type": "down", "id": 0, "x": 320, "y": 85}, {"t": 16, "type": "move", "id": 0, "x": 300, "y": 85},
     {"t": 32, "type": "move", "id": 0, "x": 200, "y": 85}, {"t": 48, "type": "move", "id": 0, "x": 100, "y": 85},
     {"t": 150, "type": "up", "id": 0},
     {"t": 1000, "type": "down", "id": 0, "x": 180, "y": 135}, {"t": 1016, "type": "move", "id": 0, "x": 180, "y": 155},
     {"t": 1032, "type": "move", "id": 0, "x": 180, "y": 215}, {"t": 1150, "type": "up", "id": 0}]
    """
    let scriptPath = directory + "/script.json"
    try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let child = Process()
    child.executableURL = URL(fileURLWithPath: FlickCommand.path)
    child.arguments = ["run", "--app", "todo", "--state-dir", directory, "--headless", "--size", "360x640",
                       "--script", scriptPath, "--out", directory + "/last.png"]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    #expect(child.terminationStatus == 0)
    let last = try #require(output.split(separator: "\n").last)
    let state = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    let todo = try #require(state["todo"] as? [[String: Any]])
    #expect(todo.map { $0["text"] as? String } == ["", "Buy eggs", "Pack bags for WWDC"])
    #expect(todo.map { $0["completed"] as? Bool } == [false, false, true])
    #expect(state["editing"] as? Int == 0)
    #expect(TodoStore(directory: directory).load().map(\.text) == ["Buy eggs", "Pack bags for WWDC"])
}
