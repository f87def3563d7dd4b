import FlickRaster
import FlickUI

/// A page with nothing to touch (title, text, image, background): one rasterized view, drawn once.
final class StaticPage: PageController {
    let view: View

    init(_ page: KioskConfig.Page, artwork: PageArtwork) {
        view = View(frame: Rect(x: 0, y: 0, width: Double(artwork.width), height: Double(artwork.height)))
        view.shouldRasterize = true
        view.content = ViewContent { canvas, _ in artwork.draw(page, on: canvas) }
    }

    private init(view: View) { self.view = view }
}

extension StaticPage {
    /// For a page id the config does not have (the graph never leads there; kept total for safety).
    static func blank(width: Int, height: Int) -> StaticPage {
        StaticPage(view: View(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height))))
    }
}
