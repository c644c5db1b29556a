import Foundation
import Raster

/// The ring that spreads from a tap on the plain scenes: it grows and fades over `duration` milliseconds.
enum Ripple {
    static let duration = 600.0

    static func isActive(_ tap: TapMark?) -> Bool {
        guard let t = tap else { return false }
        return t.ageMS >= 0 && t.ageMS < duration
    }

    /// Draws the ripple for `tap` over `pixmap`, light or dark to stand out from the pixel under the tap. When `pixmap`
    /// holds only the first rows of the canvas, `canvas` is the whole of it, to read a pixel under the tap below them.
    static func draw(_ tap: TapMark, scale: Int, into pixmap: inout Pixmap, canvas: Pixmap? = nil) {
        guard isActive(tap) else { return }
        let s = Double(scale)
        let t = min(1, max(0, tap.ageMS / duration))
        let ease = 1 - pow(1 - t, 3)
        let cx = tap.x * s, cy = tap.y * s
        let canvasWidth = canvas?.width ?? pixmap.width, canvasHeight = canvas?.height ?? pixmap.height
        let px = min(max(Int(cx), 0), max(canvasWidth - 1, 0)), py = min(max(Int(cy), 0), max(canvasHeight - 1, 0))
        var light = false
        if canvasWidth > 0 && canvasHeight > 0 {
            let under = py < pixmap.height ? pixmap.pixels[py * pixmap.width + px] : canvas!.pixels[py * canvasWidth + px]
            light = PremultipliedRGBA8(packed: under).prefersDarkInkOnTint
        }
        let ink: (UInt8, UInt8, UInt8) = light ? (20, 20, 30) : (255, 255, 255)
        let fade = 1 - t
        // A soft filled disc that blooms quickly, then the ring.
        let disc = (10 + 50 * ease) * s
        pixmap.fill(.circle(cx: cx, cy: cy, r: disc, detail: 1),
                        SceneColor.rgb(ink.0, ink.1, ink.2, (light ? 0.10 : 0.18) * fade * fade))
        let radius = (14 + 66 * ease) * s
        let width = (4 - 2.5 * t) * s
        if !light {
            // A faint dark rim keeps a white ring visible on pale images too.
            pixmap.fill(.ring(cx: cx, cy: cy, r: radius + width * 0.5, width: width * 1.4, detail: 1),
                            SceneColor.rgb(0, 0, 0, 0.12 * fade))
        }
        pixmap.fill(.ring(cx: cx, cy: cy, r: radius, width: width, detail: 1),
                        SceneColor.rgb(ink.0, ink.1, ink.2, (light ? 0.55 : 0.85) * pow(fade, 1.3)))
        // The touch point itself, a small dot that fades fastest.
        pixmap.fill(.circle(cx: cx, cy: cy, r: 6 * s * (1 - 0.5 * t), detail: 1),
                        SceneColor.rgb(ink.0, ink.1, ink.2, (light ? 0.4 : 0.6) * pow(fade, 2)))
    }
}
