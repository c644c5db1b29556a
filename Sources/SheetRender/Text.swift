import Raster
import SheetKit

extension TextStyle {
    /// The Inter weight each content role uses.
    public var weight: FontWeight { SheetKit.TextStyle.raster(font.weight) }

    static func raster(_ w: TextWeight) -> FontWeight {
        switch w {
        case .regular: return .regular
        case .medium: return .medium
        case .semibold: return .semibold
        case .bold: return .bold
        case .heavy: return .heavy
        }
    }
}

extension TextFont {
    /// The Inter face of this font: Inter Display from 20 pt up, as iOS sets SF Pro Display from 20 pt and SF Pro Text
    /// below (Apple's HIG, Typography: "SF Pro Text for text 19 points or smaller, SF Pro Display for 20 points or
    /// larger"; the system font switches optical size there). Inter Display is narrower at large sizes, as SF Display is.
    public var face: FontWeight { size >= Self.displayFromSize ? TextStyle.raster(weight).display : TextStyle.raster(weight) }
    /// The point size from which text is set in the Display cut.
    public static let displayFromSize = 20.0
    /// The pixel size at `scale`.
    public func pixelSize(scale: Int) -> Int { max(1, Int((size * Double(scale)).rounded())) }
    /// iOS's tracking in pixels at `scale`.
    public func trackingPixels(scale: Int) -> Double { tracking * Double(scale) }
}

/// Real text metrics for layout and `fit`: measured in points at scale 1 through the rasterizer, with iOS's
/// tracking, as `ContentLayer` draws them.
public struct MeasuredTextMetrics: TextMeasuring, @unchecked Sendable {
    let engine: TextEngine
    public init(engine: TextEngine) { self.engine = engine }

    public func lines(of text: String, font: TextFont, maxWidth: Double) -> [String] {
        engine.wrap(text, weight: font.face, pixelSize: font.pixelSize(scale: 1), tracking: font.tracking,
                    maxWidth: maxWidth.rounded(.down))
    }

    public func width(of line: String, font: TextFont) -> Double {
        engine.width(line, weight: font.face, pixelSize: font.pixelSize(scale: 1), tracking: font.tracking)
    }
}
