import Foundation

/// The one light/dark rule: WCAG 2's relative luminance of an sRGB colour and the contrast ratio between two
/// luminances, and the ink (black or white) that reads on a colour. Every "is this colour light or dark" decision in
/// SheetLab (the sheet's surface, the status bar, the exported material and title, a filled button's label, a tap's
/// ripple) asks `prefersDarkInk`.
///
/// Black ink's contrast on luminance L is (L + 0.05) / 0.05, white ink's 1.05 / (L + 0.05): they are equal, at √21 ≈
/// 4.58:1, where L = √0.0525 − 0.05 ≈ 0.1791 (an sRGB grey of 118 / 255). The plain rule takes the ink with the
/// higher contrast. Ink on a tinted fill keeps white down to a lower contrast (`whiteOnTint`), as iOS does: its
/// filled buttons are labelled white on systemBlue (4.0:1, where black would have 5.2:1) and on systemGreen.
public enum WCAG {
    /// An 8-bit sRGB channel as linear light, 0…1 (the sRGB transfer curve WCAG 2 uses).
    @inlinable public static func linear(_ c: UInt8) -> Double { linearTable[Int(c)] }

    /// The 256 linear values, each the sRGB curve at c / 255.
    public static let linearTable: [Double] = (0..<256).map { i in
        let v = Double(i) / 255
        return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Relative luminance, 0…1, of 8-bit sRGB channels: Rec. 709 weights on linear light.
    @inlinable public static func relativeLuminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// The contrast ratio of two relative luminances, 1…21 (in either order).
    @inlinable public static func contrast(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The relative luminances of the two inks.
    public static let black = relativeLuminance(0, 0, 0), white = relativeLuminance(255, 255, 255)

    /// The contrast down to which white ink stays on a tinted fill (a filled button, a ripple over a picture): 2:1.
    /// White on iOS's palest tints that take white labels is just above it (dark systemGreen #30D158, 2.02:1; systemMint
    /// 2.1:1); the tints that are pale enough for black are well below (systemYellow 1.5:1, white 1:1).
    public static let whiteOnTint = 2.0

    /// Whether black ink reads better than white on a colour of relative luminance `l`: by default when black's
    /// contrast ratio is at least white's; with `minimum`, only when white's contrast ratio is below it.
    @inlinable public static func prefersDarkInk(luminance l: Double, keepingWhiteDownTo minimum: Double? = nil) -> Bool {
        if let minimum { return contrast(l, white) < minimum }
        return contrast(l, black) >= contrast(l, white)
    }

    /// `prefersDarkInk` for 8-bit sRGB channels.
    @inlinable public static func prefersDarkInk(_ r: UInt8, _ g: UInt8, _ b: UInt8, keepingWhiteDownTo minimum: Double? = nil) -> Bool {
        prefersDarkInk(luminance: relativeLuminance(r, g, b), keepingWhiteDownTo: minimum)
    }
}
