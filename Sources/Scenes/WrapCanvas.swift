import Foundation
import Raster

/// A picture that repeats in both directions: shapes given in world points are recorded (`TileDrawing`) at every copy
/// that touches the tile, so the tile tiles seamlessly.
struct WrapCanvas {
    var drawing: TileDrawing
    let scale: Double
    let periodX: Double
    let periodY: Double

    private func offsets(_ lo: Double, _ hi: Double, _ period: Double) -> [Double] {
        [-period, 0, period].filter { lo + $0 < period && hi + $0 > 0 }
    }

    mutating func fill(_ path: Path, _ color: PremultipliedRGBA8) {
        let b = path.bounds
        guard b.minX.isFinite else { return }
        for ox in offsets(b.minX, b.maxX, periodX) {
            for oy in offsets(b.minY, b.maxY, periodY) {
                drawing.fill(path.transformed(scale: scale, dx: ox * scale, dy: oy * scale), color)
            }
        }
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double = 0, _ color: PremultipliedRGBA8) {
        guard w > 0, h > 0 else { return }
        for ox in offsets(x, x + w, periodX) {
            for oy in offsets(y, y + h, periodY) {
                drawing.fillRoundedRect(RectF(x: (x + ox) * scale, y: (y + oy) * scale, width: w * scale, height: h * scale),
                                        radius: radius * scale, color)
            }
        }
    }

    /// Draws a coverage mask centred on (cx, cy) world points.
    mutating func mask(_ m: AlphaMask, centerX cx: Double, centerY cy: Double, _ color: PremultipliedRGBA8) {
        let x = Int((cx * scale - Double(m.width) / 2).rounded()), y = Int((cy * scale - Double(m.height) / 2).rounded())
        let tw = drawing.width, th = drawing.height
        for ox in [-tw, 0, tw] where x + ox < tw && x + ox + m.width > 0 {
            for oy in [-th, 0, th] where y + oy < th && y + oy + m.height > 0 {
                drawing.draw(m, x: x + ox, y: y + oy, color: color)
            }
        }
    }
}
