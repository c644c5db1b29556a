import Raster
import SheetKit

extension TextStyle {
    /// The Inter weight each content role uses.
    public var weight: FontWeight {
        switch self {
        case .title: return .bold
        case .button, .header: return .semibold
        case .icon: return .bold
        case .body, .rowTitle, .rowDetail: return .regular
        }
    }
}

/// Real text metrics for layout and `fit`: measured in points at scale 1 through the rasterizer.
public struct MeasuredTextMetrics: TextMeasuring, @unchecked Sendable {
    let engine: TextEngine
    public init(engine: TextEngine) { self.engine = engine }

    public func lines(of text: String, style: TextStyle, maxWidth: Double) -> [String] {
        engine.wrap(text, weight: style.weight, pixelSize: Int(style.fontSize.rounded()), maxWidth: Int(maxWidth.rounded(.down)))
    }
}
