import FlickRaster
import FlickText
import FlickUI

/// The small notice at the foot of the screen while the config file on disk cannot be applied: the kiosk goes on
/// showing the last good config, and whoever edits the file sees on the panel that the edit did not take.
final class ConfigNotice {
    let view: View
    private let label: Label
    private let unit: Double

    init(face: FontFace, theme: KioskConfig.Theme, unit: Double, width: Int, height: Int) {
        self.unit = unit
        view = View(frame: .zero)
        view.isUserInteractionEnabled = false
        let radius = 8 * unit
        view.content = ViewContent { canvas, bounds in
            canvas.fill(roundedRect: bounds, radius: radius, paint: .solid(Color(hex: 0x8A1C1C, alpha: 0.92)))
        }
        label = Label("", face: face, pixelSize: theme.captionSize * unit, color: Color(hex: 0xFFFFFF), maxLines: 2)
        view.addChild(label.view)
        view.isHidden = true
        layout(width: width, height: height)
    }

    /// The line shown; nil hides the notice.
    var text: String? {
        didSet {
            guard text != oldValue else { return }
            label.text = text ?? ""
            view.isHidden = text == nil
            view.setNeedsDisplay()
        }
    }

    private func layout(width: Int, height: Int) {
        let pad = 12 * unit
        let w = min(Double(width) - 2 * pad, 720 * unit)
        label.view.frame = Rect(x: pad, y: pad / 2, width: w - 2 * pad, height: 0)
        let textHeight = max(label.layout(width: w - 2 * pad).size.height, label.pixelSize * 2.6)
        label.view.frame.size.height = textHeight
        view.frame = Rect(x: (Double(width) - w) / 2, y: Double(height) - textHeight - 2 * pad, width: w, height: textHeight + pad)
    }
}
