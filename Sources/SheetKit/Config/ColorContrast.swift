import Foundation

/// Luminance, contrast and compositing of straight sRGB colours, as WCAG 2 defines them.
extension SRGBColor {
    /// Relative luminance, 0…1 (WCAG 2: linearised sRGB, Rec. 709 weights), ignoring alpha.
    public var relativeLuminance: Double {
        func lin(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(red) + 0.7152 * lin(green) + 0.0722 * lin(blue)
    }

    /// The WCAG contrast ratio between two opaque colours, 1…21.
    public static func contrast(_ a: SRGBColor, _ b: SRGBColor) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// This colour composited over `background` (whose own alpha is ignored): an opaque colour.
    public func over(_ background: SRGBColor) -> SRGBColor {
        let a = Double(alpha) / 255
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return SRGBColor(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}
