import FlickTestFixtures
import Foundation
import Glibc
import Testing
@testable import FlickFiles

/// A fresh directory under /tmp, removed when the test ends.
final class Scratch {
    let path: String
    init() {
        var template = Array("/tmp/flick-files-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String, _ bytes: [UInt8]) -> String {
        let p = path + "/" + name
        FileManager.default.createFile(atPath: p, contents: Data(bytes))
        return p
    }
}

@Test func readsARegularFileWhole() throws {
    let scratch = Scratch()
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    #expect(try InputFile.read(scratch.file("a.json", bytes), as: .config) == bytes)
    #expect(try InputFile.read(scratch.file("empty.json", []), as: .config) == [])
}

@Test func aMissingFileSaysSo() {
    #expect(throws: FileError(path: "/nonexistent/todo.json", problem: .missing)) {
        try InputFile.read("/nonexistent/todo.json", as: .store)
    }
}

@Test func aFIFOIsRefusedAtOnceInsteadOfWaitingForAWriter() throws {
    let scratch = Scratch()
    let fifo = scratch.path + "/todo.json"
    #expect(mkfifo(fifo, 0o600) == 0)
    let error = thrownError(FileError.self) { try InputFile.read(fifo, as: .store) }
    #expect(error?.description == "\(fifo): a FIFO, not a regular file")
}

@Test func whatIsNotAFileIsRefusedWithoutBeingOpened() throws {
    // Opening a device can act on it (a watchdog arms): inotify sees every open of the FIFO standing in for one.
    let scratch = Scratch()
    let fifo = scratch.path + "/watchdog"
    #expect(mkfifo(fifo, 0o600) == 0)
    let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    try #require(watch >= 0)
    defer { close(watch) }
    try #require(inotify_add_watch(watch, fifo, UInt32(IN_OPEN)) >= 0)
    let error = thrownError(FileError.self) { try InputFile.read(fifo, as: .image) }
    #expect(error?.problem == .notRegular(kind: "a FIFO"))
    #expect(throws: FileError.self) { try InputFile.check(fifo, as: .font) }
    var event = [UInt8](repeating: 0, count: 4096)
    #expect(read(watch, &event, event.count) == -1, "the FIFO was opened")
}

@Test func aSymlinkToADeviceIsRefusedAndOneToAFileIsFollowed() throws {
    let scratch = Scratch()
    let zero = scratch.path + "/todo.json"
    #expect(symlink("/dev/zero", zero) == 0)
    let error = thrownError(FileError.self) { try InputFile.read(zero, as: .store) }
    #expect(error?.problem == .notRegular(kind: "a character device"))

    let target = scratch.file("real.json", Array("[]".utf8))
    #expect(symlink(target, scratch.path + "/link.json") == 0)
    #expect(try InputFile.read(scratch.path + "/link.json", as: .config) == Array("[]".utf8))
}

@Test func aDirectoryIsRefused() {
    let error = thrownError(FileError.self) { try InputFile.read("/tmp", as: .touchScript) }
    #expect(error?.description == "/tmp: a directory, not a regular file")
}

@Test func aFileOverTheLimitIsRefusedNamingTheLimit() throws {
    let scratch = Scratch()
    let limit = InputFile.Kind.config.limit
    let big = scratch.file("big.json", [UInt8](repeating: 0x20, count: limit + 1))
    let error = thrownError(FileError.self) { try InputFile.read(big, as: .config) }
    #expect(error?.description == "\(big): larger than 4 MiB, the most Flick reads for a config")
    let exact = scratch.file("exact.json", [UInt8](repeating: 0x20, count: limit))
    #expect(try InputFile.read(exact, as: .config).count == limit)
    #expect(throws: FileError.self) { try InputFile.check(big, as: .config) }
}

@Test func aFileThatCannotBeOpenedGivesTheSystemsReason() throws {
    let scratch = Scratch()
    let loop = scratch.path + "/loop.json"
    #expect(symlink(loop, loop) == 0)
    let error = thrownError(FileError.self) { try InputFile.read(loop, as: .config) }
    #expect(error?.description == "\(loop): open failed: Too many levels of symbolic links")
}
