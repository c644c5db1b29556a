import Raster
import SheetKit

/// The finger, drawn as iOS's "Show Touches" does: a translucent grey disc about a fingertip wide,
/// with a light rim so that it shows on dark sheets too.
public enum TouchIndicator {
    /// The disc's diameter in points: the 44 pt of a minimum touch target.
    public static let diameter = 44.0

    public static func draw(at point: Point, scale: Int, into frame: inout Pixmap) {
        let s = Double(scale)
        let r = diameter / 2 * s
        frame.fillCircle(cx: point.x * s, cy: point.y * s, radius: r, StraightRGBA8(255, 255, 255, 90).premultiplied)
        frame.fillCircle(cx: point.x * s, cy: point.y * s, radius: r - 1.5 * s, StraightRGBA8(110, 110, 115, 120).premultiplied)
    }
}
