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

/// How a canvas's size class presents the sheet (UIKit's `UISheetPresentationController`).
public enum SheetPresentation: String, Sendable, Equatable {
    /// Compact width, regular height (a portrait phone): the sheet with all its detents.
    case card
    /// Regular width and height (an iPad, either way up): UIKit's centred form sheet, a fixed-size card with every
    /// corner rounded and one resting place; detents apply only in compact width.
    case formSheet
    /// Compact height, the default: the sheet is full screen, edge to edge, at its one detent `large`.
    case fullScreen
    /// Compact height with `edgeAttachedInCompactHeight`: attached to the bottom edge, as wide as the safe area,
    /// `medium` inactive.
    case edgeAttached

    public init(canvas: Canvas, edgeAttached: Bool) {
        if canvas.isCompactHeight { self = edgeAttached ? .edgeAttached : .fullScreen } else {
            self = canvas.width >= SheetFrame.wideThreshold ? .formSheet : .card
        }
    }
}

/// Where the sheet sits horizontally: full width on phones, a centred form sheet on regular-width canvases; in
/// compact height full screen, or edge-attached across the safe area.
public enum SheetFrame {
    public static let maxWidth = 500.0
    /// The width from which a canvas is regular width (an iPad): 600 pt.
    public static let wideThreshold = 600.0
    /// UIKit's default `.formSheet` size on an iPad (`preferredContentSize` 540 × 620 pt).
    public static let formSheetWidth = 540.0
    public static let formSheetHeight = 620.0
    /// The preferred content width an edge-attached sheet follows with `widthFollowsPreferredContentSize`.
    public static let preferredWidth = maxWidth

    public static func horizontal(canvasWidth w: Double) -> (x: Double, width: Double) {
        if w < wideThreshold { return (0, w) }
        let width = min(w, maxWidth)
        return ((w - width) / 2, width)
    }

    public static func horizontal(canvas: Canvas, presentation: SheetPresentation,
                                  followsPreferredWidth: Bool) -> (x: Double, width: Double) {
        switch presentation {
        case .card: return horizontal(canvasWidth: canvas.width)
        case .formSheet:
            let width = min(formSheetWidth, canvas.width - 40)
            return ((canvas.width - width) / 2, width)
        case .fullScreen: return (0, canvas.width)
        case .edgeAttached:
            let safe = max(0, canvas.width - canvas.safeLeft - canvas.safeRight)
            let width = followsPreferredWidth ? min(preferredWidth, safe) : safe
            return (canvas.safeLeft + (safe - width) / 2, width)
        }
    }
}
