import FlickRaster

extension KioskConfig {
    /// Every picture the pages show, with the JSON path that names it in the config.
    public var imageFiles: [(path: String, file: String)] {
        pages.enumerated().flatMap { index, page -> [(path: String, file: String)] in
            let content = "pages[\(index)].content"
            switch page.content {
            case .text(let text): return text.image.map { [("\(content).image", $0)] } ?? []
            case .photos(let files): return files.enumerated().map { ("\(content).images[\($0.offset)]", $0.element) }
            case .list, .pagedText, .todo: return []
            }
        }
    }

    /// Decodes every picture whole, as loading (which only checks the files are there) does not: a truncated or
    /// damaged PNG is found before the kiosk shows it blank. One issue per bad picture; nil when all decode.
    public func damagedImages(file: String) -> KioskConfigError? {
        let issues = imageFiles.compactMap { image -> KioskConfigError.Issue? in
            do {
                _ = try Surface.readPNG(path: image.file)
                return nil
            } catch {
                return .init(path: image.path, message: "\(error)")
            }
        }
        return issues.isEmpty ? nil : KioskConfigError(file: file, issues: issues)
    }
}
