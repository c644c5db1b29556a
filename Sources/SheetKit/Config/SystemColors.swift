/// iOS system colours by name, each with its light and dark value: UIKit's dynamic colours as Apple publishes
/// them (the HIG "Color" page and the iOS design resources), for the default contrast setting, at the base interface
/// level (inside a sheet, the dark backgrounds take their elevated values: `InterfaceLevel`).
public enum SystemColors {
    /// Every name, in the order of the table; `white`, `black` and `clear` are the same in both appearances.
    public static let names: [String] = table.map(\.name)

    /// The colour `name` stands for in `appearance`; `nil` for a name that is not a system colour.
    public static func color(named name: String, in appearance: Appearance) -> SRGBColor? {
        guard let entry = index[name] else { return nil }
        return appearance == .light ? entry.light : entry.dark
    }

    private static let index: [String: (light: SRGBColor, dark: SRGBColor)] =
        Dictionary(table.map { ($0.name, ($0.light, $0.dark)) }, uniquingKeysWith: { a, _ in a })

    private static func entry(_ name: String, _ light: String, _ dark: String) -> (name: String, light: SRGBColor, dark: SRGBColor) {
        (name, SRGBColor(hex: light)!, SRGBColor(hex: dark)!)
    }

    /// name, light, dark.
    static let table: [(name: String, light: SRGBColor, dark: SRGBColor)] = [
        // Backgrounds.
        entry("systemBackground", "#FFFFFF", "#000000"),
        entry("secondarySystemBackground", "#F2F2F7", "#1C1C1E"),
        entry("tertiarySystemBackground", "#FFFFFF", "#2C2C2E"),
        entry("systemGroupedBackground", "#F2F2F7", "#000000"),
        entry("secondarySystemGroupedBackground", "#FFFFFF", "#1C1C1E"),
        entry("tertiarySystemGroupedBackground", "#F2F2F7", "#2C2C2E"),
        // Labels and text.
        entry("label", "#000000", "#FFFFFF"),
        entry("secondaryLabel", "#3C3C4399", "#EBEBF599"),
        entry("tertiaryLabel", "#3C3C434D", "#EBEBF54D"),
        entry("quaternaryLabel", "#3C3C432E", "#EBEBF52E"),
        entry("placeholderText", "#3C3C434D", "#EBEBF54D"),
        entry("link", "#007AFF", "#0984FF"),
        // Separators.
        entry("separator", "#3C3C4349", "#54545899"),
        entry("opaqueSeparator", "#C6C6C8", "#38383A"),
        // Fills.
        entry("systemFill", "#78788033", "#7878805C"),
        entry("secondarySystemFill", "#78788029", "#78788052"),
        entry("tertiarySystemFill", "#7676801F", "#7676803D"),
        entry("quaternarySystemFill", "#74748014", "#7676802E"),
        // Tints (iOS 15 and later values).
        entry("systemBlue", "#007AFF", "#0A84FF"),
        entry("systemGreen", "#34C759", "#30D158"),
        entry("systemRed", "#FF3B30", "#FF453A"),
        entry("systemOrange", "#FF9500", "#FF9F0A"),
        entry("systemYellow", "#FFCC00", "#FFD60A"),
        entry("systemPink", "#FF2D55", "#FF375F"),
        entry("systemPurple", "#AF52DE", "#BF5AF2"),
        entry("systemTeal", "#30B0C7", "#40C8E0"),
        entry("systemIndigo", "#5856D6", "#5E5CE6"),
        entry("systemMint", "#00C7BE", "#63E6E2"),
        entry("systemCyan", "#32ADE6", "#64D2FF"),
        entry("systemBrown", "#A2845E", "#AC8E68"),
        // Greys.
        entry("systemGray", "#8E8E93", "#8E8E93"),
        entry("systemGray2", "#AEAEB2", "#636366"),
        entry("systemGray3", "#C7C7CC", "#48484A"),
        entry("systemGray4", "#D1D1D6", "#3A3A3C"),
        entry("systemGray5", "#E5E5EA", "#2C2C2E"),
        entry("systemGray6", "#F2F2F7", "#1C1C1E"),
        // Fixed colours.
        entry("white", "#FFFFFF", "#FFFFFF"),
        entry("black", "#000000", "#000000"),
        entry("clear", "#00000000", "#00000000"),
        entry("lightText", "#FFFFFF99", "#FFFFFF99"),
        entry("darkText", "#000000", "#000000"),
    ]
}
