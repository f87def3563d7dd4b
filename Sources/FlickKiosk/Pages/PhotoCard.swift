import Glibc
import FlickMotion
import FlickRaster
import FlickUI

/// One photo as a print lying on the page: the image scaled to fit inside the page's margin, a white border
/// and a soft shadow, drawn once into a rasterized view so that a moving card is only copied (or resampled
/// while it is turned).
final class PhotoCard {
    /// The photo's place in the page's list.
    let index: Int
    /// The border and the shadow included; its frame follows the card's dynamic item.
    let view: View
    /// The print (image and border), centred in the view; the shadow around it is not part of the card.
    let faceSize: Size
    /// The card lying still on the page, its frame on whole pixels: a plain copy to draw.
    let restingItem: DynamicItem

    // Our tuning, in screen units as the config's sizes are.
    static let borderWidth = 8.0
    static let shadowWidth = 12.0
    /// The darkest the shadow gets, right at the print's edge.
    static let shadowOpacity = 0.35

    /// An unreadable photo keeps its place in the stack as a blank print of this shape.
    private static let blankAspect = Size(4, 3)

    init(path: String, index: Int, context: PageContext) {
        self.index = index
        // Read for its size and the first drawing of the card's layer, then let go: a layer holds the picture at
        // the size it shows, and a photo is not kept twice (a camera's picture decoded is tens of megabytes).
        // A later drawing (the layer dropped and rendered again) takes it from the layer let go, when it was
        // kept from it, or reads the file again.
        let border = max(1, (Self.borderWidth * context.unit).rounded())
        let shadow = max(1, (Self.shadowWidth * context.unit).rounded())
        let room = context.bounds.insetBy(dx: context.margin + border, dy: context.margin + border)
        let image = context.images.open(path, fitting: room.size)
        let unused = DecodedPhoto(image)
        let natural = image.map { Size(Double($0.width), Double($0.height)) } ?? Self.blankAspect
        let fit = max(0, min(room.width / natural.width, room.height / natural.height))
        let picture = Size(max(1, (natural.width * fit).rounded()), max(1, (natural.height * fit).rounded()))
        faceSize = Size(picture.width + 2 * border, picture.height + 2 * border)
        let size = Size(faceSize.width + 2 * shadow, faceSize.height + 2 * shadow)
        let origin = Point(((Double(context.width) - size.width) / 2).rounded(),
                           ((Double(context.height) - size.height) / 2).rounded())
        view = View(frame: Rect(origin: origin, size: size))
        restingItem = DynamicItem(position: view.frame.center, width: size.width, height: size.height)
        view.shouldRasterize = true
        let blank = context.theme.surface
        let images = context.images
        let face = view.bounds.insetBy(dx: shadow, dy: shadow)
        // White under whatever the photo is: the print hides what lies under the card.
        view.opaqueArea = face
        view.content = ViewContent { canvas, bounds in
            canvas.fillShadow(outside: face, width: shadow, opacity: Self.shadowOpacity)
            let photo = face.insetBy(dx: border, dy: border)
            // Drawn round a card lying over it, the photo may be out of the clip: it is not read for nothing.
            guard !PixelRect(enclosing: canvas.transform.mapBounds(photo)).intersection(canvas.clipBounds).isEmpty else {
                canvas.fill(face, color: .white)
                return
            }
            let picture = unused.take() ?? images.open(path, fitting: room.size)
            if let image = picture, image.isKnownOpaque {
                // The photo covers its part of the print: only the border is white.
                for strip in Self.border(of: face, inside: photo) { canvas.fill(strip, color: .white) }
                images.draw(image, in: photo, on: canvas)
            } else if let image = picture {
                canvas.fill(face, color: .white)
                images.draw(image, in: photo, on: canvas)
            } else {
                canvas.fill(face, color: .white)
                canvas.fill(photo, color: blank)
            }
        }
    }

    /// The four strips of `face` round `photo`.
    private static func border(of face: Rect, inside photo: Rect) -> [Rect] {
        [Rect(x: face.minX, y: face.minY, width: face.width, height: photo.minY - face.minY),
         Rect(x: face.minX, y: photo.maxY, width: face.width, height: face.maxY - photo.maxY),
         Rect(x: face.minX, y: photo.minY, width: photo.minX - face.minX, height: photo.height),
         Rect(x: photo.maxX, y: photo.minY, width: face.maxX - photo.maxX, height: photo.height)]
    }

    /// The photo read at init, until the first drawing takes it.
    private final class DecodedPhoto {
        private var image: Picture?
        init(_ image: Picture?) { self.image = image }
        func take() -> Picture? {
            defer { image = nil }
            return image
        }
    }

    /// Whether `point` (page pixels) is on the print of a card placed as `item`; the shadow does not count.
    func contains(_ point: Point, placedAs item: DynamicItem) -> Bool {
        let local = item.offset(of: point)
        return abs(local.x) <= faceSize.width / 2 && abs(local.y) <= faceSize.height / 2
    }

    /// Moves the view to where the dynamics have the card: the frame follows the centre, the transform the turn.
    func place(as item: DynamicItem) {
        let size = view.frame.size
        view.frame = Rect(x: item.position.x - size.width / 2, y: item.position.y - size.height / 2,
                          width: size.width, height: size.height)
        view.transform = item.angle == 0 ? .identity : .rotation(item.angle)
    }
}
