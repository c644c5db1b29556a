import Raster

/// The appearance a scene draws in: light, or dark (dark land, dark lists, a night gradient, light ink).
public enum SceneAppearance: Sendable, Equatable {
    case light, dark
}

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
    /// Light or dark. Default light.
    public var appearance: SceneAppearance
    /// Whether the scene draws its status bar (false while the view recedes behind a sheet, which draws its own).
    public var showsStatusBar = true

    /// A context for a canvas of `width` × `height` points at `scale`.
    public init(width: Double, height: Double, scale: Int = 1, safeTop: Double = 0,
                panX: Double = 0, panY: Double = 0, tap: TapMark? = nil, appearance: SceneAppearance = .light) {
        self.width = width; self.height = height; self.scale = scale; self.safeTop = safeTop
        self.panX = panX; self.panY = panY; self.tap = tap; self.appearance = appearance
    }

    /// Whether the scene draws dark.
    public var isDark: Bool { appearance == .dark }

    /// The pixmap width this context asks for: width·scale, rounded.
    public var pixelWidth: Int { max(0, Int((width * Double(scale)).rounded())) }
    /// The pixmap height this context asks for: height·scale, rounded.
    public var pixelHeight: Int { max(0, Int((height * Double(scale)).rounded())) }
}

/// A tap that reached the background: which tap, where, in canvas points, how long ago, in milliseconds,
/// and how far the background was panned when it happened.
public struct TapMark: Sendable, Equatable {
    /// Horizontal position in canvas points.
    public var x: Double
    /// Vertical position in canvas points.
    public var y: Double
    /// Milliseconds since the tap happened.
    public var ageMS: Double
    /// Which tap this is (the engine counts them), so a new tap at the same point is a new tap.
    public var sequence: Int
    /// How far the background was panned horizontally when the tap happened, in points. What the tap
    /// marks sits at `x − panX` on the content and moves with the pans that follow.
    public var panX: Double
    /// How far the background was panned vertically when the tap happened, in points.
    public var panY: Double

    /// Tap number `sequence` at (x, y) canvas points, `ageMS` milliseconds ago, on a background then panned by (panX, panY).
    public init(x: Double, y: Double, ageMS: Double, sequence: Int = 0, panX: Double = 0, panY: Double = 0) {
        self.x = x; self.y = y; self.ageMS = ageMS; self.sequence = sequence; self.panX = panX; self.panY = panY
    }
}

/// A background the sheet sits over: draws the whole canvas and reacts visibly to taps.
public protocol BackgroundScene: AnyObject {
    /// Draws the whole canvas into `pixmap` (already sized width·scale × height·scale), opaque.
    func render(_ context: SceneContext, into pixmap: inout Pixmap)
    /// Whether the scene still animates at this context (e.g. a tap ripple in progress), so the caller redraws next frame.
    func isAnimating(_ context: SceneContext) -> Bool
    /// Draws the status bar over `top`, which holds the first `top.height` rows (the whole width) of this scene as
    /// `render` drew them for `context` with `showsStatusBar` off, so that `top` then holds those rows as `render`
    /// draws them with it on, bit for bit: the status bar as a layer of its own, over a scene drawn without it.
    func drawStatusBar(_ context: SceneContext, over top: inout Pixmap)
    /// Counts changes to what the scene draws that its context does not show (0 for a scene drawn from its context
    /// alone): renderers keep a drawing of the scene while its context and this stay the same.
    var drawingGeneration: Int { get }
    /// Prepares, between frames, what frames of a moving background would otherwise stop for (the map: the rest of its
    /// tile). Changes no pixel; a scene drawn from its context alone has nothing to do.
    func prepareForMotion()
}

extension BackgroundScene {
    public var drawingGeneration: Int { 0 }
    public func prepareForMotion() {}

    /// The scene's rows with its status bar, from a whole render: exact for any scene, at the cost of a second
    /// drawing (the built-in scenes draw only the rows).
    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
        var withBar = context
        withBar.showsStatusBar = true
        var whole = Pixmap(width: top.width, height: max(top.height, withBar.pixelHeight))
        render(withBar, into: &whole)
        let n = top.pixels.count
        top.pixels.withUnsafeMutableBufferPointer { dst in
            whole.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: n) }
        }
    }
}
