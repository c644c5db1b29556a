/// How the iOS display settings change what the sheet is drawn with, resolved into plain data (a material, a
/// colour) before anything is drawn: Reduce Transparency, Increase Contrast and iOS 26.1's tinted Liquid Glass.
/// docs/accessibility.md gives every value and where it comes from.

extension AccessibilitySettings {
    /// The key under which a config's decode carries Increase Contrast to the colour names inside it.
    static let increasedContrastKey = "increasedContrast"
}

extension Decoder {
    /// Whether the document being decoded turns on Increase Contrast in its `settings`.
    var increasedContrast: Bool { context(AccessibilitySettings.increasedContrastKey, as: Bool.self) ?? false }
}

extension SystemColors {
    /// The colour `name` stands for in `appearance`, at Increase Contrast when `increasedContrast`: UIKit's
    /// high-contrast variants (`UIAccessibilityContrast.high`) where a colour has one, else the normal value.
    public static func color(named name: String, in appearance: Appearance, increasedContrast: Bool) -> SRGBColor? {
        if increasedContrast, let entry = highContrastIndex[name] { return appearance == .light ? entry.light : entry.dark }
        return color(named: name, in: appearance)
    }

    private static let highContrastIndex: [String: (light: SRGBColor, dark: SRGBColor)] =
        Dictionary(highContrastTable.map { ($0.name, ($0.light, $0.dark)) }, uniquingKeysWith: { a, _ in a })

    /// name, light, dark at Increase Contrast. Names whose high-contrast value equals the normal one (`label`,
    /// `opaqueSeparator`, `link`, `systemBackground`, white, black …) are left out.
    ///
    /// Sources: the labels, separators, fills, backgrounds, greys and the iOS 13 tints are UIKit's values as
    /// Flutter's `CupertinoColors` (packages/flutter/lib/src/cupertino/colors.dart) records them, each
    /// `highContrastColor` / `darkHighContrastColor`; the tints iOS 15 added or changed (`systemTeal`, `systemMint`,
    /// `systemCyan`, `systemBrown`) are the "Increased contrast" column of the HIG's Color page.
    static let highContrastTable: [(name: String, light: SRGBColor, dark: SRGBColor)] = [
        entry("secondarySystemBackground", "#EBEBF0", "#242426"),
        entry("tertiarySystemBackground", "#FFFFFF", "#363638"),
        entry("systemGroupedBackground", "#EBEBF0", "#000000"),
        entry("secondarySystemGroupedBackground", "#FFFFFF", "#242426"),
        entry("tertiarySystemGroupedBackground", "#EBEBF0", "#363638"),
        entry("secondaryLabel", "#3C3C43AD", "#EBEBF5AD"),
        entry("tertiaryLabel", "#3C3C4360", "#EBEBF560"),
        entry("quaternaryLabel", "#3C3C4342", "#EBEBF53D"),
        entry("placeholderText", "#3C3C4360", "#EBEBF560"),
        entry("separator", "#3C3C435E", "#545458AD"),
        entry("systemFill", "#78788047", "#78788070"),
        entry("secondarySystemFill", "#7878803D", "#78788066"),
        entry("tertiarySystemFill", "#76768033", "#76768051"),
        entry("quaternarySystemFill", "#74748028", "#76768042"),
        entry("systemBlue", "#0040DD", "#409CFF"),
        entry("systemGreen", "#248A3D", "#30DB5B"),
        entry("systemRed", "#D70015", "#FF6961"),
        entry("systemOrange", "#C93400", "#FFB340"),
        entry("systemYellow", "#A05A00", "#FFD426"),
        entry("systemPink", "#D30F45", "#FF6482"),
        entry("systemPurple", "#8944AB", "#DA8FFF"),
        entry("systemTeal", "#008299", "#5DE6FF"),
        entry("systemIndigo", "#3634A3", "#7D7AFF"),
        entry("systemMint", "#0C817B", "#66D4CF"),
        entry("systemCyan", "#0071A4", "#70D7FF"),
        entry("systemBrown", "#7F6545", "#B59469"),
        entry("systemGray", "#6C6C70", "#AEAEB2"),
        entry("systemGray2", "#8E8E93", "#7C7C80"),
        entry("systemGray3", "#AEAEB2", "#545456"),
        entry("systemGray4", "#BCBCC0", "#444446"),
        entry("systemGray5", "#D8D8DC", "#363638"),
        entry("systemGray6", "#EBEBF0", "#242426"),
    ]

    private static func entry(_ name: String, _ light: String, _ dark: String) -> (name: String, light: SRGBColor, dark: SRGBColor) {
        (name, SRGBColor(hex: light)!, SRGBColor(hex: dark)!)
    }

    /// systemBackground at the elevated interface level a presented sheet sits at: light #FFFFFF, dark #1C1C1E
    /// (#242426 at Increase Contrast). `grouped`: systemGroupedBackground elevated, light #F2F2F7 (#EBEBF0 at
    /// Increase Contrast), dark as above. The colour an iOS 26 sheet turns into at large, and the opaque colour
    /// glass takes with Reduce Transparency.
    public static func elevatedBackground(_ appearance: Appearance, grouped: Bool = false, increasedContrast: Bool = false) -> SRGBColor {
        color(named: grouped ? "systemGroupedBackground" : "systemBackground", in: appearance,
              increasedContrast: increasedContrast, level: .elevated)!
    }
}

extension MaterialConfig {
    /// The opaque colour this material falls back to with Reduce Transparency: its tint over the appearance's
    /// elevated systemBackground (what the material shows over a plain sheet background). UIKit draws system
    /// materials as solid colours with the setting on but publishes none of them; this keeps each material's own
    /// colour and its thickness ladder in light (docs/accessibility.md).
    public func opaqueFallback(in appearance: Appearance, increasedContrast: Bool = false) -> SRGBColor {
        tint.over(SystemColors.elevatedBackground(appearance, increasedContrast: increasedContrast))
    }

    /// No blur and no saturation: `color`, opaque, as the whole material. A renderer skips the blur for it.
    public static func opaque(_ color: SRGBColor) -> MaterialConfig {
        var c = color
        c.alpha = 255
        return MaterialConfig(blur: 0, tint: c, saturation: 1)
    }

    /// The tint with its transparency halved: iOS 26.1's Tinted Liquid Glass, more opaque than Clear.
    public var tintedGlass: MaterialConfig {
        var m = self
        m.tint.alpha = UInt8(min(255, (Int(tint.alpha) + 255 + 1) / 2))
        m.name = nil
        return m
    }
}

extension SheetConfig {
    /// The sheet as iOS draws it under `settings` in `appearance`: only the material changes.
    ///
    /// - Reduce Transparency: an opaque material. Glass takes the opaque colour it turns into at large (elevated
    ///   systemBackground, or systemGroupedBackground under grouped cards); a classic material its opaque fallback.
    ///   A `fill` stays as the config gives it. Dimming and shadow are untouched.
    /// - Tinted Liquid Glass (glass only, without Reduce Transparency, which already makes it opaque): the tint
    ///   more opaque (`MaterialConfig.tintedGlass`).
    public func drawn(under settings: AccessibilitySettings, in appearance: Appearance) -> SheetConfig {
        guard settings.reduceTransparency || (settings.liquidGlass == .tinted && style == .glass) else { return self }
        var s = self
        if settings.reduceTransparency {
            if style == .glass {
                let grouped = content.contains { if case .list = $0 { true } else { false } }
                s.material = .opaque(SystemColors.elevatedBackground(appearance, grouped: grouped,
                                                                     increasedContrast: settings.increaseContrast))
            } else {
                s.material = .opaque(material.opaqueFallback(in: appearance, increasedContrast: settings.increaseContrast))
            }
        } else {
            s.material = material.tintedGlass
        }
        return s
    }
}

extension SheetLabConfig {
    /// The sheet as drawn under the config's settings (`SheetConfig.drawn`); `sheet` itself when they are the
    /// phone's defaults. The renderer and the surface estimate read this; exports read `sheet`, the design.
    public var drawnSheet: SheetConfig {
        settings.isStandard ? sheet : sheet.drawn(under: settings, in: appearance)
    }
}
