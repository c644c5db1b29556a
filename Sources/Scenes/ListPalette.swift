import Raster

/// The feed's colours in one appearance: iOS's light list, or its dark one as Settings and Messages show it
/// (black background, white names, systemGray previews, opaque dark separators, a near-black bar).
struct ListPalette {
    typealias C = PremultipliedRGBA8
    var background, label, secondary, tertiary, separator, selection, searchFill, tint, barHairline: C
    /// The bar's grey level when the large title has scrolled under it.
    var barLevel: Double
    var darkStatusInk: Bool

    static let light = ListPalette(
        background: .white, label: SceneColor.rgb(0, 0, 0), secondary: SceneColor.rgb(138, 138, 142),
        tertiary: SceneColor.rgb(196, 196, 199), separator: SceneColor.rgb(216, 216, 220), selection: SceneColor.rgb(209, 209, 214),
        searchFill: SceneColor.rgb(118, 118, 128, 0.12), tint: SceneColor.rgb(0, 122, 255), barHairline: SceneColor.rgb(60, 60, 67, 0.29),
        barLevel: 249, darkStatusInk: true)

    static let dark = ListPalette(
        background: SceneColor.rgb(0, 0, 0), label: SceneColor.rgb(255, 255, 255), secondary: SceneColor.rgb(152, 152, 159),
        tertiary: SceneColor.rgb(90, 90, 94), separator: SceneColor.rgb(56, 56, 58), selection: SceneColor.rgb(58, 58, 60),
        searchFill: SceneColor.rgb(118, 118, 128, 0.24), tint: SceneColor.rgb(10, 132, 255), barHairline: SceneColor.rgb(84, 84, 88, 0.6),
        barLevel: 22, darkStatusInk: false)

    static func of(_ appearance: SceneAppearance) -> ListPalette { appearance == .dark ? dark : light }

    /// The bar's colour at `collapsed` (0: the large title shows, 1: it has scrolled under the bar).
    func bar(_ collapsed: Double) -> C {
        let start = darkStatusInk ? 255.0 : 0
        let level = UInt8((start + (barLevel - start) * collapsed).rounded())
        return SceneColor.rgb(level, level, level)
    }
}
