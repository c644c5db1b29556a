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

/// Measures wrapped text. The renderer supplies real font metrics; headless decisions can use an estimate.
public protocol TextMeasuring: Sendable {
    /// The number of lines `text` wraps to within `maxWidth` points, in `style`.
    func lineCount(of text: String, style: TextStyle, maxWidth: Double) -> Int
}

/// An estimate from average glyph widths of Inter, used until real font metrics are at hand.
public struct EstimatedTextMetrics: TextMeasuring {
    public init() {}

    public func lineCount(of text: String, style: TextStyle, maxWidth: Double) -> Int {
        let average = style.fontSize * (style.isBold ? 0.58 : 0.53)
        let space = style.fontSize * 0.28
        var lines = 1
        var lineWidth = 0.0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if paragraph.offset > 0 { lines += 1; lineWidth = 0 }
            for word in paragraph.element.split(separator: " ") {
                let w = Double(word.count) * average
                if lineWidth > 0, lineWidth + space + w > maxWidth {
                    lines += 1
                    lineWidth = w
                } else {
                    lineWidth += (lineWidth > 0 ? space : 0) + w
                }
                // A word longer than the line breaks across lines.
                while lineWidth > maxWidth { lines += 1; lineWidth -= maxWidth }
            }
        }
        return lines
    }
}
