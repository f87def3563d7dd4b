import FlickCore
import Foundation
import Glibc
import Testing
@testable import FlickFiles

/// A watcher whose reports are kept, serviced by hand: the kernel queues an inotify event before the call that
/// caused it returns, so each step is read at once, with no waiting.
private final class Watched {
    let watcher: FileWatcher
    private let reports: Reports
    private final class Reports { var list: [Set<String>] = [] }

    init(_ paths: Set<String>) throws {
        let reports = Reports()
        watcher = try FileWatcher { reports.list.append($0) }
        self.reports = reports
        try watcher.watch(paths: paths)
    }

    /// What one service reports: nil when it reports nothing.
    func service() -> Set<String>? {
        reports.list = []
        watcher.service(readable: true, writable: false, now: 0)
        #expect(reports.list.count <= 1, "one report per service")
        return reports.list.first
    }
}

private func write(_ text: String, to path: String, flags: Int32 = O_WRONLY | O_CREAT | O_TRUNC) {
    let fd = open(path, flags, 0o644)
    precondition(fd >= 0, "open \(path)")
    _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
    close(fd)
}

@Suite struct FileWatcherTests {
    @Test func aFileWrittenInPlaceIsReportedOnceAndAnUnrelatedOneNever() throws {
        let scratch = Scratch()
        let config = scratch.file("kiosk.json", Array("{}".utf8))
        let watched = try Watched([config])
        #expect(watched.service() == nil)
        write("{\"a\": 1}", to: config)
        write("{\"a\": 2}", to: config)
        #expect(watched.service() == [config])
        #expect(watched.service() == nil)
        write("noise", to: scratch.path + "/notes.txt")
        write("noise", to: scratch.path + "/kiosk.json.bak")
        #expect(watched.service() == nil)
    }

    /// How editors and deploy tools save: a temporary file renamed over the old one.
    @Test func aFileReplacedByARenameIsReported() throws {
        let scratch = Scratch()
        let config = scratch.file("kiosk.json", Array("{}".utf8))
        let watched = try Watched([config])
        write("{\"b\": 1}", to: config + ".tmp")
        #expect(rename(config + ".tmp", config) == 0)
        #expect(watched.service() == [config])
        // The rename did not end the watch: the new file is watched as the old one was.
        write("{\"b\": 2}", to: config)
        #expect(watched.service() == [config])
    }

    @Test func aFileDeletedAndMadeAgainIsReportedEachTime() throws {
        let scratch = Scratch()
        let picture = scratch.file("photo.png", [1, 2, 3])
        let watched = try Watched([picture])
        #expect(unlink(picture) == 0)
        #expect(watched.service() == [picture])
        write("again", to: picture)
        #expect(watched.service() == [picture])
    }

    /// An editor's save that truncates first: both halves land in one report when serviced together.
    @Test func aFileTruncatedThenWrittenIsReported() throws {
        let scratch = Scratch()
        let config = scratch.file("kiosk.json", Array("{\"old\": true}".utf8))
        let watched = try Watched([config])
        #expect(truncate(config, 0) == 0)
        #expect(watched.service() == [config])
        write("{\"new\": true}", to: config, flags: O_WRONLY)
        #expect(watched.service() == [config])
    }

    @Test func aFileNotThereYetIsReportedWhenMade() throws {
        let scratch = Scratch()
        let data = scratch.path + "/count.txt"
        let watched = try Watched([data])
        #expect(watched.service() == nil)
        write("1", to: data)
        #expect(watched.service() == [data])
    }

    /// The folder is made after the watch began, one level at a time or all at once with the file already in it.
    @Test func aFileInAFolderMadeLaterIsReported() throws {
        let scratch = Scratch()
        let slow = scratch.path + "/a/b/values.json", quick = scratch.path + "/c/d/values.json"
        let watched = try Watched([slow, quick])
        #expect(mkdir(scratch.path + "/a", 0o755) == 0)
        #expect(watched.service() == nil)
        #expect(mkdir(scratch.path + "/a/b", 0o755) == 0)
        #expect(watched.service() == nil)
        write("1", to: slow)
        #expect(watched.service() == [slow])
        // Made and written before the watcher saw its folder: found when the folder is watched.
        #expect(mkdir(scratch.path + "/c", 0o755) == 0)
        #expect(mkdir(scratch.path + "/c/d", 0o755) == 0)
        write("2", to: quick)
        #expect(watched.service() == [quick])
        write("3", to: quick)
        #expect(watched.service() == [quick])
    }

    /// A folder deleted (its files with it) and made again, and a folder renamed into place.
    @Test func aFolderRemovedOrReplacedReportsItsFiles() throws {
        let scratch = Scratch()
        #expect(mkdir(scratch.path + "/content", 0o755) == 0)
        let menu = scratch.path + "/content/menu.json"
        write("{}", to: menu)
        let watched = try Watched([menu])
        try FileManager.default.removeItem(atPath: scratch.path + "/content")
        #expect(watched.service() == [menu])
        #expect(mkdir(scratch.path + "/content", 0o755) == 0)
        #expect(watched.service() == nil)
        write("{}", to: menu)
        #expect(watched.service() == [menu])

        #expect(mkdir(scratch.path + "/next", 0o755) == 0)
        write("{\"new\": 1}", to: scratch.path + "/next/menu.json")
        #expect(watched.service() == nil)
        #expect(rename(scratch.path + "/content", scratch.path + "/old") == 0)
        #expect(rename(scratch.path + "/next", scratch.path + "/content") == 0)
        #expect(watched.service() == [menu])
        // The watch is on the folder now at the path, not the one moved away.
        write("x", to: scratch.path + "/old/menu.json")
        #expect(watched.service() == nil)
        write("{\"new\": 2}", to: menu)
        #expect(watched.service() == [menu])
    }

    /// A config reloaded names other files: the watch follows the new set.
    @Test func watchingAnotherSetStopsReportingTheOld() throws {
        let scratch = Scratch()
        let first = scratch.file("one.png", [1]), second = scratch.file("two.png", [2])
        let watched = try Watched([first])
        try watched.watcher.watch(paths: [second])
        write("x", to: first)
        #expect(watched.service() == nil)
        write("y", to: second)
        #expect(watched.service() == [second])
    }

    /// More events than the kernel queues (fs.inotify.max_queued_events) are lost: every path is reported.
    @Test func anOverflowedQueueReportsEveryPath() throws {
        let limit = try #require(Int(try String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)
                                         .trimmingCharacters(in: .whitespacesAndNewlines)))
        try #require(limit <= 1 << 20, "a queue this long takes too many writes to fill")
        let scratch = Scratch()
        let config = scratch.file("kiosk.json", [1]), picture = scratch.file("photo.png", [2])
        let watched = try Watched([config, picture])
        // Writes to two files in turn: identical events in a row would be merged into one.
        let noise = [open(scratch.path + "/a.log", O_WRONLY | O_CREAT, 0o644), open(scratch.path + "/b.log", O_WRONLY | O_CREAT, 0o644)]
        defer { noise.forEach { close($0) } }
        for i in 0...limit { #expect(Glibc.write(noise[i % 2], "x", 1) == 1) }
        #expect(watched.service() == [config, picture])
    }

    @Test func pathsAreSplitIntoFolderAndName() {
        #expect(FileWatcher.split("a/b.json") == ("a", "b.json"))
        #expect(FileWatcher.split("b.json") == (".", "b.json"))
        #expect(FileWatcher.split("/b.json") == ("/", "b.json"))
        #expect(FileWatcher.split("/etc/flick/") == ("/etc", "flick"))
    }

    /// The watcher is a loop source: its descriptor is polled for reading, and it has no deadline.
    @Test func itIsALoopSourceThatIsOnlyRead() throws {
        let watcher: any LoopSource = try FileWatcher { _ in }
        #expect(watcher.fileDescriptor >= 0)
        #expect(!watcher.wantsWrite)
        #expect(watcher.nextDeadline == nil)
    }
}
