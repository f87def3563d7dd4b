import FlickKiosk
import FlickFiles
import Foundation
import Glibc
import Testing

private func temporaryDirectory() -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("flick-todo-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite struct TodoStoreTests {
    @Test func savedItemsLoadBackInOrder() throws {
        let store = TodoStore(directory: temporaryDirectory() + "/nested/state")
        let items = [TodoItem(id: 3, text: "Milk \"2 l\"\nand eggs — ünï", completed: true), TodoItem(id: 1, text: "")]
        try store.save(items)
        #expect(TodoStore(directory: store.directory).load() == items)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(leftovers == ["todo.json"])
    }

    @Test func noFileIsAnEmptyList() {
        #expect(TodoStore(directory: temporaryDirectory()).load().isEmpty)
    }

    @Test(arguments: ["{\"version\": 1, \"items\": [", "not json", "{\"version\": 2, \"items\": []}",
                      "{\"version\": 1, \"items\": [{\"id\": 1, \"text\": 5, \"completed\": false}]}",
                      "{\"version\": 1, \"items\": [{\"id\": 1, \"text\": \"a\", \"completed\": false}, {\"id\": 1, \"text\": \"b\", \"completed\": true}]}",
                      // Versions no Int holds trapped before the file could be moved aside: every start crashed.
                      "{\"version\": 1e19, \"items\": []}", "{\"version\": -1e19, \"items\": []}",
                      "{\"version\": 1e300, \"items\": []}", "{\"version\": 9223372036854775808, \"items\": []}"])
    func aDamagedFileIsMovedAsideNotOverwritten(content: String) throws {
        let directory = temporaryDirectory()
        try content.write(toFile: directory + "/todo.json", atomically: false, encoding: .utf8)
        var lines: [String] = []
        let store = TodoStore(directory: directory) { lines.append($0) }
        #expect(store.load(now: 1_700_000_000).isEmpty)
        let aside = directory + "/todo.json.corrupt-1700000000"
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("moved to \(aside)") == true)
        try store.save([TodoItem(id: 1, text: "new")])
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == content)
        #expect(store.load() == [TodoItem(id: 1, text: "new")])
    }

    /// `--state-dir rel/dir` made /rel/dir at the filesystem root.
    @Test func aRelativeDirectoryIsRelativeToTheWorkingDirectory() throws {
        let top = "flick-state-test-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: top)
            try? FileManager.default.removeItem(atPath: "/" + top)
        }
        let store = TodoStore(directory: top + "/rel/dir")
        try store.save([TodoItem(id: 1, text: "here")])
        #expect(FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/\(top)/rel/dir/todo.json"))
        #expect(!FileManager.default.fileExists(atPath: "/" + top))
        #expect(store.load() == [TodoItem(id: 1, text: "here")])
    }

    /// Latin-1 text (or one bad byte) used to load with U+FFFD and be rewritten at the first edit.
    @Test func aStoreThatIsNotUTF8IsMovedAsideByteForByte() throws {
        let directory = temporaryDirectory()
        let bytes = Array(#"{"version": 1, "items": [{"id": 1, "text": "Caf"#.utf8) + [0xE9]
            + Array(#"", "completed": false}]}"#.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/todo.json"))
        var lines: [String] = []
        let store = TodoStore(directory: directory) { lines.append($0) }
        #expect(store.load(now: 1_700_000_000).isEmpty)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: directory + "/todo.json.corrupt-1700000000"))) == bytes)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("UTF-8") == true)
    }

    @Test func aSecondDamagedFileTheSameSecondKeepsTheFirst() throws {
        let directory = temporaryDirectory()
        let store = TodoStore(directory: directory)
        for content in ["first", "second"] {
            try content.write(toFile: directory + "/todo.json", atomically: false, encoding: .utf8)
            _ = store.load(now: 42)
        }
        #expect(try String(contentsOfFile: directory + "/todo.json.corrupt-42", encoding: .utf8) == "first")
        #expect(try String(contentsOfFile: directory + "/todo.json.corrupt-42-1", encoding: .utf8) == "second")
    }

    @Test func somethingOtherThanAFileWhereTheStoreShouldBeIsLeftAloneAndNotSavedOver() throws {
        let directory = temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/todo.json", withIntermediateDirectories: false)
        var lines: [String] = []
        let store = TodoStore(directory: directory) { lines.append($0) }
        #expect(store.load(now: 7).isEmpty)
        #expect(lines == ["\(directory)/todo.json: a directory, not a regular file: the to-do list starts empty and will not save until it is replaced by a regular file"])
        #expect(throws: TodoStoreError.self) { try store.save([TodoItem(id: 1, text: "milk")]) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: directory + "/todo.json", isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// A FIFO used to block the kiosk's start for ever; `/dev/zero` read until memory ran out.
    @Test func aFIFOOrADeviceAsTheStoreNeitherHangsNorExhaustsMemory() throws {
        let fifoDirectory = temporaryDirectory()
        #expect(mkfifo(fifoDirectory + "/todo.json", 0o600) == 0)
        let fifo = TodoStore(directory: fifoDirectory)
        #expect(fifo.load(now: 7).isEmpty && fifo.readOnly)

        let zeroDirectory = temporaryDirectory()
        #expect(symlink("/dev/zero", zeroDirectory + "/todo.json") == 0)
        var lines: [String] = []
        let zero = TodoStore(directory: zeroDirectory) { lines.append($0) }
        #expect(zero.load(now: 7).isEmpty && zero.readOnly)
        #expect(lines.first?.hasPrefix("\(zeroDirectory)/todo.json: a character device, not a regular file") == true)
        #expect(throws: TodoStoreError.self) { try zero.save([TodoItem(id: 1, text: "milk")]) }
        var info = stat()
        #expect(stat("/dev/zero", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aStoreTooLargeToReadIsMovedAsideWhole() throws {
        let directory = temporaryDirectory()
        let huge = Data(repeating: 0x20, count: InputFile.Kind.store.limit + 1)
        try huge.write(to: URL(fileURLWithPath: directory + "/todo.json"))
        var lines: [String] = []
        #expect(TodoStore(directory: directory) { lines.append($0) }.load(now: 7).isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/todo.json.corrupt-7")) == huge)
        #expect(lines.first?.contains("cannot be read (larger than 32 MiB, the most Flick reads for a to-do store)") == true)
    }

    @Test func aSymlinkedStoreIsSavedThroughTheLink() throws {
        let directory = temporaryDirectory(), elsewhere = temporaryDirectory()
        try TodoStore(directory: elsewhere).save([])
        #expect(symlink(elsewhere + "/todo.json", directory + "/todo.json") == 0)
        let store = TodoStore(directory: directory)
        #expect(store.load().isEmpty)
        try store.save([TodoItem(id: 1, text: "milk")])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/todo.json") == elsewhere + "/todo.json")
        #expect(TodoStore(directory: elsewhere).load().map(\.text) == ["milk"])
    }

    @Test func theDefaultDirectoryFollowsXDGThenHome() {
        #expect(TodoStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/var/lib", "HOME": "/root"]) == "/var/lib/flick")
        #expect(TodoStore.defaultDirectory(environment: ["HOME": "/home/kiosk"]) == "/home/kiosk/.local/state/flick")
        #expect(TodoStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative"]) == "/var/lib/flick")
    }
}
