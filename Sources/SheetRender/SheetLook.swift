import Raster
import SheetKit

/// How the sheet's surface is painted, decided once per renderer: its colours and, for glass, its optics.
/// Every colour the surface uses comes from here, so an appearance (light or dark) sets them in one place.
///
/// Numbers and where they come from:
/// - Glass rim: a light edge about 1 pt wide that follows the outline, brightest along the top and fading
///   down the sides ("Meet Liquid Glass", WWDC25: specular highlights that respond to the light; the common
///   web rendition is an inset 1 px white line at 75 % along the top and 15 % along the bottom). We chose
///   55 % at the top and 18 % on the sides and bottom, over the top corners' height.
/// - Lensing: WWDC25 describes the rim of Liquid Glass bending and concentrating light ("lensing"); published
///   re-creations displace the backdrop toward the interior in a band a few points wide, most at the edge.
///   We chose a 10 pt band and a 3 pt shift at the edge, falling off as the square of the distance in.
/// - Opaque at large: UIKit's iOS 26 sheet turns from glass to an opaque systemBackground as it rises from
///   its highest partial detent to full height (WWDC25, "Build a UIKit app with the new design"); light
///   systemBackground is white (#FFFFFF), dark at a sheet's elevated level #1C1C1E. A sheet whose content is a
///   grouped list turns into systemGroupedBackground instead (light #F2F2F7, elevated dark #1C1C1E), as an
///   inset-grouped list paints it behind its white cards: on white they would vanish.
/// - Scroll edge: iOS 26's soft scroll edge effect fades content out toward the top edge as it scrolls
///   under it (SwiftUI `ScrollEdgeEffectStyle.soft`, a progressive transition); we fade over the grabber
///   band, 20 pt by default, so content at rest is untouched.
struct SheetLook: Equatable {
    /// Whether the sheet is iOS 26 glass (rim, lensing, scroll edge fade, opaque at large).
    var glass: Bool
    /// Composited over the blurred backdrop, or the solid fill that replaces the material.
    var tint: PremultipliedRGBA8
    /// The opaque colour glass turns into at large: systemBackground (white in light, elevated #1C1C1E in dark), or
    /// systemGroupedBackground under grouped cards (`SystemColors.elevatedBackground`; a modal sheet in dark mode is
    /// lifted off the black behind it).
    var opaqueBackground: PremultipliedRGBA8
    /// The specular rim's colour, and its opacity along the top and down the sides, 0…1.
    var rimColor: PremultipliedRGBA8
    var rimTop: Double
    var rimSide: Double
    /// The rim's width in points.
    var rimWidth: Double
    /// The lens band's width in points, and how far (points) the backdrop is pulled in at the very edge.
    var lensWidth: Double
    var lensShift: Double
    /// Over how many points below the top edge content fades out as it scrolls up (0: a clean cut).
    var scrollEdgeFade: Double
    /// Whether the surface turns opaque (`opaqueBackground`) as the glass morphs to large: glass material only;
    /// a solid fill is opaque already and keeps its colour.
    var turnsOpaque: Bool

    init(setup: SheetSetup) {
        let sheet = setup.sheet
        glass = sheet.style == .glass
        tint = (sheet.fill ?? sheet.material.tint).premultiplied
        let grouped = sheet.content.contains { if case .list = $0 { true } else { false } }
        let contrast = setup.settings.increaseContrast
        opaqueBackground = SystemColors.elevatedBackground(setup.config.appearance, grouped: grouped,
                                                           increasedContrast: contrast).premultiplied
        rimColor = .white
        // Dark: measured on iOS 26 (Pokerist's `.fraction(0.65)` sheet, 3×): 54 over a fill of 19 at the top, 49 over
        // 17 on the sides, fading over about 1.3 pt: about 0.16 and 0.14 of white at the edge. Light: our 55 % and
        // 18 % (over iOS's near-white light glass the rim cannot be told from the fill).
        let dark = setup.config.appearance == .dark
        rimTop = glass && sheet.fill == nil ? (dark ? 0.16 : 0.55) : 0
        rimSide = glass && sheet.fill == nil ? (dark ? 0.14 : 0.18) : 0
        rimWidth = 1.3
        // Increase Contrast: glass "highlights them with a contrasting border" (WWDC25, Meet Liquid Glass). The rim
        // becomes an even 1 pt border in the ink that contrasts with the surface: black on light glass, white on
        // dark (60 % black, 45 % white: our choice, so that it reads at 1×), top and sides alike.
        if contrast && glass && sheet.fill == nil {
            let darkSurface = setup.config.surface.isDark
            rimColor = darkSurface ? .white : PremultipliedRGBA8(0, 0, 0, 255)
            rimTop = darkSurface ? 0.45 : 0.6
            rimSide = rimTop
            rimWidth = 1
        }
        let lens = glass && sheet.fill == nil && sheet.material.blur > 0
        lensWidth = lens ? 10 : 0
        lensShift = lens ? 3 : 0
        scrollEdgeFade = glass ? setup.bandHeight : 0
        turnsOpaque = glass && sheet.fill == nil
    }

}
