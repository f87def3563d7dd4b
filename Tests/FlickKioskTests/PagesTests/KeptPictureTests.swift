@testable import FlickKiosk
import FlickRaster
import FlickText
import FlickUI
import Foundation
import Testing

/// A page's layer let go while a detail is shown keeps its pictures as it showed them; the page drawn again
/// copies them back instead of decoding and scaling the file: the layer must be the same, pixel for pixel.
@Suite struct KeptPictureTests {
    private static let width = 640, height = 400

    /// An opaque photo with something in every pixel (so a misplaced or rescaled copy shows), in a directory
    /// of its own.
    private static func writePhoto(in directory: String, seed: UInt32) throws -> String {
        let photo = Surface(width: 96, height: 72)
        for y in 0..<72 { for x in 0..<96 { photo[x, y] = 0xFF00_0000 | (UInt32(x * 2) << 16) | (UInt32(y * 3) << 8) | ((UInt32(x ^ y) &* seed) & 0xFF) } }
        let path = directory + "/photo.png"
        try photo.writePNG(path: path)
        return path
    }

    private static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("KeptPictureTests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A text page showing the photo and a photos page of it.
    private static func scene(photo: String) throws -> PagesScene {
        let json = """
        {
          "pages": [
            { "id": "home", "down": "photos", "content": { "type": "text", "title": "Home", "body": "A picture below.",
              "image": "\(photo)", "background": { "gradient": ["#1d2b64", "#f8cdda"] } } },
            { "id": "photos", "up": "home", "content": { "type": "photos", "images": ["\(photo)"] } }
          ]
        }
        """
        let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
        return PagesScene(config: config.fittedToDesign(width: width, height: height), width: width, height: height, fonts: try FontCollection())
    }

    private static func differing(_ a: Surface, _ b: Surface) -> Int {
        var count = 0
        for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 } }
        return count
    }

    @Test(arguments: ["home", "photos"])
    func aPageDrawnAgainFromItsKeptPictureIsThePageDecoded(_ id: String) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scene = try Self.scene(photo: try Self.writePhoto(in: directory, seed: 7))
        scene.renderLayerFromNothing(id)
        let decoded = try #require(scene.controller(id).view.layer).copy()
        let decodes = scene.images.decodes
        scene.renderLayerFromNothing(id)
        let kept = try #require(scene.controller(id).view.layer)
        #expect(scene.images.decodes == decodes, "drawn again without reading the file")
        #expect(Self.differing(decoded, kept) == 0)
    }

    /// The kiosk's own path: a detail opened on a list lets its neighbour's layer go, and closing it draws the
    /// neighbour again while idle, from the picture kept.
    @Test func aNeighbourDrawnAgainAsADetailClosesDoesNotReadItsPictureAgain() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let photo = try Self.writePhoto(in: directory, seed: 7)
        let json = """
        {
          "pages": [
            { "id": "list", "right": "home", "left": "home", "axis": "horizontal",
              "content": { "type": "list", "title": "Events", "items": [{ "title": "One", "detail": "About one." }] } },
            { "id": "home", "right": "list", "left": "list",
              "content": { "type": "text", "title": "Home", "body": "", "image": "\(photo)" } }
          ]
        }
        """
        let config = try KioskConfig.parse(Array(json.utf8), file: "test.json", directory: "/tmp")
        let scene = PagesScene(config: config.fittedToDesign(width: 320, height: 200), width: 320, height: 200, fonts: try FontCollection())
        let player = VirtualClockPlayer(scene: scene, width: 320, height: 200)
        player.run(until: 0.2)
        let first = try #require(scene.controller("home").view.layer).copy()
        let decodes = scene.images.decodes
        // Row 0 of the list at 320x200 is at y = 35; the detail's back button at (14, 12).
        player.enqueue(tapScript(at: (200, 35), downMs: 220, upMs: 270))
        player.run(until: 0.8)
        #expect(scene.pagesWithLayers == [], "the detail has the neighbour's memory")
        player.enqueue(tapScript(at: (14, 12), downMs: 820, upMs: 870))
        player.run(until: 1.6)
        #expect(scene.pagesWithLayers == ["home"])
        #expect(scene.images.decodes == decodes)
        let shown = try #require(scene.controller("home").view.layer)
        #expect(Self.differing(first, shown) == 0)
    }

    @Test func aPictureFileChangedSinceIsReadAgain() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.writePhoto(in: directory, seed: 7)
        let scene = try Self.scene(photo: path)
        scene.renderLayerFromNothing("home")
        // Another picture in its place (a new file: another inode): what the page shows now.
        _ = try Self.writePhoto(in: directory, seed: 91)
        let decodes = scene.images.decodes
        scene.renderLayerFromNothing("home")
        #expect(scene.images.decodes == decodes + 1)
        let fresh = try Self.scene(photo: path)
        fresh.renderLayerFromNothing("home")
        let expected = try #require(fresh.controller("home").view.layer)
        let layer = try #require(scene.controller("home").view.layer)
        #expect(Self.differing(layer, expected) == 0)
    }
}
