import FlickBoard
import FlickDRM
import FlickLibInput
import ArgumentParser
import FlickFiles
import FlickGestures
import FlickInput
import FlickUI
import FoundationEssentials
import Glibc

struct RecordTouches: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record-touches",
        abstract: "Record touches from libinput as a touch script (JSON), for tests and bug reports.",
        discussion: "Stops after --count touches have lifted, or on Ctrl-C. Coordinates are in the screen's pixels.")

    @Option(help: "The screen size touches are scaled to, WIDTHxHEIGHT.")
    var size = FrameSizeArgument(argument: "1280x800")!

    @Option(help: "Stop after this many touches have lifted.")
    var count = 1

    @Option(help: "Where to write the script (default: standard output).")
    var out: String?

    @Option(help: "The libinput seat.")
    var seat = "seat0"

    func run() throws {
        let signals = try SignalQueue(SIGINT, SIGTERM)
        let source = try LibInputSource(seat: seat, mapping: ScreenMapping(panelWidth: size.width, panelHeight: size.height))
        var events: [TouchEvent] = []
        var lifted = 0
        // libinput queues the devices it opened before its fd ever becomes readable: read them first.
        var waiting = source.readEvents()
        // Without a device that makes touches (a pointer's button is a finger) the poll below would wait forever.
        if !source.currentDevices.contains(where: { !$0.capabilities.isDisjoint(with: [.touch, .pointer]) }) {
            printToStandardError(["flick record-touches: " + InputNodes().explanation(
                seat: seat, opened: source.currentDevices, wanted: "touch or pointer device")])
            throw ExitCode(1)
        }
        Log.flick.notice("recording touches on \(seat)")
        while true {
            for event in waiting {
                switch event {
                case .deviceAdded(let device): Log.flick.notice("input device \(device)")
                case .deviceRemoved(let device): Log.flick.notice("input device gone: \(device)")
                case .touches(let frame):
                    events += frame.events
                    lifted += frame.events.filter { $0.phase == .up || $0.phase == .cancel }.count
                case .key: break
                }
            }
            if lifted >= count { break }
            var fds = [pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals.descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
            try SystemCall.retrying("poll") { poll(&fds, 2, -1) }
            if fds[1].revents != 0 { break }
            waiting = source.readEvents()
        }
        let start = events.first?.time ?? 0
        let script = TouchScript(events: events.map { TouchEvent($0.phase, id: $0.id, at: $0.position, time: $0.time - start) }).json()
        if let out {
            do { try DurableFile.write(Array(script.utf8), to: out) } catch {
                printToStandardError(["\(error)"])
                throw ExitCode(1)
            }
        } else {
            print(script, terminator: "")
        }
    }
}
