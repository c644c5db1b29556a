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

    public var isBold: Bool { self == .title || self == .button || self == .header }
}

/// Wraps text into lines. The renderer supplies real font metrics; tests can use an estimate.
/// Lines are decided once, in points, and drawn as they are at every scale.
public protocol TextMeasuring: Sendable {
    /// The lines `text` wraps to within `maxWidth` points, in `style`.
    func lines(of text: String, style: TextStyle, maxWidth: Double) -> [String]
}

/// An estimate from average glyph widths of Inter, used until real font metrics are at hand.
/// It breaks lines by the same rule as the real text (`LineBreak.greedy`), only with estimated widths.
public struct EstimatedTextMetrics: TextMeasuring {
    public init() {}

    public func lines(of text: String, style: TextStyle, maxWidth: Double) -> [String] {
        LineBreak.greedy(text, maxWidth: maxWidth) { width(of: $0, style: style) }
    }

    /// The estimated width of one line in points: an average advance per character, a narrower one per space.
    func width(of line: String, style: TextStyle) -> Double {
        let average = style.fontSize * (style.isBold ? 0.58 : 0.53)
        let space = style.fontSize * 0.28
        let spaces = line.reduce(0) { $1 == " " ? $0 + 1 : $0 }
        return Double(line.count - spaces) * average + Double(spaces) * space
    }
}
