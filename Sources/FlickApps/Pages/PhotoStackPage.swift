import FlickRaster
import FlickUI

/// Placeholder until built: draws the page's placeholder card.
final class PhotoStackPage: PageController {
    let view: View

    init(_ page: KioskConfig.Page, content: [String], context: PageContext, artwork: PageArtwork) {
        view = StaticPage(page, artwork: artwork).view
    }
}
