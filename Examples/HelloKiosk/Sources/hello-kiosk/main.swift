import FlickBoard
import FlickGestures
import FlickUI
import Foundation
import Hello

// On a board (a DRM card or a framebuffer): the card on the panel until Ctrl-C or SIGTERM. Without one, or with
// --headless: 800x480 on a virtual clock, playing --script FILE (a touch script), then hello.png.
let arguments = CommandLine.arguments
if !arguments.contains("--headless"), Board.hasDisplay() {
    try Board.run(BoardOptions(), log: { _, line in print(line) }) { width, height, metrics, _ in
        HelloScene(width: width, height: height, metrics: metrics)
    }
} else {
    let hello = HelloScene(width: 800, height: 480)
    let player = VirtualClockPlayer(scene: hello, width: 800, height: 480)
    if let flag = arguments.firstIndex(of: "--script"), flag + 1 < arguments.count {
        player.enqueue(try TouchScript(contentsOf: URL(fileURLWithPath: arguments[flag + 1])).frames)
    }
    player.run()
    try player.screen.writePNG(path: "hello.png")
    print("taps: \(hello.taps); wrote hello.png")
}
