import FlickRaster

extension KioskConfig {
    /// Every picture the pages show, with the JSON path that names it in the config.
    var imageFiles: [(path: String, file: String)] { pages.indices.flatMap(imageFiles(onPage:)) }

    private func imageFiles(onPage index: Int) -> [(path: String, file: String)] {
        pages[index].content.kind.imageFiles.map { ("pages[\(index)].content.\($0.field)", $0.file) }
    }

    /// Decodes every picture (of the page with id `page` only, when given), as loading (which only checks the
    /// files are there) does not: a truncated or damaged picture, or a file that is no picture Flick reads, is
    /// found before the kiosk shows it blank. Every byte is decoded whatever `fitting` is (a JPEG's scaled decoding
    /// still reads all of its data), so it only bounds the memory taken. One issue per bad picture; nil when all
    /// decode.
    public func damagedImages(file: String, page: String? = nil, fitting: Size? = nil) -> KioskConfigError? {
        let images = page.map { id in pages.indices.filter { pages[$0].id == id }.flatMap(imageFiles(onPage:)) } ?? imageFiles
        let issues = images.compactMap { image -> KioskConfigError.Issue? in
            do {
                _ = try Surface.readImage(path: image.file, fitting: fitting)
                return nil
            } catch {
                return .init(path: image.path, message: "\(error)")
            }
        }
        return issues.isEmpty ? nil : KioskConfigError(file: file, issues: issues)
    }
}
