import Raster
import SheetKit

extension SRGBColor {
    /// The colour as premultiplied pixels.
    public var premultiplied: PremultipliedRGBA8 { StraightRGBA8(red, green, blue, alpha).premultiplied }
    /// The colour as Raster's straight colour.
    public var straight: StraightRGBA8 { StraightRGBA8(red, green, blue, alpha) }
}

extension SceneAppearance {
    /// The scenes' appearance for a config's.
    public init(_ appearance: Appearance) { self = appearance == .dark ? .dark : .light }
}

/// The colours content uses on a given sheet: the system colours (label, secondaryLabel, separator, systemBlue)
/// of the appearance its surface reads as, so light text on dark sheets and dark text on light ones, and the
/// grabber and grouped-card fills that suit the surface (`SheetSurface`). With Increase Contrast each takes its
/// high-contrast value (`SystemColors.color(named:in:increasedContrast:)`).
public struct SheetTheme: Sendable, Equatable {
    public var isDark: Bool
    public var primary: SRGBColor
    public var secondary: SRGBColor
    public var separator: SRGBColor
    public var card: SRGBColor
    public var accent: SRGBColor
    /// The grabber: the config's colour, else the surface's default.
    public var grabber: SRGBColor
    /// Text fields: the fill (`tertiarySystemFill`, #767680 at 12 % light, 24 % dark; a little stronger on glass so
    /// it reads on the material), the caret (`systemBlue`), the clear button's disc, and whether the field is glass's
    /// capsule. The placeholder and the search glyph take `secondary`.
    public var fieldFill: SRGBColor
    public var caret: SRGBColor
    public var clearButton: SRGBColor
    public var glass: Bool

    public init(config: SheetLabConfig) {
        let surface = config.surface
        isDark = surface.isDark
        let ink = surface.inkAppearance
        let contrast = config.settings.increaseContrast
        func system(_ name: String) -> SRGBColor { SystemColors.color(named: name, in: ink, increasedContrast: contrast)! }
        primary = system("label")
        secondary = system("secondaryLabel")
        separator = system("separator")
        accent = system("systemBlue")
        card = surface.card
        grabber = config.grabberColor
        glass = config.sheet.style == .glass
        var fill = system("tertiarySystemFill")
        if glass { fill.alpha = min(255, fill.alpha + 0x14) }
        fieldFill = fill
        caret = accent
        clearButton = system("systemGray2")
        clearButton.alpha = 0xE0
    }

    /// The theme of `sheet` in a light config over the map.
    public init(sheet: SheetConfig) {
        var config = SheetLabConfig()
        config.sheet = sheet
        self.init(config: config)
    }
}
