import FlickRaster

/// Reads the config's pictures for the pages. A picture that cannot be read leaves its place blank and is
/// logged once, naming the file (`flick check` reports it before the kiosk runs).
final class ImageFiles {
    private let log: (String) -> Void
    private var reported: Set<String> = []

    init(log: @escaping (String) -> Void) { self.log = log }

    func read(_ path: String) -> Surface? {
        do {
            return try Surface.readPNG(path: path)
        } catch {
            if reported.insert(path).inserted { log("\(error): shown blank") }
            return nil
        }
    }
}
