import FlickBoard
import FlickGestures
import FlickInput
import FlickUI
import Foundation
import Hello

// On a board (a DRM card or a framebuffer): the card on the panel until Ctrl-C or SIGTERM. Without one, or with
// --headless: 800x480 on a virtual clock, playing --script FILE (a touch script), then hello.png.
let arguments = CommandLine.arguments
let headless = HeadlessRun(width: 800, height: 480, evenWithADisplay: arguments.contains("--headless")) { player in
    if let flag = arguments.firstIndex(of: "--script"), flag + 1 < arguments.count {
        player.enqueue(try TouchScript(contentsOf: URL(fileURLWithPath: arguments[flag + 1])).frames)
    }
    try player.run()
    try player.screen.writePNG(path: "hello.png")
    print("taps: \((player.scene as? HelloScene)?.taps ?? 0); wrote hello.png")
}
try Board.run(BoardOptions(), headless: headless, log: { _, line in print(line) }) { width, height, metrics, _ in
    HelloScene(width: width, height: height, metrics: metrics)
}
