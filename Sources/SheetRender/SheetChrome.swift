import Raster
import SheetKit

/// The parts of the sheet's look that depend on its shape, kept between frames: the outline bands (coverage,
/// shadow, rim and lens per shape, see `OutlineBand`), one set per distinct shape.
struct SheetChrome {
    var outlines = OutlineCache()

    /// The outline's optics for `setup` at `scale`: the config's shadow all round the shape (an attached sheet's
    /// sides and bottom are off the canvas, so only its top shadow shows), and for glass the rim and lens band.
    static func optics(setup: SheetSetup, look: SheetLook, scale: Int) -> OutlineOptics {
        let s = Double(scale)
        var o = OutlineOptics()
        if let shadow = setup.sheet.shadow, shadow.color.alpha > 0, shadow.radius > 0 || shadow.y != 0 {
            // CSS-style blur radius = 2σ, as the config's shadow has always meant.
            o.shadowSigma = max(0.5, shadow.radius / 2 * s)
            o.shadowOffset = shadow.y * s
            o.shadowAlpha = Double(shadow.color.alpha)
        }
        if look.rimTop > 0 || look.rimSide > 0 {
            o.rimWidth = look.rimWidth * s
            o.rimTop = look.rimTop
            o.rimSide = look.rimSide
            let curve: CornerCurve = setup.sheet.cornerStyle == .continuous ? .continuous : .circular
            o.rimFade = max(1, curve.extent(radius: setup.cornerRadius * s))
        }
        o.lensWidth = look.lensWidth * s
        o.lensShift = look.lensShift * s
        return o
    }
}
