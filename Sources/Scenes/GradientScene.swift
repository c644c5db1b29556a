import Foundation
import Raster

/// A smooth diagonal wallpaper gradient (indigo, violet, rose, peach; in dark, a night version: navy, indigo,
/// plum, dusky rose) with soft translucent discs, dithered so that it shows no banding, under the status bar;
/// a tap sends out a ripple.
public final class GradientScene: PlainScene {
    /// The built-in wallpaper gradient; with `text`, the status bar is drawn over it.
    public init(text: TextEngine? = nil) {
        super.init(text: text) { width, height, context in
            GradientScene.wallpaper(width: width, height: height, scale: max(1, context.scale), dark: context.isDark)
        }
    }

    private struct Disc {
        var x, y, r: Float   // fractions of the width (x, r) and height (y)
        var color: (Float, Float, Float)
        var alpha: Float
    }

    static func wallpaper(width: Int, height: Int, scale: Int, dark: Bool = false) -> Pixmap {
        var out = Pixmap(width: width, height: height)
        guard width > 0, height > 0 else { return out }
        let lut = gradientTable(count: 1024, dark: dark)
        let W = Float(width), H = Float(height)
        // In dark, the discs and waves glow faintly instead of brightening.
        let k: Float = dark ? 0.45 : 1
        let discs: [Disc] = [
            Disc(x: 0.92, y: 0.15, r: 0.58, color: (255, 255, 255), alpha: 0.12 * k),
            Disc(x: 0.05, y: 0.42, r: 0.44, color: dark ? (150, 90, 170) : (255, 200, 235), alpha: 0.13 * k),
            Disc(x: 0.30, y: 0.05, r: 0.30, color: (16, 8, 64), alpha: 0.18),
            Disc(x: 0.70, y: 0.50, r: 0.16, color: (255, 255, 255), alpha: 0.10 * k),
        ]
        // Soft waves across the lower half: lighter below each crest line.
        struct Wave { var base, amplitude, frequency, phase, alpha: Float; var color: (Float, Float, Float) }
        let waves = [
            Wave(base: 0.62, amplitude: 0.045, frequency: 1.1, phase: 0.8, alpha: 0.10 * k, color: dark ? (200, 120, 170) : (255, 236, 245)),
            Wave(base: 0.76, amplitude: 0.035, frequency: 1.5, phase: 2.6, alpha: 0.12 * k, color: dark ? (220, 150, 130) : (255, 240, 220)),
        ]
        let waveCrest: [[Float]] = waves.map { wave in
            (0..<width).map { x in
                let u = (Float(x) + 0.5) / W
                return (wave.base + wave.amplitude * sinf(u * wave.frequency * 2 * .pi + wave.phase)) * H
            }
        }
        let waveSoft = 14 * Float(scale)
        // The bend of the bands, sin(a·x + b·y), split into per-column and per-row factors.
        let colSin = (0..<width).map { sinf((Float($0) + 0.5) / W * 5.2) }, colCos = (0..<width).map { cosf((Float($0) + 0.5) / W * 5.2) }
        let rowSin = (0..<height).map { sinf((Float($0) + 0.5) / H * 2.1) }, rowCos = (0..<height).map { cosf((Float($0) + 0.5) / H * 2.1) }
        // The diagonal runs from the top-left corner to the bottom-right one.
        let len2 = W * W + H * H
        out.pixels.withUnsafeMutableBufferPointer { d in
            for y in 0..<height {
                let fy = Float(y) + 0.5
                // Which discs reach this row, with their edges' softness.
                let rowDiscs = discs.compactMap { disc -> (cx: Float, cy: Float, r: Float, soft: Float, Disc)? in
                    let cx = disc.x * W, cy = disc.y * H, r = disc.r * W, soft = r * 0.07
                    return abs(fy - cy) < r + soft ? (cx, cy, r, soft, disc) : nil
                }
                for x in 0..<width {
                    let fx = Float(x) + 0.5
                    var t = (fx * W + fy * H) / len2
                    // A slow wave bends the bands so that they are not ruler-straight.
                    t += 0.035 * (colSin[x] * rowCos[y] + colCos[x] * rowSin[y])
                    t = min(max(t, 0), 1)
                    let li = t * 1023
                    let i0 = Int(li), i1 = min(1023, i0 + 1), f = li - Float(i0)
                    var r = lut[i0].0 + (lut[i1].0 - lut[i0].0) * f
                    var g = lut[i0].1 + (lut[i1].1 - lut[i0].1) * f
                    var b = lut[i0].2 + (lut[i1].2 - lut[i0].2) * f
                    for disc in rowDiscs {
                        let dx = fx - disc.cx, dy = fy - disc.cy
                        let dist = (dx * dx + dy * dy).squareRoot()
                        if dist >= disc.r + disc.soft { continue }
                        let e = min(max((disc.r + disc.soft - dist) / (2 * disc.soft), 0), 1)
                        // Brighter towards the centre, with a soft rim.
                        let a = disc.4.alpha * e * e * (3 - 2 * e) * (0.55 + 0.45 * (1 - dist / (disc.r + disc.soft)))
                        r += (disc.4.color.0 - r) * a
                        g += (disc.4.color.1 - g) * a
                        b += (disc.4.color.2 - b) * a
                    }
                    for (k, wave) in waves.enumerated() {
                        let e = min(max((fy - waveCrest[k][x]) / waveSoft + 0.5, 0), 1)
                        if e <= 0 { continue }
                        // Lightest just below the crest, fading deeper down.
                        let depth = min(max((fy - waveCrest[k][x]) / (0.35 * H), 0), 1)
                        let a = wave.alpha * e * e * (3 - 2 * e) * (1 - 0.5 * depth)
                        r += (wave.color.0 - r) * a
                        g += (wave.color.1 - g) * a
                        b += (wave.color.2 - b) * a
                    }
                    // Interleaved-gradient-noise dither before rounding down: no bands, no pattern to speak of.
                    let n = fractf(52.982919 * fractf(0.06711056 * Float(x) + 0.00583715 * Float(y)))
                    let R = UInt32(min(max(r + n, 0), 255)), G = UInt32(min(max(g + n, 0), 255))
                    let B = UInt32(min(max(b + n, 0), 255))
                    d[y * width + x] = R | G << 8 | B << 16 | 0xFF00_0000
                }
            }
        }
        return out
    }

    @inline(__always) private static func fractf(_ v: Float) -> Float { v - v.rounded(.down) }

    /// The gradient's colours, interpolated in Oklab so that the blends stay vivid, in sRGB 0…255.
    static func gradientTable(count: Int, dark: Bool = false) -> [(Float, Float, Float)] {
        let stops: [(Double, (Double, Double, Double))] = dark ? [
            (0.0, (6, 8, 30)), (0.33, (30, 22, 84)), (0.62, (78, 34, 96)), (0.86, (112, 48, 74)), (1.0, (130, 72, 70)),
        ] : [
            (0.0, (28, 36, 112)), (0.33, (96, 60, 196)), (0.62, (222, 92, 160)), (0.86, (255, 150, 120)), (1.0, (255, 196, 140)),
        ]
        let labs = stops.map { (t: $0.0, lab: oklab($0.1)) }
        return (0..<count).map { i in
            let t = Double(i) / Double(count - 1)
            var k = 0
            while k < labs.count - 2 && t > labs[k + 1].t { k += 1 }
            let a = labs[k], b = labs[k + 1]
            let f = min(max((t - a.t) / (b.t - a.t), 0), 1)
            let lab = (a.lab.0 + (b.lab.0 - a.lab.0) * f, a.lab.1 + (b.lab.1 - a.lab.1) * f, a.lab.2 + (b.lab.2 - a.lab.2) * f)
            let c = srgb(fromOklab: lab)
            return (Float(c.0), Float(c.1), Float(c.2))
        }
    }

    private static func oklab(_ c: (Double, Double, Double)) -> (Double, Double, Double) {
        func lin(_ v: Double) -> Double { let x = v / 255; return x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
        let r = lin(c.0), g = lin(c.1), b = lin(c.2)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    private static func srgb(fromOklab c: (Double, Double, Double)) -> (Double, Double, Double) {
        let l = pow(c.0 + 0.3963377774 * c.1 + 0.2158037573 * c.2, 3)
        let m = pow(c.0 - 0.1055613458 * c.1 - 0.0638541728 * c.2, 3)
        let s = pow(c.0 - 0.0894841775 * c.1 - 1.2914855480 * c.2, 3)
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let b = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        func enc(_ v: Double) -> Double {
            let x = min(max(v, 0), 1)
            return 255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055)
        }
        return (enc(r), enc(g), enc(b))
    }
}
