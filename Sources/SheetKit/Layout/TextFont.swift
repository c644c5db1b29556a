import LineBreak

/// A weight of the content's typeface (Inter stands in for SF Pro).
public enum TextWeight: String, Sendable, CaseIterable, Hashable, Codable {
    case regular, medium, semibold, bold
}

/// What one run of content text is set in: size, line height and weight, in points.
public struct TextFont: Sendable, Hashable {
    /// Font size in points.
    public var size: Double
    /// Line height in points.
    public var lineHeight: Double
    public var weight: TextWeight

    public init(size: Double, lineHeight: Double, weight: TextWeight) {
        self.size = size; self.lineHeight = lineHeight; self.weight = weight
    }

    /// iOS's tracking at this size in points (`Tracking.sfProIOS`).
    public var tracking: Double { Tracking.points(forSize: size) }

    public func weighted(_ weight: TextWeight?) -> TextFont {
        var f = self
        if let weight { f.weight = weight }
        return f
    }
}

/// Apple's text styles at the default (Large) Dynamic Type size: size, leading and weight from the HIG's
/// "iOS, iPadOS Dynamic Type sizes" table. The config's `"font"` key names one.
public enum FontStyle: String, Sendable, CaseIterable, Hashable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    public var font: TextFont {
        switch self {
        case .largeTitle: return TextFont(size: 34, lineHeight: 41, weight: .regular)
        case .title1: return TextFont(size: 28, lineHeight: 34, weight: .regular)
        case .title2: return TextFont(size: 22, lineHeight: 28, weight: .regular)
        case .title3: return TextFont(size: 20, lineHeight: 25, weight: .regular)
        case .headline: return TextFont(size: 17, lineHeight: 22, weight: .semibold)
        case .body: return TextFont(size: 17, lineHeight: 22, weight: .regular)
        case .callout: return TextFont(size: 16, lineHeight: 21, weight: .regular)
        case .subheadline: return TextFont(size: 15, lineHeight: 20, weight: .regular)
        case .footnote: return TextFont(size: 13, lineHeight: 18, weight: .regular)
        case .caption1: return TextFont(size: 12, lineHeight: 16, weight: .regular)
        case .caption2: return TextFont(size: 11, lineHeight: 13, weight: .regular)
        }
    }
}

/// Where a line of text sits across its element's width.
public enum TextAlignment: String, Sendable, CaseIterable, Hashable {
    case leading, center, trailing

    /// The x offset of a line `lineWidth` wide in a column `width` wide.
    public func offset(lineWidth: Double, in width: Double) -> Double {
        switch self {
        case .leading: return 0
        case .center: return (width - lineWidth) / 2
        case .trailing: return width - lineWidth
        }
    }
}
