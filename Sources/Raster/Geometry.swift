/// A rectangle in pixels, with fractional edges.
public struct RectF: Sendable, Equatable {
    public var x, y, width, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The whole pixels this rectangle touches.
    public var enclosingPixels: PixelRect {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let x1 = Int(maxX.rounded(.up)), y1 = Int(maxY.rounded(.up))
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// How a rounded corner curves.
public enum CornerCurve: Sendable, Equatable, Hashable {
    /// A quarter circle.
    case circular
    /// Apple's "continuous" corner (`ContinuousCorner`): it starts earlier than a circle's and meets the
    /// straight edges with zero curvature, so there is no visible kink.
    case continuous

    /// How far along each edge the curve reaches, for a nominal radius r.
    public func extent(radius r: Double) -> Double { self == .circular ? r : r * Self.continuousExtent }

    /// The continuous curve reaches 1.52866483 r along each edge.
    static let continuousExtent = ContinuousCorner.extent
}
