import Foundation
import LineBreak

/// The text roles the content uses, each with its size and line height in points.
public enum TextStyle: String, Sendable, CaseIterable {
    case title, body, button, rowTitle, rowDetail, header, icon

    /// Font size in points.
    public var fontSize: Double {
        switch self {
        case .title: return 22
        case .body: return 17
        case .button: return 17
        case .rowTitle: return 17
        case .rowDetail: return 15
        case .header: return 13
        case .icon: return 15
        }
    }

    /// Line height in points.
    public var lineHeight: Double {
        switch self {
        case .title: return 28
        case .body: return 22
        case .button: return 22
        case .rowTitle: return 22
        case .rowDetail: return 20
        case .header: return 18
        case .icon: return 20
        }
    }

    /// The Dynamic Type style whose size and leading the role takes at every text size: a title is Title 2, body
    /// text, buttons and row titles are Body, a row's detail is Subheadline, a list header Footnote (as
    /// `UIListContentConfiguration` sets them). `nil` for the icon glyph, which is drawn in a fixed circle.
    public var dynamicStyle: FontStyle? {
        switch self {
        case .title: return .title2
        case .body, .button, .rowTitle: return .body
        case .rowDetail: return .subheadline
        case .header: return .footnote
        case .icon: return nil
        }
    }

    /// The weight each role uses.
    public var weight: TextWeight {
        switch self {
        case .title, .icon: return .bold
        case .button, .header: return .semibold
        case .body, .rowTitle, .rowDetail: return .regular
        }
    }

    /// The role's size, line height and weight.
    public var font: TextFont { TextFont(size: fontSize, lineHeight: lineHeight, weight: weight) }
}

/// Wraps text into lines. The renderer supplies real font metrics; tests can use an estimate.
/// Lines are decided once, in points, and drawn as they are at every scale.
public protocol TextMeasuring: Sendable {
    /// The lines `text` wraps to within `maxWidth` points, in `font`, with iOS's tracking.
    func lines(of text: String, font: TextFont, maxWidth: Double) -> [String]
    /// The width of one line in points, in `font`, with iOS's tracking between its characters.
    func width(of line: String, font: TextFont) -> Double
}

extension TextMeasuring {
    /// The lines `text` wraps to within `maxWidth` points, in the role `style`.
    public func lines(of text: String, style: TextStyle, maxWidth: Double) -> [String] {
        lines(of: text, font: style.font, maxWidth: maxWidth)
    }
}

/// An estimate from average glyph widths of Inter, used until real font metrics are at hand.
/// It breaks lines by the same rule as the real text (`LineBreak.greedy`), only with estimated widths.
public struct EstimatedTextMetrics: TextMeasuring {
    public init() {}

    public func lines(of text: String, font: TextFont, maxWidth: Double) -> [String] {
        LineBreak.greedy(text, maxWidth: maxWidth) { width(of: $0, font: font) }
    }

    /// The estimated width of one line in points: an average advance per character, a narrower one per space,
    /// plus iOS's tracking between characters.
    public func width(of line: String, font: TextFont) -> Double {
        let bold = font.weight == .semibold || font.weight == .bold || font.weight == .heavy
        let average = font.size * (bold ? 0.58 : 0.53)
        let space = font.size * 0.28
        let spaces = line.reduce(0) { $1 == " " ? $0 + 1 : $0 }
        let advances = Double(line.count - spaces) * average + Double(spaces) * space
        return Tracking.width(advances: advances, count: line.count, tracking: font.tracking)
    }

    func width(of line: String, style: TextStyle) -> Double { width(of: line, font: style.font) }
}

/// The text metrics SheetKit measures with where its caller passes none: a config's validation, whose warning that two
/// detents land on one height turns on a `fit` detent's measured height. The estimate unless the app installs its own:
/// `sheetlab` installs Inter's at launch (`InterTextMetrics`), so that `check`'s warning and the heights it prints come
/// from one measure (issue 34: it warned that `fit` and `h` both resolved to 226 pt, then printed fit 198 pt).
public enum InstalledTextMetrics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: (any TextMeasuring)?

    /// The installed metrics, else the estimate.
    public static var current: any TextMeasuring { lock.withLock { installed } ?? EstimatedTextMetrics() }

    /// Installs `metrics` for the whole process.
    public static func install(_ metrics: any TextMeasuring) { lock.withLock { installed = metrics } }
}
