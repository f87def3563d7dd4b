import Foundation
import Testing
@testable import FlickText

private func makeFontsDirectory(at dir: URL) throws {
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TestFonts.regularPath, toPath: dir.appendingPathComponent("DejaVuSans.ttf").path)
}

@Test func flickFontsOverrideWins() throws {
    let tmp = try TestFonts.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let fonts = tmp.appendingPathComponent("custom")
    try makeFontsDirectory(at: fonts)
    let found = try FontCollection.locateFontsDirectory(
        environment: ["FLICK_FONTS": fonts.path], executablePath: "/nonexistent/bin/flick", sourceTreeFonts: TestFonts.directory)
    #expect(found == fonts.path)
}

@Test func flickFontsPointingAtTheWrongPlaceIsAnError() throws {
    let tmp = try TestFonts.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    let error = #expect(throws: TextError.self) {
        try FontCollection.locateFontsDirectory(
            environment: ["FLICK_FONTS": tmp.path], executablePath: nil, sourceTreeFonts: TestFonts.directory)
    }
    #expect(error == .fontsOverrideInvalid(directory: tmp.path))
    #expect(error?.description.contains(tmp.path) == true)
}

@Test func installedShareDirectoryIsFound() throws {
    let tmp = try TestFonts.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    try makeFontsDirectory(at: tmp.appendingPathComponent("share/flick/Fonts"))
    let found = try FontCollection.locateFontsDirectory(
        environment: [:], executablePath: tmp.appendingPathComponent("bin/flick").path, sourceTreeFonts: nil)
    #expect(found == tmp.appendingPathComponent("share/flick/Fonts").standardizedFileURL.path)
}

@Test func checkoutFontsAreFoundByWalkingUpFromTheBuildDirectory() throws {
    let tmp = try TestFonts.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: tmp) }
    try makeFontsDirectory(at: tmp.appendingPathComponent("repo/Fonts"))
    let found = try FontCollection.locateFontsDirectory(
        environment: [:], executablePath: tmp.appendingPathComponent("repo/.build/release/flick").path, sourceTreeFonts: nil)
    #expect(found == tmp.appendingPathComponent("repo/Fonts").standardizedFileURL.path)
}

@Test func compiledSourceTreeIsTheLastResort() throws {
    let found = try FontCollection.locateFontsDirectory(
        environment: [:], executablePath: "/nonexistent/bin/flick", sourceTreeFonts: FontCollection.compiledSourceTreeFonts)
    #expect(found == TestFonts.directory)
}

@Test func nothingFoundListsWhereItLookedAndNamesFlickFonts() throws {
    let error = #expect(throws: TextError.self) {
        try FontCollection.locateFontsDirectory(
            environment: [:], executablePath: "/nonexistent/bin/flick", sourceTreeFonts: "/nonexistent/src/Fonts")
    }
    let description = try #require(error?.description)
    #expect(description.contains("/nonexistent/share/flick/Fonts"))
    #expect(description.contains("/nonexistent/bin"))
    #expect(description.contains("/nonexistent/src/Fonts"))
    #expect(description.contains("FLICK_FONTS"))
    #expect(!description.contains("\n"))
}

@Test func defaultCollectionOpensRegularAndBoldOnce() throws {
    let fonts = try FontCollection()
    let regular = try fonts.face(.regular)
    #expect(try fonts.face(.regular) === regular)
    #expect(try fonts.face(.bold).styleName == "Bold")
    #expect(regular.library === fonts.library)
}
