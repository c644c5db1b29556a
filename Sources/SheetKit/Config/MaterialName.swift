/// The named materials, after UIKit's `UIBlurEffect.Style.systemUltraThinMaterial` … `systemChromeMaterial`,
/// each with a light and a dark version. docs/appearance.md says where the numbers come from.
public enum MaterialName: String, Sendable, CaseIterable, Codable {
    case ultraThin, thin, regular, thick, chrome

    /// Blur sigma (points), saturation and tint of this material in `appearance`.
    ///
    /// Saturation 1.8 is Apple's web material (`backdrop-filter: saturate(180%)` on apple.com's bars). The blur grows
    /// from ultra thin to regular as recreations of UIKit's materials do; thick and chrome keep regular's blur and
    /// differ by tint. The tints are near-white greys (light) and #1C1C1E (dark) at the opacity ladder published
    /// recreations agree on (ultra thin ≈ 0.35 … thick ≈ 0.85); the exact values are ours (docs/appearance.md).
    public func values(_ appearance: Appearance) -> (blur: Double, tint: SRGBColor, saturation: Double) {
        let tint: String
        switch (self, appearance) {
        case (.ultraThin, .light): tint = "#FFFFFF59"
        case (.thin, .light): tint = "#FFFFFF8C"
        case (.regular, .light): tint = "#F9F9F9BF"
        case (.thick, .light): tint = "#F2F2F2D9"
        case (.chrome, .light): tint = "#FAFAFACC"
        case (.ultraThin, .dark): tint = "#1C1C1E59"
        case (.thin, .dark): tint = "#1C1C1E8C"
        case (.regular, .dark): tint = "#1C1C1EB3"
        case (.thick, .dark): tint = "#1C1C1ED9"
        case (.chrome, .dark): tint = "#1C1C1ECC"
        }
        let blur: Double
        switch self {
        case .ultraThin: blur = 15
        case .thin: blur = 20
        case .regular, .thick, .chrome: blur = 30
        }
        return (blur, SRGBColor(hex: tint)!, 1.8)
    }
}
