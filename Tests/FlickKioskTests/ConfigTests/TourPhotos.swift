import FlickRaster
import Foundation
import Testing

/// Draws the tour's photos. Run with FLICK_REGENERATE_TOUR_PHOTOS=1 to rewrite kiosk/photos/*.png.
extension ConfigTests {
    @Suite struct TourPhotos {
        static let size = (width: 640, height: 480)

        static func draw(sky: [UInt32], sun: UInt32, sunAt: Point, land: [UInt32], horizon: Double) -> Surface {
            let s = Surface(width: size.width, height: size.height)
            let c = Canvas(surface: s)
            let w = Double(s.width), h = Double(s.height)
            c.fill(Rect(x: 0, y: 0, width: w, height: h), paint: .linearGradient(LinearGradient(
                start: .zero, end: Point(0, h * horizon), colors: sky.map { Color(hex: $0) })))
            c.fill(Path.ellipse(in: Rect(x: w * sunAt.x - h * 0.1, y: h * sunAt.y - h * 0.1, width: h * 0.2, height: h * 0.2)),
                   paint: .solid(Color(hex: sun)))
            var hills = Path()
            hills.move(to: Point(0, h))
            hills.line(to: Point(0, h * horizon))
            hills.cubic(to: Point(w, h * (horizon - 0.05)), control1: Point(w * 0.3, h * (horizon - 0.2)), control2: Point(w * 0.6, h * (horizon + 0.15)))
            hills.line(to: Point(w, h)); hills.close()
            c.fill(hills, paint: .linearGradient(LinearGradient(start: Point(0, h * horizon), end: Point(0, h), colors: land.map { Color(hex: $0) })))
            return s
        }

        static let photos: [(name: String, surface: @Sendable () -> Surface)] = [
            ("dawn", { draw(sky: [0x2B5876, 0xF7B267], sun: 0xFFE8A3, sunAt: Point(0.7, 0.45), land: [0x3A6B35, 0x1E3B1A], horizon: 0.65) }),
            ("harbour", { draw(sky: [0x0F2027, 0x2C5364], sun: 0xF5F5DC, sunAt: Point(0.25, 0.25), land: [0x1B4F72, 0x0B1F2E], horizon: 0.7) }),
            ("meadow", { draw(sky: [0x89CFF0, 0xE0F7FA], sun: 0xFFF59D, sunAt: Point(0.8, 0.2), land: [0x7CB342, 0x33691E], horizon: 0.6) }),
        ]

        @Test(.enabled(if: ProcessInfo.processInfo.environment["FLICK_REGENERATE_TOUR_PHOTOS"] == "1"))
        func regenerate() throws {
            let directory = ConfigFixtures.repoRoot + "/kiosk/photos"
            for (name, surface) in Self.photos {
                try surface().writePNG(path: "\(directory)/\(name).png")
            }
        }
    }
}
