import FlickDisplay
import CDRM
import FlickRaster

/// What changed in a frame, as the kernel takes it: rectangles in the panel's (unrotated) coordinates, clipped to
/// the frame, overlaps merged, at most `limit` of them (more become one bounding box). Sent with each atomic
/// flip as FB_DAMAGE_CLIPS (USB and SPI panels then send only these) and with DirtyFB when drawing in place.
public enum DamageClips {
    public static func panelRects(_ damage: [PixelRect], rotation: Rotation, logicalWidth: Int, logicalHeight: Int,
                                  limit: Int = 16) -> [PixelRect] {
        let bounds = PixelRect(x: 0, y: 0, width: logicalWidth, height: logicalHeight)
        let clipped = damage.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        return PixelRect.merged(clipped, limit: limit).map {
            rotation.panelRect($0, logicalWidth: logicalWidth, logicalHeight: logicalHeight)
        }
    }

    /// The kernel's form: x1, y1 inclusive, x2, y2 exclusive.
    static func kernelRects(_ rects: [PixelRect]) -> [drm_mode_rect] {
        rects.map { drm_mode_rect(x1: Int32($0.x), y1: Int32($0.y), x2: Int32($0.maxX), y2: Int32($0.maxY)) }
    }
}
