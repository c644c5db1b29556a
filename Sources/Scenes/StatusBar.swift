import Foundation
import Legibility
import Raster

/// The iOS status bar every scene draws in the safe area: "9:41", signal, Wi-Fi and a full battery, with dark
/// ink on light backgrounds and light ink on dark ones.
public enum StatusBar {
    /// Whether dark ink reads better than light ink over the status bar's rows of `pixmap`: `WCAG.prefersDarkInk`
    /// of their mean relative luminance L (black's contrast, (L + 0.05) / 0.05, beats white's, 1.05 / (L + 0.05),
    /// above L ≈ 0.18).
    static func prefersDarkInk(over pixmap: Pixmap, safeTop: Double, scale: Int) -> Bool {
        let rows = min(pixmap.height, Int((safeTop * Double(max(1, scale))).rounded()))
        guard rows > 0, pixmap.width > 0 else { return true }
        var sum = 0.0, count = 0
        pixmap.pixels.withUnsafeBufferPointer { px in
            for y in stride(from: 0, to: rows, by: 2) {
                for x in stride(from: 0, to: pixmap.width, by: 2) {
                    let p = px[y * pixmap.width + x]
                    sum += WCAG.relativeLuminance(UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF))
                    count += 1
                }
            }
        }
        let l = sum / Double(max(1, count))
        return WCAG.prefersDarkInk(luminance: l)
    }

    /// Draws the status bar with the ink that suits what `pixmap` already holds under it.
    static func drawAdaptive(width: Double, safeTop: Double, scale: Int, text: TextEngine, into pixmap: inout Pixmap) {
        guard safeTop >= 12 else { return }
        let dark = prefersDarkInk(over: pixmap, safeTop: safeTop, scale: scale)
        draw(width: width, safeTop: safeTop, scale: scale, dark: dark, text: text, into: &pixmap)
    }

    /// Draws the status bar for a canvas `width` points wide with a `safeTop` inset, dark or light content.
    public static func draw(width: Double, safeTop: Double, scale: Int, dark: Bool, text: TextEngine, into pixmap: inout Pixmap) {
        guard safeTop >= 12 else { return }
        let s = Double(scale)
        let ink: PremultipliedRGBA8 = dark ? SceneColor.rgb(0, 0, 0) : SceneColor.rgb(255, 255, 255)
        let faint: PremultipliedRGBA8 = dark ? SceneColor.rgb(0, 0, 0, 0.35) : SceneColor.rgb(255, 255, 255, 0.4)
        let notch = safeTop >= 40
        let cy = notch ? min(safeTop * 0.46, 27) : safeTop / 2
        let iconScale = notch ? 1.0 : 0.8
        let timeSize = notch ? 17.0 : 12.0
        let ps = TextEngine.pixelSize(timeSize, scale: scale)
        let time = "9:41"
        let tw = Double(text.width(time, weight: .semibold, pixelSize: ps))
        let timeCenterX: Double
        if notch {
            timeCenterX = max(40, (width / 2 - 63) / 2 + 4)
        } else {
            timeCenterX = width < 600 ? width / 2 : 16 + tw / s / 2
        }
        text.draw(time, weight: .semibold, pixelSize: ps, color: ink,
                  x: Int((timeCenterX * s - tw / 2).rounded()),
                  y: text.top(centeringCapsOn: cy * s, weight: .semibold, pixelSize: ps), into: &pixmap)

        // Right-hand group: signal bars, Wi-Fi, battery; centred in the right "ear" on notched phones.
        let k = iconScale
        let groupWidth = (17 + 6 + 15.5 + 6 + 27.5) * k
        let right = notch ? min(width - 20, width - max(40, (width / 2 - 63) / 2 + 4) + groupWidth / 2) : width - 6
        var x = right - groupWidth
        let bottom = cy + 5.6 * k
        // Signal: four rising bars.
        for i in 0..<4 {
            let h = (4.2 + 2.4 * Double(i)) * k
            let bx = x + Double(i) * 4.6 * k
            pixmap.fill(.roundedRect(x: bx * s, y: (bottom - h) * s, w: 3 * k * s, h: h * s, r: 1 * k * s, detail: 1), ink)
        }
        x += (17 + 6) * k
        // Wi-Fi: a wedge and two bands of a fan pointing up.
        let fanX = x + 7.75 * k, fanY = bottom + 0.6 * k
        let a0 = -Double.pi / 2 - 0.78, a1 = -Double.pi / 2 + 0.78
        let bands: [(Double, Double)] = [(0, 3.9), (5.6, 8.2), (9.9, 12.5)]
        for (inner, outer) in bands {
            var pts = Path.arc(cx: fanX * s, cy: fanY * s, r: outer * k * s, from: a0, to: a1, detail: 1)
            if inner > 0 {
                pts += Path.arc(cx: fanX * s, cy: fanY * s, r: inner * k * s, from: a1, to: a0, detail: 1)
            } else {
                pts.append(SIMD2(fanX * s, fanY * s))
            }
            pixmap.fill(Path(pts), ink)
        }
        x += (15.5 + 6) * k
        // Battery: a faint outline, a full charge and the terminal.
        let bw = 25 * k, bh = 12 * k, by = cy - bh / 2
        var outline = Path.roundedRect(x: x * s, y: by * s, w: bw * s, h: bh * s, r: 3.8 * k * s, detail: 1)
        let t = 1 * k
        outline.add(Path.roundedRect(x: (x + t) * s, y: (by + t) * s, w: (bw - 2 * t) * s, h: (bh - 2 * t) * s,
                                          r: 2.9 * k * s, detail: 1).contours[0], hole: true)
        pixmap.fill(outline, faint)
        pixmap.fill(.roundedRect(x: (x + 2) * s, y: (by + 2) * s, w: (bw - 4) * s, h: (bh - 4) * s,
                                     r: 2.1 * k * s, detail: 1), ink)
        pixmap.fill(.roundedRect(x: (x + bw + 1) * s, y: (cy - 2.1 * k) * s, w: 1.4 * k * s, h: 4.2 * k * s,
                                     r: 0.7 * k * s, detail: 1), faint)
    }
}
