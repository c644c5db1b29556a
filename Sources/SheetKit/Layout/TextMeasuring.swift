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
public struct EstimatedTextMetrics: TextMeasuring {
    public init() {}

    public func lines(of text: String, style: TextStyle, maxWidth: Double) -> [String] {
        let average = style.fontSize * (style.isBold ? 0.58 : 0.53)
        let space = style.fontSize * 0.28
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = "", lineWidth = 0.0
            for word in paragraph.split(separator: " ") {
                let w = Double(word.count) * average
                if !line.isEmpty, lineWidth + space + w > maxWidth {
                    out.append(line)
                    line = String(word)
                    lineWidth = w
                } else {
                    line += (line.isEmpty ? "" : " ") + word
                    lineWidth += (lineWidth > 0 ? space : 0) + w
                }
            }
            out.append(line)
        }
        return out
    }
}
