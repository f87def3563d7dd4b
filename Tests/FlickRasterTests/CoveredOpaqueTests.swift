import Testing
@testable import FlickRaster

/// A canvas knows its surface is opaque after an opaque fill of all of it followed only by source-over drawing,
/// so a layer need not be read back to find out; anything that could lower an alpha forgets it.
@Suite struct CoveredOpaqueTests {
    private let rect = Rect(x: 0, y: 0, width: 32, height: 20)

    @Test func anOpaqueFillOfEverythingThenSourceOverStaysKnownOpaque() {
        let canvas = Canvas(surface: Surface(width: 32, height: 20))
        #expect(!canvas.isCoveredOpaque)
        canvas.fill(Rect(x: 0, y: 0, width: 32, height: 19), color: Color(hex: 0x336699))
        #expect(!canvas.isCoveredOpaque, "a row is left transparent")
        canvas.fill(rect, paint: .linearGradient(LinearGradient(start: .zero, end: Point(32, 20),
                                                                colors: [Color(hex: 0x102030), Color(hex: 0xFFEEDD)])))
        #expect(canvas.isCoveredOpaque)
        canvas.fill(Path.ellipse(in: Rect(x: 3, y: 3, width: 20, height: 9)), paint: .solid(Color(hex: 0xFF0000, alpha: 0.3)))
        canvas.globalAlpha = 0.5
        canvas.fill(Rect(x: 2, y: 2, width: 9, height: 9), color: Color(hex: 0x00FF00, alpha: 0.5))
        #expect(canvas.isCoveredOpaque)
        #expect(canvas.surface.isOpaque)
    }

    @Test func copyingOrClearingTranslucentPixelsForgetsIt() {
        let clearTranslucent: (Canvas) -> Void = { $0.clear(Color(hex: 0x000000, alpha: 0.5)) }
        let copyMode: (Canvas) -> Void = { $0.blendMode = .copy }
        let restoredCopyMode: (Canvas) -> Void = { canvas in
            canvas.blendMode = .copy
            canvas.withSavedState {
                canvas.blendMode = .sourceOver
                canvas.fill(self.rect, color: Color(hex: 0x112233))
            }
        }
        for spoil in [clearTranslucent, copyMode, restoredCopyMode] {
            let canvas = Canvas(surface: Surface(width: 32, height: 20))
            canvas.clear(Color(hex: 0x445566))
            #expect(canvas.isCoveredOpaque)
            spoil(canvas)
            #expect(!canvas.isCoveredOpaque)
        }
    }

    @Test func aClearOfPartOfTheSurfaceIsNotEnough() {
        let canvas = Canvas(surface: Surface(width: 32, height: 20))
        canvas.clip(to: Rect(x: 0, y: 0, width: 16, height: 20))
        canvas.clear(Color(hex: 0x445566))
        #expect(!canvas.isCoveredOpaque)
    }
}
