/// A point in canvas points, y down.
public struct Point: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }

    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

/// A rectangle in points.
public struct Rect: Sendable, Equatable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }
}

/// Where the sheet sits horizontally: full width on phones, at most 500 pt and centred on wide canvases.
public enum SheetFrame {
    public static let maxWidth = 500.0
    public static let wideThreshold = 600.0

    public static func horizontal(canvasWidth w: Double) -> (x: Double, width: Double) {
        if w < wideThreshold { return (0, w) }
        let width = min(w, maxWidth)
        return ((w - width) / 2, width)
    }
}
