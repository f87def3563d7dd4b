import CWebP

extension Surface {
    /// A WebP (lossy or lossless, still) through libwebp, premultiplied as it decodes, scaled by libwebp to the
    /// size it is shown at in `fitting` when that is smaller.
    static func decodeWebP(_ bytes: [UInt8], path: String, fitting: Size?) throws -> Surface {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageError(path: path, reason: "libwebp does not match the version Flick was built with")
        }
        let features = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &config.input) }
        guard features == VP8_STATUS_OK else { throw damaged(path, features) }
        let width = Int(config.input.width), height = Int(config.input.height)
        try checkSize(width: width, height: height, path: path)
        guard config.input.has_animation == 0 else {
            throw ImageError(path: path, reason: "an animated WebP: give one frame of it as a still picture")
        }
        let shown = fittedSize(width: width, height: height, into: fitting)
        if shown != (width, height) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(shown.width)
            config.options.scaled_height = Int32(shown.height)
        }
        let surface = Surface.forOverwriting(width: shown.width, height: shown.height)
        config.output.colorspace = MODE_bgrA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = UnsafeMutableRawPointer(surface.pixels).assumingMemoryBound(to: UInt8.self)
        config.output.u.RGBA.stride = Int32(surface.stride * 4)
        config.output.u.RGBA.size = surface.stride * 4 * surface.height
        defer { WebPFreeDecBuffer(&config.output) }
        let status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        guard status == VP8_STATUS_OK else { throw damaged(path, status) }
        surface.isKnownOpaque = config.input.has_alpha == 0 || surface.isOpaque
        return surface
    }

    private static func damaged(_ path: String, _ status: VP8StatusCode) -> ImageError {
        let why = switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: "truncated"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "uses a feature libwebp cannot decode"
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        default: "damaged"
        }
        return ImageError(path: path, reason: "not a readable WebP (\(why)): save it again or replace it")
    }
}
