/// A paint resolved for the current transform and alpha.
enum Shader {
    case solid(UInt32)
    case gradient(GradientShader)
    case image(ImageShader)

    init?(_ paint: Paint, _ transform: AffineTransform, alpha: Double, tables: GradientTableCache) {
        switch paint {
        case .solid(let c):
            let pixel = c.withAlpha(c.alpha * alpha).pixel
            self = .solid(pixel)
        case .linearGradient(let g):
            guard let s = GradientShader(g, deviceFromUser: transform, table: tables.table(for: g)) else { return nil }
            self = .gradient(s)
        case .image(let p):
            guard let s = ImageShader(p, deviceFromUser: transform) else { return nil }
            self = .image(s)
        }
    }

    /// Every pixel it paints is opaque (before the global alpha).
    var isOpaque: Bool {
        switch self {
        case .solid(let pixel): pixel >> 24 == 255
        case .gradient(let g): g.isOpaque
        case .image(let s): s.image.isKnownOpaque
        }
    }

    /// Shaded paints carry the global alpha in their coverage; a solid colour has it built in.
    var needsScratch: Bool {
        if case .solid = self { return false }
        return true
    }
}
