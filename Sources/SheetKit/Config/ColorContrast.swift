import Foundation
import Legibility

/// Luminance, contrast and compositing of straight sRGB colours, as WCAG 2 defines them.
extension SRGBColor {
    /// Relative luminance, 0…1 (WCAG 2: linearised sRGB, Rec. 709 weights), ignoring alpha.
    public var relativeLuminance: Double { WCAG.relativeLuminance(red, green, blue) }

    /// The WCAG contrast ratio between two opaque colours, 1…21.
    public static func contrast(_ a: SRGBColor, _ b: SRGBColor) -> Double {
        WCAG.contrast(a.relativeLuminance, b.relativeLuminance)
    }

    /// Whether black ink reads better on this colour than white ink (`WCAG.prefersDarkInk`: the higher contrast
    /// ratio), ignoring alpha.
    public var prefersDarkInk: Bool { WCAG.prefersDarkInk(luminance: relativeLuminance) }

    /// Whether a label on a fill of this colour is black rather than white: white down to `WCAG.whiteOnTint`.
    public var prefersDarkInkOnTint: Bool { WCAG.prefersDarkInk(luminance: relativeLuminance, keepingWhiteDownTo: WCAG.whiteOnTint) }

    /// This colour composited over `background` (whose own alpha is ignored): an opaque colour.
    public func over(_ background: SRGBColor) -> SRGBColor {
        let a = Double(alpha) / 255
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return SRGBColor(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
