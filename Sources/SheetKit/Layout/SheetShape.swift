/// The sheet's outline at one visible height: where it is, how its corners round, and how far the glass has
/// morphed and the presenting view receded. One pure function of the setup and the height, shared by hit
/// testing, content layout and the renderer, so that what is drawn is what is touched.
///
/// Heights are measured as everywhere else: from the canvas's bottom edge to the sheet's top edge.
public struct SheetShape: Sendable, Equatable {
    /// The sheet's outline on the canvas, in points. Its top is at H − height.
    public var frame: Rect
    /// Radius of the top corners, in points.
    public var topRadius: Double
    /// Radius of the bottom corners, in points; 0 for a sheet attached to the bottom edge of a square display.
    public var bottomRadius: Double
    /// The corner curve.
    public var curve: SheetConfig.CornerStyle
    /// How far the sheet is inset from the canvas's left, right and bottom edges, in points.
    public var inset: Double
    /// Glass only: how far the background has turned opaque (systemBackground), 0 floating … 1 at large.
    public var opacity: Double
    /// How far the presenting view has receded behind the sheet, 0…1.
    public var recede: Double

    public init(frame: Rect, topRadius: Double, bottomRadius: Double = 0, curve: SheetConfig.CornerStyle = .continuous,
                inset: Double = 0, opacity: Double = 0, recede: Double = 0) {
        self.frame = frame; self.topRadius = topRadius; self.bottomRadius = bottomRadius; self.curve = curve
        self.inset = inset; self.opacity = opacity; self.recede = recede
    }

    /// The glass sheet's inset from the display's edges at partial heights (iOS 26; Apple's "Meet Liquid Glass",
    /// WWDC25, and measured screenshots of iOS 26 sheets: 8 pt on the iPhone 15/16/17 families).
    public static let floatingInset = 8.0
    /// A glass sheet's top corner radius on a phone with rounded display corners, in points, at every height: 38,
    /// Apple's continuous curve, as measured on the 3× iOS 26 simulator screenshots of an iPhone 17 Pro (Pokerist,
    /// `.fraction(0.65)` and `.large`, light and dark: 37.6–38.2 pt; docs/ios-reference.md). The low-resolution
    /// iOS 26.1–26.2 frames read 32.0–37.2 (±2 pt each). The top corners are not concentric with the display; the
    /// bottom ones are.
    public static let glassTopRadius = 38.0

    /// Whether `p` is on the sheet: inside its frame and inside its rounded corners.
    public func contains(_ p: Point) -> Bool {
        guard frame.width > 0, frame.height > 0, frame.contains(p) else { return false }
        let top = min(topRadius, frame.width / 2, frame.height / 2)
        let bottom = min(bottomRadius, frame.width / 2, frame.height / 2)
        func outside(cx: Double, cy: Double, r: Double) -> Bool { r > 0 && Point(cx, cy).distance(to: p) > r }
        if p.y < frame.y + top {
            if p.x < frame.x + top { return !outside(cx: frame.x + top, cy: frame.y + top, r: top) }
            if p.x > frame.maxX - top { return !outside(cx: frame.maxX - top, cy: frame.y + top, r: top) }
        }
        if p.y > frame.maxY - bottom {
            if p.x < frame.x + bottom { return !outside(cx: frame.x + bottom, cy: frame.maxY - bottom, r: bottom) }
            if p.x > frame.maxX - bottom { return !outside(cx: frame.maxX - bottom, cy: frame.maxY - bottom, r: bottom) }
        }
        return true
    }
}
