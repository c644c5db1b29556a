/// What the window shows, in layout points: a dropped reference side by side (left of the canvas) when shown so, the
/// canvas, and the inspector beside it when open, scaled to fit the window and centred (letterboxed). Mouse and finger
/// events both go through it.
///
/// Layout points keep the canvas at x = 0…canvas width whatever is shown left of it: the reference's points are
/// negative, so the designer's decisions never move with it.
public struct WindowLayout: Sendable, Equatable {
    public var canvasWidth: Double
    public var canvasHeight: Double
    /// 0 when the inspector is closed.
    public var inspectorWidth: Double
    /// The reference shown side by side, left of the canvas with a gap (`Reference`); 0 when it is not.
    public var referenceWidth: Double

    public init(canvasWidth: Double, canvasHeight: Double, inspectorWidth: Double = 0, referenceWidth: Double = 0) {
        self.canvasWidth = canvasWidth; self.canvasHeight = canvasHeight; self.inspectorWidth = inspectorWidth
        self.referenceWidth = referenceWidth
    }

    /// The width in points of everything shown: the reference, the canvas, then the inspector at x ≥ canvas width.
    public var width: Double { referenceWidth + canvasWidth + inspectorWidth }

    /// Where the layout lands in a window of `size` (points or pixels alike): scale and offset.
    public func fit(in size: (width: Double, height: Double)) -> (scale: Double, x: Double, y: Double) {
        let k = min(size.width / width, size.height / canvasHeight)
        return (k, (size.width - width * k) / 2, (size.height - canvasHeight * k) / 2)
    }

    /// A window point (mouse coordinates) as a layout point.
    public func point(windowX x: Double, y: Double, window size: (width: Double, height: Double)) -> Point {
        let f = fit(in: size)
        return Point((x - f.x) / f.scale - referenceWidth, (y - f.y) / f.scale)
    }

    /// A finger, normalised to the window (0…1), as a layout point: the same mapping as the mouse.
    public func point(fingerX x: Double, y: Double, window size: (width: Double, height: Double)) -> Point {
        point(windowX: x * size.width, y: y * size.height, window: size)
    }

    /// The rectangle, in whole drawable pixels, that the frame is shown in.
    public func destination(pixels size: (width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int) {
        let k = fit(in: (Double(size.width), Double(size.height))).scale
        let w = Int((width * k).rounded()), h = Int((canvasHeight * k).rounded())
        return ((size.width - w) / 2, (size.height - h) / 2, w, h)
    }
}
