import LineBreak

/// Text with tracking: iOS adds a size-dependent amount of space between characters (`Tracking.sfProIOS`),
/// which SDL_ttf cannot. Widths add `tracking × (count − 1)` to the kerned width; drawing places each
/// character at its kerned pen position plus the tracking so far, so that widths and pixels agree.
extension TextEngine {
    /// The width of one line in pixels with `tracking` pixels between its characters.
    public func width(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double) -> Double {
        Tracking.width(advances: Double(width(text, weight: weight, pixelSize: pixelSize)), count: text.count, tracking: tracking)
    }

    /// The lines `text` breaks into within `maxWidth` pixels with tracking, by `LineBreak.greedy`.
    public func wrap(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double, maxWidth: Double) -> [String] {
        LineBreak.greedy(text, maxWidth: maxWidth) { width($0, weight: weight, pixelSize: pixelSize, tracking: tracking) }
    }

    /// Draws one line with tracking, its top-left at (x, y) pixels.
    public func draw(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double, color: PremultipliedRGBA8,
                     x: Int, y: Int, into pixmap: inout Pixmap) {
        guard !text.isEmpty else { return }
        pixmap.draw(line(text, weight: weight, pixelSize: pixelSize, tracking: tracking), x: x, y: y, color: color)
    }

    /// Where each character of `text` starts, in pixels from the line's left edge: its kerned pen position
    /// plus `tracking` for each character before it. The kerned position of character i is the width of the
    /// text up to and including it less its own width, so a first glyph's negative side bearing and a glyph's
    /// overhang cancel out as they do in the whole-line render.
    public func characterOffsets(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double) -> [Double] {
        var offsets: [Double] = []
        var prefix = ""
        for (i, ch) in text.enumerated() {
            prefix.append(ch)
            let pen = rasterizer.width(of: prefix, weight: weight, pixelSize: pixelSize) - width(String(ch), weight: weight, pixelSize: pixelSize)
            offsets.append(Double(pen) + tracking * Double(i))
        }
        return offsets
    }

    /// The characters rendered one by one and placed at `characterOffsets` (rounded to whole pixels), their
    /// coverage added where neighbours overlap.
    func trackedLine(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double) -> AlphaMask {
        let offsets = characterOffsets(text, weight: weight, pixelSize: pixelSize, tracking: tracking)
        let glyphs = text.map { line(String($0), weight: weight, pixelSize: pixelSize) }
        let xs = offsets.map { Int($0.rounded()) }
        let left = min(0, xs.min() ?? 0)
        let right = zip(xs, glyphs).map { $0 + $1.width }.max() ?? 0
        let height = glyphs.map(\.height).max() ?? 0
        var mask = AlphaMask(width: max(0, right - left), height: height)
        for (x0, glyph) in zip(xs, glyphs) where glyph.width > 0 {
            for y in 0..<glyph.height {
                let src = y * glyph.width, dst = y * mask.width + x0 - left
                for x in 0..<glyph.width {
                    let a = glyph.bytes[src + x]
                    if a == 0 { continue }
                    let sum = Int(mask.bytes[dst + x]) + Int(a)
                    mask.bytes[dst + x] = UInt8(min(255, sum))
                }
            }
        }
        return mask
    }
}
