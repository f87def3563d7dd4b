import FlickRaster
import FlickUI

/// Placeholder until built: draws the page's placeholder card.
final class PagedTextPage: PageController {
    let view: View

    init(_ page: KioskConfig.Page, content: KioskConfig.PagedText, context: PageContext, artwork: PageArtwork) {
        view = StaticPage(page, artwork: artwork).view
    }
}
