import Foundation
import Raster

/// A fixed-seed pseudo-random generator (SplitMix64): the scenes' only source of variety, the same on every run.
struct SceneRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform Double in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    mutating func int(_ lo: Int, _ hi: Int) -> Int { lo + Int(next() % UInt64(hi - lo + 1)) }
}

/// Small colour helpers.
enum SceneColor {
    static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: Double = 1) -> PremultipliedRGBA8 {
        StraightRGBA8(r, g, b, UInt8((min(max(a, 0), 1) * 255).rounded())).premultiplied
    }

    /// Relative luminance 0…1 of a premultiplied pixel, as if over black.
    static func luminance(_ p: UInt32) -> Double {
        let c = PremultipliedRGBA8(packed: p)
        return (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255
    }
}

/// Text helpers on top of the cached `TextEngine`.
extension TextEngine {
    /// Pixel size for a size in points at `scale`.
    static func pixelSize(_ points: Double, scale: Int) -> Int { max(1, Int((points * Double(scale)).rounded())) }

    /// The top of a line whose capital letters are centred on `centerY` (pixels): Inter's cap height is 0.727 em.
    func top(centeringCapsOn centerY: Double, weight: FontWeight, pixelSize: Int) -> Int {
        let ascent = rasterizer.metrics(weight: weight, pixelSize: pixelSize).ascent
        return Int((centerY + 0.3635 * Double(pixelSize) - Double(ascent)).rounded())
    }

    /// The top of a line whose baseline is at `baseline` (pixels).
    func top(baseline: Double, weight: FontWeight, pixelSize: Int) -> Int {
        Int((baseline - Double(rasterizer.metrics(weight: weight, pixelSize: pixelSize).ascent)).rounded())
    }

    /// `text` shortened with an ellipsis so that it fits `maxWidth` pixels.
    func truncated(_ text: String, weight: FontWeight, pixelSize: Int, maxWidth: Int) -> String {
        if width(text, weight: weight, pixelSize: pixelSize) <= maxWidth { return text }
        var chars = Array(text)
        while !chars.isEmpty {
            chars.removeLast()
            while chars.last == " " { chars.removeLast() }
            let candidate = String(chars) + "…"
            if width(candidate, weight: weight, pixelSize: pixelSize) <= maxWidth { return candidate }
        }
        return ""
    }
}

extension AlphaMask {
    /// This mask grown by `radius` pixels on every side (a square max filter), on a canvas padded by `radius`:
    /// the halo drawn behind map labels.
    func dilated(by radius: Int) -> AlphaMask {
        let r = max(0, radius)
        let w = width + 2 * r, h = height + 2 * r
        var padded = [UInt8](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width { padded[(y + r) * w + x + r] = bytes[y * width + x] }
        }
        guard r > 0 else { return AlphaMask(width: w, height: h, bytes: padded) }
        var tmp = [UInt8](repeating: 0, count: w * h)
        var out = [UInt8](repeating: 0, count: w * h)
        padded.withUnsafeBufferPointer { src in
            tmp.withUnsafeMutableBufferPointer { mid in
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w {
                        var m: UInt8 = 0
                        for k in Swift.max(0, x - r)...Swift.min(w - 1, x + r) { m = Swift.max(m, src[row + k]) }
                        mid[row + x] = m
                    }
                }
            }
        }
        tmp.withUnsafeBufferPointer { mid in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let k0 = Swift.max(0, y - r), k1 = Swift.min(h - 1, y + r)
                    for x in 0..<w {
                        var m: UInt8 = 0
                        for k in k0...k1 { m = Swift.max(m, mid[k * w + x]) }
                        dst[y * w + x] = m
                    }
                }
            }
        }
        return AlphaMask(width: w, height: h, bytes: out)
    }

    /// This mask turned a quarter turn anticlockwise (text then reads upward).
    func rotatedQuarterAnticlockwise() -> AlphaMask {
        var out = [UInt8](repeating: 0, count: width * height)
        // Output is height wide and width tall; output (x, y) comes from input (width − 1 − y, x).
        for y in 0..<width {
            for x in 0..<height { out[y * height + x] = bytes[x * width + (width - 1 - y)] }
        }
        return AlphaMask(width: height, height: width, bytes: out)
    }

    /// This mask rotated by `angle` radians (clockwise on screen, y down), bilinear, on a canvas that holds all of it.
    func rotated(by angle: Double) -> AlphaMask {
        let c = cos(angle), s = sin(angle)
        let w = Int((abs(Double(width) * c) + abs(Double(height) * s)).rounded(.up)) + 2
        let h = Int((abs(Double(width) * s) + abs(Double(height) * c)).rounded(.up)) + 2
        var out = [UInt8](repeating: 0, count: w * h)
        let icx = Double(width) / 2, icy = Double(height) / 2
        let ocx = Double(w) / 2, ocy = Double(h) / 2
        func at(_ x: Int, _ y: Int) -> Double {
            (x < 0 || y < 0 || x >= width || y >= height) ? 0 : Double(bytes[y * width + x])
        }
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - ocx, dy = Double(y) + 0.5 - ocy
                // Inverse rotation back into the source.
                let sx = dx * c + dy * s + icx - 0.5, sy = -dx * s + dy * c + icy - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                if x0 < -1 || y0 < -1 || x0 >= width || y0 >= height { continue }
                let fx = sx - Double(x0), fy = sy - Double(y0)
                let v = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                    + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                out[y * w + x] = UInt8(min(255, v.rounded()))
            }
        }
        return AlphaMask(width: w, height: h, bytes: out)
    }
}

extension Pixmap {
    /// Fills this whole pixmap from `tile`, repeated in both directions and moved by (dx, dy) pixels:
    /// pixel (x, y) takes tile pixel ((x − dx) mod tile width, (y − dy) mod tile height).
    mutating func copyWrapped(from tile: Pixmap, dx: Int, dy: Int) {
        let tw = tile.width, th = tile.height, w = width
        guard tw > 0, th > 0 else { return }
        func mod(_ a: Int, _ m: Int) -> Int { let r = a % m; return r < 0 ? r + m : r }
        let sx0 = mod(-dx, tw)
        tile.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                let s = src.baseAddress!, d = dst.baseAddress!
                for y in 0..<height {
                    let srow = s + mod(y - dy, th) * tw
                    var x = 0, sx = sx0
                    while x < w {
                        let n = min(w - x, tw - sx)
                        (d + y * w + x).update(from: srow + sx, count: n)
                        x += n
                        sx = 0
                    }
                }
            }
        }
    }

    /// Copies `source` (the same size) into this pixmap.
    mutating func copyAll(from source: Pixmap) {
        if source.width == width && source.height == height { pixels = source.pixels } else {
            fill(PixelRect(x: 0, y: 0, width: width, height: height), with: .white)
            draw(source, x: 0, y: 0)
        }
    }

    /// Makes every pixel opaque by compositing this pixmap over `backdrop`.
    mutating func flatten(over backdrop: PremultipliedRGBA8) {
        let b = backdrop.packed
        for i in pixels.indices where pixels[i] >> 24 != 255 { pixels[i] = Pixel.over(pixels[i], b) }
    }
}

/// The ring that spreads from a tap on the plain scenes: it grows and fades over `duration` milliseconds.
enum Ripple {
    static let duration = 600.0

    static func isActive(_ tap: TapMark?) -> Bool {
        guard let t = tap else { return false }
        return t.ageMS >= 0 && t.ageMS < duration
    }

    /// Draws the ripple for `tap` over `pixmap`, light or dark to stand out from the pixel under the tap.
    static func draw(_ tap: TapMark, scale: Int, into pixmap: inout Pixmap) {
        guard isActive(tap) else { return }
        let s = Double(scale)
        let t = min(1, max(0, tap.ageMS / duration))
        let ease = 1 - pow(1 - t, 3)
        let cx = tap.x * s, cy = tap.y * s
        let px = min(max(Int(cx), 0), max(pixmap.width - 1, 0)), py = min(max(Int(cy), 0), max(pixmap.height - 1, 0))
        let light = pixmap.width > 0 && pixmap.height > 0 ? SceneColor.luminance(pixmap.pixels[py * pixmap.width + px]) > 0.72 : false
        let ink: (UInt8, UInt8, UInt8) = light ? (20, 20, 30) : (255, 255, 255)
        let fade = 1 - t
        // A soft filled disc that blooms quickly, then the ring.
        let disc = (10 + 50 * ease) * s
        pixmap.fillPath(.circle(cx: cx, cy: cy, r: disc, detail: 1),
                        SceneColor.rgb(ink.0, ink.1, ink.2, (light ? 0.10 : 0.18) * fade * fade))
        let radius = (14 + 66 * ease) * s
        let width = (4 - 2.5 * t) * s
        if !light {
            // A faint dark rim keeps a white ring visible on pale images too.
            pixmap.fillPath(.ring(cx: cx, cy: cy, r: radius + width * 0.5, width: width * 1.4, detail: 1),
                            SceneColor.rgb(0, 0, 0, 0.12 * fade))
        }
        pixmap.fillPath(.ring(cx: cx, cy: cy, r: radius, width: width, detail: 1),
                        SceneColor.rgb(ink.0, ink.1, ink.2, (light ? 0.55 : 0.85) * pow(fade, 1.3)))
        // The touch point itself, a small dot that fades fastest.
        pixmap.fillPath(.circle(cx: cx, cy: cy, r: 6 * s * (1 - 0.5 * t), detail: 1),
                        SceneColor.rgb(ink.0, ink.1, ink.2, (light ? 0.4 : 0.6) * pow(fade, 2)))
    }
}
