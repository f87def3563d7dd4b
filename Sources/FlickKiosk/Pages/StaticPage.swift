import FlickRaster
import FlickUI

/// A page drawn from the config (title, text, image, background): one rasterized view, drawn once. A text page
/// whose body does not fit shows it in a scroller of its own over that view, which is then the only thing on the
/// page that moves.
final class StaticPage: PageController, ReportsKioskState {
    let view: View
    /// Where the title, body and picture are on this screen, laid out once (nil for the blank page).
    let layout: TextPageLayout?
    private var bodyScroller: VerticalScroller?

    init(_ text: KioskConfig.TextPage, context: PageContext) {
        let artwork = PageArtwork(context: context)
        let layout = artwork.layout(text)
        self.layout = layout
        let frame = context.bounds
        let picture = View(frame: frame)
        picture.shouldRasterize = true
        picture.content = ViewContent { canvas, _ in artwork.draw(text, laidOut: layout, on: canvas) }
        guard layout.bodyScrolls, let body = layout.body else {
            view = picture
            return
        }
        // The page's picture stays one layer under a clipped, scrolling body.
        view = View(frame: frame)
        view.addChild(picture)
        let clip = View(frame: layout.bodyFrame)
        clip.clipsToBounds = true
        let content = View(frame: Rect(x: 0, y: 0, width: layout.bodyFrame.width, height: body.size.height))
        content.shouldRasterize = true
        let colour = context.theme.text
        content.content = ViewContent { canvas, _ in canvas.draw(body, at: Point(x: 0, y: 0), color: colour) }
        clip.addChild(content)
        view.addChild(clip)
        let scroller = VerticalScroller(view: clip, contentHeight: body.size.height, metrics: context.metrics, scene: context.scene)
        scroller.onOffset = { offset in content.frame.origin.y = -offset.rounded() }
        bodyScroller = scroller
    }

    private init(view: View) {
        self.view = view
        layout = nil
    }

    /// How far a scrolling body is scrolled up (0 when the body fits).
    var bodyOffset: Double { bodyScroller?.offset ?? 0 }
}

extension StaticPage {
    /// For a page id the config does not have (the graph never leads there; kept total for safety).
    static func blank(width: Int, height: Int) -> StaticPage {
        StaticPage(view: View(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height))))
    }
}
