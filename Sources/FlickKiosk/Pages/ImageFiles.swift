import FlickFiles
import FlickJSON
import FlickRaster

/// Reads the config's pictures for the pages. A picture that cannot be read leaves its place blank and is
/// logged once, naming the file (`flick check` reports it before the kiosk runs).
///
/// Decoding a picture and scaling it to the page costs far more than the rest of a page (a 640x480 PNG inflates
/// for milliseconds), and the neighbours' layers are let go while a detail is shown and drawn again as it closes.
/// Holding the decoded pictures would cost memory the kiosk does not have while the layers showing them live (the
/// tour's peak is its few screens of layers), so what is kept is each picture as a layer let go showed it, cut out
/// of the layer — memory the layer held a moment before — and only those of the last layers let go: the page
/// drawn again copies them back, and the file's identity says whether it is still the same picture. A picture is
/// kept only when it was opaque and drawn upright on whole pixels at full alpha, unclipped, with nothing drawn
/// over it after (pages draw their pictures last), so the pixels copied back are exactly those it would draw.
final class ImageFiles {
    private let log: (String) -> Void
    /// The paths logged as unreadable: each once, not at every page that draws it.
    private(set) var reported: Set<String> = []
    /// The most paths `reported` holds before it starts again: far more than a config names, while a source can name
    /// a new path in every message.
    static let reportedLimit = 256
    /// Where pictures were drawn on whole pixels, newest last: at most one per picture and surface.
    private var drawings: [Drawing] = []
    /// The pictures the last layer let go showed.
    private var kept: [Shown] = []
    /// How many times a file was decoded: what keeping pictures saves.
    private(set) var decodes = 0

    private struct Drawing {
        let path: String
        let file: FileIdentity
        let fitting: Size
        let size: (width: Int, height: Int)
        let area: PixelRect
        weak var surface: Surface?
    }

    private struct Shown {
        let path: String
        let file: FileIdentity
        let fitting: Size
        let size: (width: Int, height: Int)
        let pixels: Surface
    }

    init(log: @escaping (String) -> Void) { self.log = log }

    /// The picture at `path` decoded for a place no larger than `fitting`, or nil (logged) when it cannot be read.
    func read(_ path: String, fitting: Size) -> Surface? {
        decodes += 1
        do {
            return try Surface.readImage(path: path, fitting: fitting)
        } catch {
            if !reported.contains(path) {
                if reported.count >= Self.reportedLimit { reported.removeAll() }
                reported.insert(path)
                // The path may come from a message: its control characters are escaped.
                log(escapingControlCharacters("\(error): shown blank"))
            }
            return nil
        }
    }

    /// The picture at `path`, ready to draw scaled to fit in `fitting` (the largest it is shown: a camera's
    /// photo is decoded no larger than that): its pixels as a let-go layer showed them when they were kept for
    /// that place and the file is the same, else the file decoded; nil (logged) when it cannot be read.
    func open(_ path: String, fitting: Size) -> Picture? {
        let file = FileIdentity(path: path)
        if let file, let shown = kept.last(where: { $0.path == path && $0.file == file && $0.fitting == fitting }) {
            return Picture(path: path, file: file, fitting: fitting, width: shown.size.width, height: shown.size.height,
                           isKnownOpaque: true, decoded: nil)
        }
        guard let image = read(path, fitting: fitting) else { return nil }
        return Picture(path: path, file: file, fitting: fitting, width: image.width, height: image.height,
                       isKnownOpaque: image.isKnownOpaque, decoded: image)
    }

    /// Draws `picture` scaled to fill `rect`: the kept pixels when they were kept at this size (then given to the
    /// layer drawn, which holds them now), else decoded.
    func draw(_ picture: Picture, in rect: Rect, on canvas: Canvas) {
        let area = Self.wholePixels(of: rect, on: canvas)
        if picture.decoded == nil, let area, let file = picture.file,
           let i = kept.firstIndex(where: { $0.path == picture.path && $0.file == file && $0.fitting == picture.fitting
                                              && $0.pixels.width == area.width && $0.pixels.height == area.height }) {
            let shown = kept.remove(at: i)
            canvas.draw(shown.pixels, at: rect.origin)
            record(picture, file: file, at: area, on: canvas.surface)
            return
        }
        guard let image = picture.decoded ?? read(picture.path, fitting: picture.fitting) else { return }
        canvas.draw(image, in: rect)
        if image.isKnownOpaque, let area, let file = picture.file {
            record(picture, file: file, at: area, on: canvas.surface)
        }
    }

    /// Keeps the pictures drawn on `layers` (about to be let go), cut out of them, in place of those kept before.
    func keep(from layers: [Surface]) {
        kept = drawings.compactMap { drawing in
            guard let layer = drawing.surface, layers.contains(where: { $0 === layer }),
                  drawing.area.intersection(layer.bounds) == drawing.area else { return nil }
            let pixels = layer.copy(of: drawing.area)
            pixels.isKnownOpaque = true
            return Shown(path: drawing.path, file: drawing.file, fitting: drawing.fitting, size: drawing.size, pixels: pixels)
        }
        drawings.removeAll { drawing in drawing.surface.map { layer in layers.contains { $0 === layer } } ?? true }
    }

    private func record(_ picture: Picture, file: FileIdentity, at area: PixelRect, on surface: Surface) {
        drawings.removeAll { $0.surface == nil || ($0.surface === surface && $0.path == picture.path) }
        drawings.append(Drawing(path: picture.path, file: file, fitting: picture.fitting, size: (picture.width, picture.height),
                                area: area, surface: surface))
    }

    /// The device pixels `rect` covers when it lands on whole pixels, upright, inside the clip, drawn at full
    /// alpha; else nil.
    private static func wholePixels(of rect: Rect, on canvas: Canvas) -> PixelRect? {
        let t = canvas.transform
        guard t.isTranslationOnly, canvas.globalAlpha == 1 else { return nil }
        let device = t.mapBounds(rect)
        let area = PixelRect(enclosing: device)
        guard Double(area.x) == device.minX, Double(area.y) == device.minY, Double(area.maxX) == device.maxX,
              Double(area.maxY) == device.maxY, !area.isEmpty, area.intersection(canvas.clipBounds) == area
        else { return nil }
        return area
    }
}

/// A picture file as the pages draw it (`ImageFiles.draw`), at the size it was decoded for its place.
struct Picture {
    let path: String
    fileprivate let file: FileIdentity?
    fileprivate let fitting: Size
    let width: Int
    let height: Int
    /// Every pixel opaque: what is under it need not be drawn.
    let isKnownOpaque: Bool
    fileprivate let decoded: Surface?
}
