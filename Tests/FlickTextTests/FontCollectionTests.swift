import Foundation
import Testing
@testable import FlickText

@Test func theBundledFacesAreTheRepositorysFontFilesBuiltIntoTheBinary() throws {
    for (weight, path) in [(FontWeight.regular, TestFonts.regularPath), (.bold, TestFonts.boldPath)] {
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(weight.bundledBytes) == file, "\(weight)")
    }
}

@Test func defaultCollectionOpensRegularAndBoldOnceFromTheBinary() throws {
    let fonts = try FontCollection()
    let regular = fonts.face(.regular)
    #expect(fonts.face(.regular) === regular)
    #expect(regular.path == "DejaVuSans.ttf (built in)")
    #expect(regular.familyName == "DejaVu Sans")
    #expect(fonts.face(.bold).styleName == "Bold")
    #expect(regular.library === fonts.library)
    // Set and measured as from the file: the face is the same font.
    let fromFile = try TestFonts.regular()
    let a = TextLayout("Grüße, Flick", face: regular, pixelSize: 24), b = TextLayout("Grüße, Flick", face: fromFile, pixelSize: 24)
    #expect(a.size == b.size)
}

@Test func themeFontsComeBeforeTheBundledFaceAndFallBackToIt() throws {
    let fonts = try FontCollection()
    try fonts.useTheme([TestFonts.boldPath])
    #expect(fonts.face(.regular).path == TestFonts.boldPath)
    #expect(fonts.face(.regular).fallbacks.map(\.path) == ["DejaVuSans.ttf (built in)"])
}
