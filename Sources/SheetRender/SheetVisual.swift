import SheetKit

/// What a frame shows of the sheet: a snapshot of the engine in visual terms.
public struct SheetVisual: Sendable, Equatable {
    /// Visible height in points.
    public var height: Double
    /// Dimming opacity, 0…1.
    public var dim: Double
    /// The sheet's own opacity, 0…1.
    public var alpha: Double
    /// Content scroll offset in points.
    public var contentOffset: Double
    /// How far the background is panned, in points.
    public var panX: Double
    public var panY: Double
    /// The last tap the background received, with the pan it happened at.
    public var tap: TapMark?

    public init(height: Double, dim: Double = 0, alpha: Double = 1, contentOffset: Double = 0,
                panX: Double = 0, panY: Double = 0, tap: TapMark? = nil) {
        self.height = height; self.dim = dim; self.alpha = alpha; self.contentOffset = contentOffset
        self.panX = panX; self.panY = panY; self.tap = tap
    }

    /// The engine's state at its current time.
    public init(engine: SheetEngine) {
        self.init(height: engine.height, dim: engine.dim, alpha: engine.alpha, contentOffset: engine.contentOffset,
                  panX: engine.backgroundOffset.x, panY: engine.backgroundOffset.y,
                  tap: engine.lastBackgroundTap.map {
                      TapMark(x: $0.point.x, y: $0.point.y, ageMS: engine.time - $0.time, sequence: $0.sequence,
                              panX: $0.pan.x, panY: $0.pan.y)
                  })
    }
}
