import Raster

/// What a background scene draws for: the canvas, how far the user has dragged the background, and the last tap.
public struct SceneContext: Sendable, Equatable {
    /// Canvas width in points.
    public var width: Double
    /// Canvas height in points.
    public var height: Double
    /// Pixels per point, 1…3; the pixmap is width·scale × height·scale pixels.
    public var scale: Int
    /// The status-bar area at the top, in points; scenes draw a status bar ("9:41", signal, battery) inside it.
    public var safeTop: Double
    /// How far the user has dragged the background horizontally, in points (positive moves the content right).
    public var panX: Double
    /// How far the user has dragged the background vertically, in points (positive moves the content down).
    public var panY: Double
    /// The last tap forwarded to the background, if any.
    public var tap: TapMark?

    /// A context for a canvas of `width` × `height` points at `scale`.
    public init(width: Double, height: Double, scale: Int = 1, safeTop: Double = 0,
                panX: Double = 0, panY: Double = 0, tap: TapMark? = nil) {
        self.width = width; self.height = height; self.scale = scale; self.safeTop = safeTop
        self.panX = panX; self.panY = panY; self.tap = tap
    }

    /// The pixmap width this context asks for: width·scale, rounded.
    public var pixelWidth: Int { max(0, Int((width * Double(scale)).rounded())) }
    /// The pixmap height this context asks for: height·scale, rounded.
    public var pixelHeight: Int { max(0, Int((height * Double(scale)).rounded())) }
}

/// A tap that reached the background: where, in canvas points, and how long ago, in milliseconds.
public struct TapMark: Sendable, Equatable {
    /// Horizontal position in canvas points.
    public var x: Double
    /// Vertical position in canvas points.
    public var y: Double
    /// Milliseconds since the tap happened.
    public var ageMS: Double

    /// A tap at (x, y) canvas points that happened `ageMS` milliseconds ago.
    public init(x: Double, y: Double, ageMS: Double) { self.x = x; self.y = y; self.ageMS = ageMS }
}

/// A background the sheet sits over: draws the whole canvas and reacts visibly to taps.
public protocol BackgroundScene: AnyObject {
    /// Draws the whole canvas into `pixmap` (already sized width·scale × height·scale), opaque.
    func render(_ context: SceneContext, into pixmap: inout Pixmap)
    /// Whether the scene still animates at this context (e.g. a tap ripple in progress), so the caller redraws next frame.
    func isAnimating(_ context: SceneContext) -> Bool
}

/// Remembers where the background was panned when the current tap happened, so that what the tap
/// marks (a dropped pin, a selected row) stays attached to the content when it is panned afterwards.
/// A tap is new when its point changes or its age goes backwards.
struct TapAnchor {
    private(set) var tap: TapMark?
    private(set) var panX = 0.0
    private(set) var panY = 0.0

    /// The current tap and the pan it happened at, recording the pan the first time a tap is seen.
    mutating func resolve(_ context: SceneContext) -> (tap: TapMark, panX: Double, panY: Double)? {
        guard let t = context.tap else { tap = nil; return nil }
        if let old = tap, old.x == t.x, old.y == t.y, t.ageMS >= old.ageMS {
            tap = t
        } else {
            tap = t
            panX = context.panX
            panY = context.panY
        }
        return (t, panX, panY)
    }
}
