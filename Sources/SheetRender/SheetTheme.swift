import Raster
import SheetKit

extension SRGBColor {
    /// The colour as premultiplied pixels.
    public var premultiplied: PremultipliedRGBA8 { StraightRGBA8(red, green, blue, alpha).premultiplied }

    /// Relative luminance, 0…1 (sRGB, approximate), ignoring alpha.
    var luminance: Double { rec709Luminance(red, green, blue) }
}

/// The colours content uses on a given sheet: light text on dark sheets, dark text on light ones.
public struct SheetTheme: Sendable, Equatable {
    public var isDark: Bool
    public var primary: SRGBColor
    public var secondary: SRGBColor
    public var separator: SRGBColor
    public var card: SRGBColor
    public var accent: SRGBColor

    public init(sheet: SheetConfig) {
        // A material over a typical backdrop: judge the tint over mid grey.
        let surface: Double
        if let fill = sheet.fill {
            surface = fill.luminance * Double(fill.alpha) / 255 + 0.9 * (1 - Double(fill.alpha) / 255)
        } else {
            let a = Double(sheet.material.tint.alpha) / 255
            surface = sheet.material.tint.luminance * a + 0.55 * (1 - a)
        }
        isDark = surface < 0.5
        accent = SRGBColor(hex: isDark ? "#0A84FF" : "#007AFF")!
        if isDark {
            primary = .white
            secondary = SRGBColor(hex: "#EBEBF599")!
            separator = SRGBColor(hex: "#FFFFFF26")!
            card = SRGBColor(hex: "#FFFFFF14")!
        } else {
            primary = .black
            secondary = SRGBColor(hex: "#3C3C4399")!
            separator = SRGBColor(hex: "#3C3C4333")!
            card = SRGBColor(hex: "#FFFFFF8C")!
        }
    }
}
