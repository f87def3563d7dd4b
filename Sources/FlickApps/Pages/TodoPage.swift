import FlickRaster
import FlickUI

/// Placeholder until built: the to-do page's items from the store, drawn as the placeholder card.
final class TodoPage: PageController {
    let view: View
    private(set) var items: [TodoItem]

    init(_ page: KioskConfig.Page, context: PageContext, artwork: PageArtwork) {
        view = StaticPage(page, artwork: artwork).view
        items = context.store?.load() ?? []
    }

    var todoState: (items: [TodoItem], editing: Int?)? { (items, nil) }
}
