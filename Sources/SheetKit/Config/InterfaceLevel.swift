/// UIKit's interface level (`UIUserInterfaceLevel`): window content sits at `base`; a presented sheet, a popover
/// or an alert at `elevated`, where in dark appearance the background colours lift so that the layer above reads
/// off the one below without a shadow (black at base, #1C1C1E elevated). Every other system colour (labels,
/// separators, fills, greys, tints) is the same at both levels, and in light appearance so are the backgrounds.
public enum InterfaceLevel: String, Sendable, CaseIterable {
    case base, elevated

    /// The key under which a config's decode carries the level to the colour names inside it: `elevated` while
    /// `sheet` and `sheets` decode, `base` (none) elsewhere (the background).
    static let contextKey = "interfaceLevel"
}

extension Decoder {
    /// The interface level the colour names being decoded stand at: elevated inside a config's sheets.
    var interfaceLevel: InterfaceLevel { context(InterfaceLevel.contextKey, as: InterfaceLevel.self) ?? .base }
}

extension SystemColors {
    /// The colour `name` stands for in `appearance` at `level`, at Increase Contrast when `increasedContrast`: the
    /// background family (system and grouped, primary to tertiary) takes its elevated value in dark at `elevated`;
    /// every other name, and every name in light, is the same at both levels.
    public static func color(named name: String, in appearance: Appearance, increasedContrast: Bool = false,
                             level: InterfaceLevel) -> SRGBColor? {
        if level == .elevated, appearance == .dark, let entry = elevatedDarkIndex[name] {
            return increasedContrast ? entry.highContrast : entry.normal
        }
        return color(named: name, in: appearance, increasedContrast: increasedContrast)
    }

    private static let elevatedDarkIndex: [String: (normal: SRGBColor, highContrast: SRGBColor)] =
        Dictionary(elevatedDarkTable.map { ($0.name, ($0.normal, $0.highContrast)) }, uniquingKeysWith: { a, _ in a })

    /// name, dark at the elevated level, and the same at Increase Contrast. Light's elevated values are its base ones.
    ///
    /// Source: UIKit's values as Flutter records them (`flutter/flutter`,
    /// packages/flutter/lib/src/cupertino/colors.dart, each background's `darkElevatedColor` and
    /// `darkHighContrastElevatedColor`); Apple's `UITraitCollection.userInterfaceLevel` documents the level itself.
    static let elevatedDarkTable: [(name: String, normal: SRGBColor, highContrast: SRGBColor)] = [
        level("systemBackground", "#1C1C1E", "#242426"),
        level("secondarySystemBackground", "#2C2C2E", "#363638"),
        level("tertiarySystemBackground", "#3A3A3C", "#444446"),
        level("systemGroupedBackground", "#1C1C1E", "#242426"),
        level("secondarySystemGroupedBackground", "#2C2C2E", "#363638"),
        level("tertiarySystemGroupedBackground", "#3A3A3C", "#444446"),
    ]

    private static func level(_ name: String, _ normal: String, _ highContrast: String) -> (name: String, normal: SRGBColor, highContrast: SRGBColor) {
        (name, SRGBColor(hex: normal)!, SRGBColor(hex: highContrast)!)
    }
}
