/// What the sheet's surface looks like, estimated from its config, and the colours that follow from it: whether
/// it is dark, the grabber's default colour and the grouped-card fill.
///
/// The surface is the fill, or the material's tint over the average colour of what is behind the sheet in the
/// config's appearance (blur and saturation leave the average nearly where it is). Colours on the sheet take the
/// system value of the appearance the surface reads as: a white fill in dark mode still gets dark-on-light ink.
public struct SheetSurface: Sendable, Equatable {
    /// The estimated opaque colour of the sheet.
    public var color: SRGBColor
    /// Whether light ink reads better on it than dark ink (WCAG contrast).
    public var isDark: Bool
    /// Whether the sheet is iOS 26 glass (whose dark grabber is lighter).
    public var glass = false
    /// Increase Contrast: the grabber takes `tertiaryLabel`'s high-contrast alpha.
    public var increasedContrast = false
    /// Whether the surface is an opaque `fill` (the config's colour, not a material's estimate).
    public var opaqueFill = false
    /// The appearance whose system colours suit the surface.
    public var inkAppearance: Appearance { isDark ? .dark : .light }

    public init(sheet: SheetConfig, appearance: Appearance, background: Background = .scene(.map)) {
        let behind = Self.averageBackground(background, appearance: appearance)
        let material = sheet.material.tint.over(behind)
        color = sheet.fill.map { $0.over(material) } ?? material
        opaqueFill = sheet.fill?.alpha == 255
        isDark = !color.prefersDarkInk
        glass = sheet.style == .glass
    }

    /// The surface of the sheet as drawn under the config's settings: with Reduce Transparency the opaque material
    /// (`drawnSheet`). Tinted glass keeps Clear's estimate: its tint is the same colour, only denser, and what suits
    /// Clear suits it (a denser near-white estimate would turn white grouped cards grey, and those vanish on the
    /// opaque grouped background glass turns into at large).
    public init(config: SheetLabConfig) {
        self.init(sheet: config.settings.reduceTransparency ? config.drawnSheet : config.sheet, appearance: config.appearance,
                  background: config.background)
        increasedContrast = config.settings.increaseContrast
    }

    /// The grabber's default: `tertiaryLabel`-like translucent grey of the surface's appearance (#3C3C43 at 30 %
    /// on light surfaces, #EBEBF5 at 30 % on dark ones), raised to 45 % where the surface is mid-grey so that it
    /// keeps at least 1.3:1 against it.
    ///
    /// iOS 26's dark glass grabber is a little lighter: (100, 100, 104) on the opaque #1C1C1E sheet at large
    /// (Pokerist's iOS 26 dark `.large` screenshot, 3×), fitted as #EBEBF3 at 35 % (0x59); #EBEBF5 at 30 % gave (91, 91, 95).
    ///
    /// At Increase Contrast the base is `tertiaryLabel`'s high-contrast value (#3C3C43 / #EBEBF5 at 0x60), and dark
    /// glass's fitted alpha rises by the same step (0x59 + 0x13 = 0x6C).
    public var grabber: SRGBColor {
        var base = SystemColors.color(named: "tertiaryLabel", in: inkAppearance, increasedContrast: increasedContrast)!
        if glass && isDark { base = SRGBColor(red: 0xEB, green: 0xEB, blue: 0xF3, alpha: increasedContrast ? 0x6C : 0x59) }
        for alpha in [base.alpha, 0x73, 0x99] {
            var c = base
            c.alpha = alpha
            if SRGBColor.contrast(c.over(color), color) >= 1.3 { return c }
        }
        return isDark ? SRGBColor(red: 255, green: 255, blue: 255, alpha: 0x99) : SRGBColor(red: 0, green: 0, blue: 0, alpha: 0x99)
    }

    /// The fill of grouped cards (a `list`) on this surface, the first that stands out from it (1.07:1): on light
    /// surfaces white (`secondarySystemGroupedBackground`), else `secondarySystemBackground` and `systemGray5`
    /// (a white card would vanish on a white sheet); on dark ones a light veil, about
    /// `secondarySystemGroupedBackground` dark (#1C1C1E) over black, else a stronger one. A dark sheet whose fill is
    /// the elevated systemBackground / systemGroupedBackground (#1C1C1E; #242426 at Increase Contrast: what
    /// `"fill": "systemGroupedBackground"` resolves to on a presented sheet, docs/appearance.md) takes UIKit's own
    /// card on it, the elevated `secondarySystemGroupedBackground` (#2C2C2E; #363638). Glass keeps the veil, also
    /// where it turns opaque at large or with Reduce Transparency, so that both read alike.
    public var card: SRGBColor {
        if isDark, opaqueFill, color == SystemColors.elevatedBackground(.dark, increasedContrast: increasedContrast) {
            return SystemColors.color(named: "secondarySystemGroupedBackground", in: .dark,
                                      increasedContrast: increasedContrast, level: .elevated)!
        }
        let candidates = isDark
            ? [SRGBColor(red: 255, green: 255, blue: 255, alpha: 0x1C), SRGBColor(red: 255, green: 255, blue: 255, alpha: 0x33)]
            : ["secondarySystemGroupedBackground", "secondarySystemBackground", "systemGray5"].map { SystemColors.color(named: $0, in: .light)! }
        return candidates.first { SRGBColor.contrast($0.over(color), color) >= 1.07 } ?? candidates.last!
    }

    /// The average colour behind the sheet: the built-in scenes' own averages, a colour over white, and for an
    /// image the appearance's grouped background (the image is unknown here).
    static func averageBackground(_ background: Background, appearance: Appearance) -> SRGBColor {
        let dark = appearance == .dark
        switch background {
        case .scene(.map): return dark ? SRGBColor(red: 40, green: 42, blue: 46) : SRGBColor(red: 238, green: 236, blue: 231)
        case .scene(.list): return dark ? .black : .white
        case .scene(.gradient): return dark ? SRGBColor(red: 42, green: 30, blue: 78) : SRGBColor(red: 150, green: 86, blue: 170)
        case .color(let c): return c.over(.white)
        case .image: return dark ? SRGBColor(red: 28, green: 28, blue: 30) : SRGBColor(red: 229, green: 229, blue: 234)
        }
    }
}

extension SheetLabConfig {
    /// The sheet's estimated surface in this config's appearance.
    public var surface: SheetSurface { SheetSurface(config: self) }
    /// The grabber's colour: the config's own, else the surface's default.
    public var grabberColor: SRGBColor { sheet.grabber.color ?? surface.grabber }
}
