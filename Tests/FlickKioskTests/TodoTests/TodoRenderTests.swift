import FlickKiosk
import FlickRaster
import Foundation
import Testing

/// `flick render --state-dir` shows a list as `flick run` keeps it, from a store an integrator wrote by hand.
@Suite struct TodoRenderTests {
    /// The example of the store's format in the README.
    static let handWritten = """
        {"version": 1, "items": [
          {"id": 1, "text": "Check the fire exits", "completed": false},
          {"id": 2, "text": "Water the plants", "completed": true}
        ]}

        """

    private func directory() throws -> String {
        let directory = temporaryStateDirectory()
        try #"{"pages": [{"id": "chores", "content": {"type": "todo", "title": "Chores", "list": "chores"}}]}"#
            .write(toFile: directory + "/kiosk.json", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/state", withIntermediateDirectories: true)
        return directory
    }

    @Test func renderShowsAHandWrittenListAndLeavesItAsItWas() throws {
        let directory = try directory()
        let store = directory + "/state/chores.json"
        try Self.handWritten.write(toFile: store, atomically: true, encoding: .utf8)
        let render = ["render", "--config", "kiosk.json", "--size", "360x640"]
        #expect(try FlickCommand.run(render + ["--state-dir", "state", "--out", "filled.png"], in: directory).status == 0)
        #expect(try FlickCommand.run(render + ["--out", "empty.png"], in: directory).status == 0)
        let filled = try Surface.readPNG(path: directory + "/filled.png"), empty = try Surface.readPNG(path: directory + "/empty.png")
        // Two rows: the open one at the top in red, the done one green; without the state, no rows.
        #expect(Color(pixel: filled[350, Int(rowCentre(0))]).isClose(to: .row(0, of: 2)))
        #expect(Color(pixel: filled[350, Int(rowCentre(1))]).isClose(to: .completedRow))
        #expect(Color(pixel: empty[350, Int(rowCentre(0))]).isClose(to: .listBackground))
        #expect(try String(contentsOfFile: store, encoding: .utf8) == Self.handWritten)

        // `run` reads the same file: the final state line lists it.
        let run = try FlickCommand.run(["run", "--headless", "--config", "kiosk.json", "--state-dir", "state", "--no-out"], in: directory)
        #expect(run.status == 0)
        let last = try #require(run.out.split(separator: "\n").last)
        let state = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let todo = try #require(state["todo"] as? [[String: Any]])
        #expect(todo.map { $0["text"] as? String } == ["Check the fire exits", "Water the plants"])
        #expect(todo.map { $0["completed"] as? Bool } == [false, true])
    }

    /// `run` would move a damaged list aside; a preview names it and changes nothing.
    @Test func renderOfADamagedListExitsTwoAndLeavesTheFile() throws {
        let directory = try directory()
        let store = directory + "/state/chores.json"
        try #"{"version": 1, "items": [{"id": 1}]}"#.write(toFile: store, atomically: true, encoding: .utf8)
        let result = try FlickCommand.run(["render", "--config", "kiosk.json", "--state-dir", "state", "--out", "x.png"], in: directory)
        #expect(result.status == 2)
        #expect(result.err == "state/chores.json is damaged (items[0] needs a whole-number id, a text string and completed true/false): page \"chores\" cannot show it; fix or move the file, then render again\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/x.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/state") == ["chores.json"])
    }
}
