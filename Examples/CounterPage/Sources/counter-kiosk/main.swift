import Counter
import FlickBoard
import FlickKiosk
import FlickText
import Glibc

// A JSON kiosk whose pages may be counters: `counter-kiosk kiosk.json` on the board's display.
let path = CommandLine.arguments.dropFirst().first ?? "kiosk.json"
let kiosk: KioskConfig
do { kiosk = try KioskConfig.load(path: path, kinds: [CounterKind.self]) } catch {
    print(error.lines.joined(separator: "\n"))
    exit(2)
}
let fonts = try FontCollection()
try Board.run(BoardOptions(config: kiosk), log: { _, line in print(line) }) { width, height, metrics, previous in
    PagesScene(config: kiosk, width: width, height: height, fonts: fonts, metrics: metrics)
}
