import Raster

/// Colours as the scenes write them: sRGB bytes and an opacity.
enum SceneColor {
    static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) -> PremultipliedRGBA8 {
        StraightRGBA8(r, g, b, UInt8((min(max(a, 0), 1) * 255).rounded())).premultiplied
    }
}
