import LineBreak

/// A weight of the content's typeface (Inter stands in for SF Pro).
public enum TextWeight: String, Sendable, CaseIterable, Hashable, Codable {
    case regular, medium, semibold, bold
    /// SF Pro Heavy (Inter ExtraBold): what Bold Text makes of bold.
    case heavy

    /// The weight this one is drawn in with Bold Text on: regular becomes semibold, medium and semibold become
    /// bold, bold becomes heavy. Apple documents only "heavier"; these are the commonly reported weights of the
    /// system font with the setting on (Body SF Pro Semibold, Headline SF Pro Bold; docs/accessibility.md).
    public var boldTextWeight: TextWeight {
        switch self {
        case .regular: return .semibold
        case .medium, .semibold: return .bold
        case .bold, .heavy: return .heavy
        }
    }
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

/// Apple's text styles: size, leading and weight from the HIG's "iOS, iPadOS Dynamic Type sizes" tables, at
/// each of the twelve text sizes. The config's `"font"` key names one.
public enum FontStyle: String, Sendable, CaseIterable, Hashable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style at the default text size, Large.
    public var font: TextFont { font(at: .large) }

    /// The style at text size `category`: the HIG's point size and leading, the style's weight.
    public func font(at category: TextSizeCategory) -> TextFont {
        let (size, leading) = Self.sizes[self]![category.index]
        return TextFont(size: size, lineHeight: leading, weight: self == .headline ? .semibold : .regular)
    }

    /// Point size and leading of each style at xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5,
    /// as Apple's Human Interface Guidelines list them (Typography › Specifications › Dynamic Type sizes). The
    /// point sizes agree with what `UIFont.preferredFont(forTextStyle:compatibleWith:)` returns in the iOS
    /// simulator at each size; docs/accessibility.md gives the sources.
    static let sizes: [FontStyle: [(Double, Double)]] = [
        .largeTitle: [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48),
                      (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        .title1: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41),
                  (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)],
        .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34),
                  (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)],
        .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32),
                  (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)],
        .headline: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
                    (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
                (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28),
                   (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)],
        .subheadline: [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28),
                       (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)],
        .footnote: [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24),
                    (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)],
        .caption1: [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23),
                    (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)],
        .caption2: [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22),
                    (20, 25), (24, 30), (29, 35), (34, 41), (41, 48)],
    ]
}

/// The text settings content is set under: the Dynamic Type size and Bold Text. Every font in content comes
/// from here, so that layout (line breaks, row heights, `fit`) and drawing agree.
public struct Typography: Sendable, Hashable {
    public var textSize: TextSizeCategory
    public var boldText: Bool

    public init(textSize: TextSizeCategory = .large, boldText: Bool = false) {
        self.textSize = textSize; self.boldText = boldText
    }

    public init(_ settings: AccessibilitySettings) {
        self.init(textSize: settings.textSize, boldText: settings.boldText)
    }

    /// The phone's default: Large, Bold Text off.
    public static let standard = Typography()

    /// `style` at this text size, in `weight` when given (else the style's own), made heavier by Bold Text.
    public func font(_ style: FontStyle, weight: TextWeight? = nil) -> TextFont {
        emboldened(style.font(at: textSize).weighted(weight))
    }

    /// The content role `role` at this text size, in `weight` when given, made heavier by Bold Text. A role that
    /// does not scale (`icon`, a glyph in a fixed circle) keeps its size.
    public func font(_ role: TextStyle, weight: TextWeight? = nil) -> TextFont {
        guard let style = role.dynamicStyle else { return emboldened(role.font.weighted(weight)) }
        return emboldened(style.font(at: textSize).weighted(weight ?? role.weight))
    }

    /// `font` one weight heavier when Bold Text is on.
    public func emboldened(_ font: TextFont) -> TextFont {
        boldText ? font.weighted(font.weight.boldTextWeight) : font
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
