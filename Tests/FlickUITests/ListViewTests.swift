import FlickGestures
import FlickInput
import FlickMotion
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

// At 160 dpi the pan's slop is 2 mm = 12.6 px; the list below is 100 px tall, rows 20 px.

private let rowFill = Color(hex: 0x1C232B), highlight = Color(hex: 0x3366CC), gap = Color(hex: 0x101418)

/// A 100x100 screen showing one list of `count` rows, touches going straight to it.
private final class ListStage {
    let scene = ViewScene(width: 100, height: 100)
    let list: ListView
    let player: VirtualClockPlayer
    var selected: [Int] = []

    init(count: Int = 50) throws {
        let face = try FontCollection().face(.regular)
        let style = ListView.Style(rowHeight: 20, rowFill: rowFill, highlightFill: highlight,
                                   separator: Color(hex: 0x2A323C), title: .white, chevron: Color(hex: 0x9AA5B1),
                                   background: gap, face: face, pixelSize: 10, inset: 6)
        list = ListView(frame: Rect(x: 0, y: 0, width: 100, height: 100), titles: (0..<count).map { "Row \($0)" },
                        style: style, metrics: GestureMetrics(dotsPerInch: 160), scene: scene)
        scene.root.addChild(list.view)
        player = VirtualClockPlayer(scene: scene, width: 100, height: 100)
        list.onSelect = { [unowned self] in selected.append($0) }
    }

    func play(_ json: [String]) {
        player.enqueue(try! TouchScript(json: Data("[\(json.joined(separator: ","))]".utf8), name: "list").frames)
    }

    /// A straight vertical drag from (50, y) by `dy` in `steps` moves 16 ms apart, lifted `holdMs` after the last.
    func drag(y: Double = 50, dy: Double, steps: Int = 10, holdMs: Double = 8, startMs: Double = 0) {
        var json = ["{\"t\": \(startMs), \"type\": \"down\", \"id\": 0, \"x\": 50, \"y\": \(y)}"]
        for i in 1...steps {
            json.append("{\"t\": \(startMs + Double(i) * 16), \"type\": \"move\", \"id\": 0, \"x\": 50, \"y\": \(y + dy * Double(i) / Double(steps))}")
        }
        json.append("{\"t\": \(startMs + Double(steps) * 16 + holdMs), \"type\": \"up\", \"id\": 0}")
        play(json)
    }

    func tap(y: Double, atMs t: Double) {
        play(["{\"t\": \(t), \"type\": \"down\", \"id\": 0, \"x\": 50, \"y\": \(y)}",
              "{\"t\": \(t + 60), \"type\": \"up\", \"id\": 0}"])
    }
}

/// The pan begins at the first step past the slop; the rows follow from there.
private func grab(stepOf step: Double) -> Double { (12.6 / step).rounded(.up) * step }

@Suite struct ListViewTests {
    @Test func onlyTheVisibleRowsHaveViewsAndRowsScrolledOffAreReused() throws {
        let stage = try ListStage()
        let list = stage.list
        #expect(list.visibleRows.map(\.index).sorted() == [0, 1, 2, 3, 4])
        var made: Set<ObjectIdentifier> = []
        for offset in stride(from: 0.0, through: list.maximumOffset, by: 7) {
            list.scroll(to: offset)
            let first = Int(offset / 20), last = Int(((offset + 100) / 20).rounded(.up))
            #expect(list.visibleRows.map(\.index).sorted() == Array(first..<min(50, last)), "at \(offset)")
            for row in list.visibleRows {
                made.insert(ObjectIdentifier(row))
                #expect(row.title == "Row \(row.index)" && row.view.frame.minY == Double(row.index) * 20)
            }
        }
        // 900 px of rows went past through six row views.
        #expect(made.count == 6)
    }

    @Test func dragFollowsTheFingerOneToOneFromWhereThePanBegan() throws {
        let stage = try ListStage()
        stage.drag(dy: -60, holdMs: 120)
        stage.player.run(until: 0.17)
        #expect(stage.list.contentOffset == 60 - grab(stepOf: 6))
        #expect(stage.list.isScrolling)
        // Row 2 (y 40...60 at rest) now starts at 40 - 42.
        #expect(stage.player.screen[50, 0] == rowFill.pixel)
        stage.player.run()
        #expect(stage.list.contentOffset == 42)
        #expect(!stage.list.isScrolling)
    }

    @Test func releasedMovingTheListCoastsOnAtUIScrollViewsRate() throws {
        let stage = try ListStage()
        // 60 px in 160 ms: 375 px/s at the lift, which coasts a further 375 / 2.002 px.
        stage.drag(dy: -60)
        var offsets: [Double] = []
        stage.player.run { _ in offsets.append(stage.list.contentOffset) }
        let released = 60 - grab(stepOf: 6)
        let coasting = offsets.drop { $0 < released }
        #expect(zip(coasting, coasting.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(abs(stage.list.contentOffset - (released + 375 / 2.002)) < 1)
        #expect(stage.selected.isEmpty)
    }

    @Test func dragPastTheTopResistsAndSpringsBack() throws {
        let stage = try ListStage()
        stage.drag(dy: 100, holdMs: 120)
        stage.player.run(until: 0.17)
        let band = RubberBand(dimension: 100)
        let pulled = stage.list.contentOffset
        #expect(pulled == band.resisted(-(100 - grab(stepOf: 10)), within: 0...900))
        #expect(pulled < -30 && pulled > -60)
        #expect(stage.player.screen[50, 20] == gap.pixel)
        stage.player.run()
        #expect(abs(stage.list.contentOffset) < SettlingThreshold.pixels.position)
        #expect(stage.player.screen[50, 2] == rowFill.pixel)
    }

    @Test func aFlingIntoTheEndCoastsPastItAndSpringsBack() throws {
        let stage = try ListStage()
        // 100 px in 48 ms: over 2000 px/s, enough to coast 1000 px; the list ends 900 px down.
        stage.list.scroll(to: 400)
        stage.drag(dy: -100, steps: 3)
        var furthest = 0.0
        stage.player.run { _ in furthest = max(furthest, stage.list.contentOffset) }
        #expect(furthest > 910)
        #expect(abs(stage.list.contentOffset - 900) < SettlingThreshold.pixels.position)
        #expect(stage.player.screen[50, 98] == rowFill.pixel)
    }

    @Test func aFingerOnACoastingListCatchesItWithoutAJumpAndTheTapSelectsNothing() throws {
        let stage = try ListStage()
        stage.drag(dy: -100, steps: 3)
        stage.tap(y: 50, atMs: 300)
        var beforeDown = 0.0
        stage.player.run(until: 0.29) { _ in beforeDown = stage.list.contentOffset }
        stage.player.run(until: 0.3)
        // The frame that took the finger shows the list where the previous one left it, then it stays.
        #expect(stage.list.contentOffset == beforeDown)
        #expect(stage.list.highlightedIndex == nil)
        let caught = stage.list.contentOffset
        stage.player.run()
        #expect(stage.list.contentOffset == caught)
        #expect(stage.selected.isEmpty)
    }

    @Test func aTapSelectsTheRowUnderTheFingerAndLeavesItHighlighted() throws {
        let stage = try ListStage()
        stage.tap(y: 50, atMs: 0)
        stage.player.run(until: 0.02)
        #expect(stage.list.highlightedIndex == 2)
        #expect(stage.player.screen[50, 50] == highlight.pixel)
        stage.player.run()
        #expect(stage.selected == [2])
        #expect(stage.player.screen[50, 50] == highlight.pixel)
        stage.list.clearSelection()
        stage.player.run(until: 0.3)
        #expect(stage.player.screen[50, 50] == rowFill.pixel)
    }

    @Test func draggingOffTheRowIsNotATap() throws {
        let stage = try ListStage()
        // Across the list: the vertical pan fails and the press lets go of the row.
        stage.play([#"{"t": 0, "type": "down", "id": 0, "x": 30, "y": 50}"#,
                    #"{"t": 30, "type": "move", "id": 0, "x": 60, "y": 52}"#,
                    #"{"t": 60, "type": "up", "id": 0}"#])
        stage.player.run()
        #expect(stage.selected.isEmpty && stage.list.highlightedIndex == nil && stage.list.contentOffset == 0)
        // Along the list: it scrolls instead.
        stage.drag(dy: 30, holdMs: 100, startMs: 1000)
        stage.player.run()
        #expect(stage.selected.isEmpty)
    }
}
