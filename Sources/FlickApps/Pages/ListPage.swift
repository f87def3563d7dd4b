import FlickRaster
import FlickUI

/// Placeholder until built: draws the page's placeholder card.
final class ListPage: PageController {
    let view: View

    init(_ page: KioskConfig.Page, content: KioskConfig.ListPage, context: PageContext, artwork: PageArtwork) {
        view = StaticPage(page, artwork: artwork).view
    }
}
