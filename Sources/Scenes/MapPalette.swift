import Raster

/// The map's colours in one appearance. Light is Apple Maps' day look (cream land, white roads, yellow
/// expressway); dark is its night look: dark grey land, muted lighter roads, deep green parks, navy water,
/// a dimmed amber expressway, and light labels on dark halos.
struct MapPalette {
    typealias C = PremultipliedRGBA8
    var road, land, casing, park, parkDark, parkMeadow, parkPath, pond, water, riverbank: C
    var highway, highwayCasing, highwayLine, highwayShadow: C
    var hospital, hospitalInner, campus, campusInner: C
    /// Buildings: a grey of this level (0…255) ± a little, slightly warm.
    var buildingLevel: Double
    var userHalo, userRing: C
    /// Labels.
    var halo, parkLabel, campusLabel, riverLabel, highwayLabel, avenueLabel, majorLabel, minorLabel, hoodLabel: C
    /// Pin names: the pin's colour mixed towards this level (0 darkens, 1 lightens) by `pinInkMix`.
    var pinInkTowards: Double
    var pinInkMix: Double
    /// The fade under the status bar, the floating buttons and the callout bubble.
    var statusFade: (UInt8, UInt8, UInt8, Double)
    var buttonFill, buttonSeparator, tint: C
    var bubble, bubbleTitle: (UInt8, UInt8, UInt8)
    var bubbleDetail: (UInt8, UInt8, UInt8)
    /// Whether the status bar over the map takes dark ink.
    var darkStatusInk: Bool

    static let light = MapPalette(
        road: SceneColor.rgb(255, 255, 255), land: SceneColor.rgb(240, 238, 233), casing: SceneColor.rgb(214, 210, 203),
        park: SceneColor.rgb(193, 229, 173), parkDark: SceneColor.rgb(176, 217, 153), parkMeadow: SceneColor.rgb(205, 236, 186),
        parkPath: SceneColor.rgb(234, 244, 224), pond: SceneColor.rgb(168, 212, 236), water: SceneColor.rgb(152, 203, 246),
        riverbank: SceneColor.rgb(205, 233, 188),
        highway: SceneColor.rgb(255, 213, 115), highwayCasing: SceneColor.rgb(229, 172, 75), highwayLine: SceneColor.rgb(240, 190, 95),
        highwayShadow: SceneColor.rgb(0, 0, 0, 0.05),
        hospital: SceneColor.rgb(250, 226, 226), hospitalInner: SceneColor.rgb(238, 205, 205),
        campus: SceneColor.rgb(239, 231, 211), campusInner: SceneColor.rgb(226, 215, 190),
        buildingLevel: 228,
        userHalo: SceneColor.rgb(0, 122, 255, 0.12), userRing: SceneColor.rgb(255, 255, 255),
        halo: SceneColor.rgb(255, 255, 255, 0.92), parkLabel: SceneColor.rgb(48, 122, 60), campusLabel: SceneColor.rgb(140, 108, 62),
        riverLabel: SceneColor.rgb(46, 112, 186), highwayLabel: SceneColor.rgb(128, 86, 18), avenueLabel: SceneColor.rgb(88, 88, 92),
        majorLabel: SceneColor.rgb(84, 84, 88), minorLabel: SceneColor.rgb(112, 112, 117), hoodLabel: SceneColor.rgb(138, 136, 132),
        pinInkTowards: 0, pinInkMix: 0.22,
        statusFade: (255, 255, 255, 0.86),
        buttonFill: SceneColor.rgb(252, 252, 252, 0.97), buttonSeparator: SceneColor.rgb(60, 60, 67, 0.2), tint: SceneColor.rgb(0, 122, 255),
        bubble: (255, 255, 255), bubbleTitle: (28, 28, 30), bubbleDetail: (110, 110, 115),
        darkStatusInk: true)

    static let dark = MapPalette(
        road: SceneColor.rgb(62, 65, 71), land: SceneColor.rgb(31, 32, 35), casing: SceneColor.rgb(47, 49, 54),
        park: SceneColor.rgb(30, 58, 40), parkDark: SceneColor.rgb(25, 49, 34), parkMeadow: SceneColor.rgb(36, 66, 46),
        parkPath: SceneColor.rgb(52, 76, 58), pond: SceneColor.rgb(28, 56, 84), water: SceneColor.rgb(24, 45, 72),
        riverbank: SceneColor.rgb(30, 50, 36),
        highway: SceneColor.rgb(133, 106, 58), highwayCasing: SceneColor.rgb(92, 72, 40), highwayLine: SceneColor.rgb(156, 126, 72),
        highwayShadow: SceneColor.rgb(0, 0, 0, 0.2),
        hospital: SceneColor.rgb(58, 38, 40), hospitalInner: SceneColor.rgb(70, 45, 47),
        campus: SceneColor.rgb(50, 45, 36), campusInner: SceneColor.rgb(62, 55, 43),
        buildingLevel: 44,
        userHalo: SceneColor.rgb(10, 132, 255, 0.2), userRing: SceneColor.rgb(255, 255, 255),
        halo: SceneColor.rgb(28, 29, 32, 0.5), parkLabel: SceneColor.rgb(120, 196, 132), campusLabel: SceneColor.rgb(204, 180, 138),
        riverLabel: SceneColor.rgb(112, 166, 226), highwayLabel: SceneColor.rgb(236, 204, 140), avenueLabel: SceneColor.rgb(200, 200, 206),
        majorLabel: SceneColor.rgb(214, 214, 220), minorLabel: SceneColor.rgb(164, 164, 170), hoodLabel: SceneColor.rgb(142, 142, 148),
        pinInkTowards: 255, pinInkMix: 0.3,
        statusFade: (20, 21, 24, 0.82),
        buttonFill: SceneColor.rgb(44, 44, 46, 0.97), buttonSeparator: SceneColor.rgb(84, 84, 88, 0.6), tint: SceneColor.rgb(10, 132, 255),
        bubble: (44, 44, 46), bubbleTitle: (255, 255, 255), bubbleDetail: (152, 152, 159),
        darkStatusInk: false)

    static func of(_ appearance: SceneAppearance) -> MapPalette { appearance == .dark ? dark : light }

    /// The ink of a pin's name, from the pin's colour.
    func pinInk(_ c: (UInt8, UInt8, UInt8)) -> C {
        func m(_ v: UInt8) -> UInt8 { UInt8(Double(v) + (pinInkTowards - Double(v)) * pinInkMix) }
        return SceneColor.rgb(m(c.0), m(c.1), m(c.2))
    }

    /// A building's colour for a small random shift `tint` (about −4…3).
    func building(_ tint: Double) -> C {
        let base = buildingLevel + tint
        // Light buildings are warm greys; dark ones cool, as Apple Maps draws them at night.
        if darkStatusInk { return SceneColor.rgb(UInt8(base), UInt8(base - 3), UInt8(base - 8)) }
        return SceneColor.rgb(UInt8(base), UInt8(base + 1), UInt8(base + 5))
    }
}
