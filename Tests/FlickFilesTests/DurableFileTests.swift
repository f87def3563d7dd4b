import Foundation
import Glibc
import Testing
@testable import FlickFiles
import SystemPackage

@Test func writesANewFileAndReplacesAnOldOne() throws {
    let scratch = Scratch()
    let path = scratch.path + "/todo.json"
    try DurableFile.write(Array("one".utf8), to: path)
    try DurableFile.write(Array("two".utf8), to: path)
    #expect(try InputFile.read(path, as: .store) == Array("two".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["todo.json"])
}

@Test func refusesToReplaceADeviceAFIFOOrADirectory() throws {
    let scratch = Scratch()
    let fifo = scratch.path + "/out.png"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: FileError(path: fifo, problem: .notRegular(kind: "a FIFO"))) {
        try DurableFile.write([1], to: fifo)
    }
    let directory = scratch.path + "/dir"
    #expect(mkdir(directory, 0o755) == 0)
    #expect(throws: FileError(path: directory, problem: .notRegular(kind: "a directory"))) {
        try DurableFile.write([1], to: directory)
    }
    // As root, a rename over /dev/null would replace the device node: it must be refused before that.
    let null = scratch.path + "/null-link.png"
    #expect(symlink("/dev/null", null) == 0)
    #expect(throws: FileError(path: "/dev/null", problem: .notRegular(kind: "a character device"))) {
        try DurableFile.write([1], to: null)
    }
    var info = stat()
    #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["dir", "null-link.png", "out.png"])
}

@Test func aSymlinkToAFileIsKeptAndTheFileItNamesReplaced() throws {
    let scratch = Scratch()
    let real = scratch.file("real.json", Array("old".utf8))
    let link = scratch.path + "/todo.json"
    #expect(symlink(real, link) == 0)
    try DurableFile.write(Array("new".utf8), to: link)
    #expect(try InputFile.read(real, as: .store) == Array("new".utf8))
    var info = stat()
    #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
}

@Test func aDanglingSymlinkIsRefused() throws {
    let scratch = Scratch()
    let link = scratch.path + "/todo.json"
    #expect(symlink(scratch.path + "/missing/x.json", link) == 0)
    #expect(throws: FileError(path: link, problem: .system(call: "realpath", errno: .noSuchFileOrDirectory))) {
        try DurableFile.write([1], to: link)
    }
}

@Test func aMissingFolderIsAnErrorNamingTheFileAskedForAndTheFolder() throws {
    let scratch = Scratch()
    let path = scratch.path + "/missing/x.png"
    let error = FileError(path: path, problem: .missingFolder(scratch.path + "/missing"))
    #expect(throws: error) { try DurableFile.write([1], to: path) }
    #expect(error.description == "\(path): the folder \(scratch.path)/missing does not exist: create it or write elsewhere")
}
