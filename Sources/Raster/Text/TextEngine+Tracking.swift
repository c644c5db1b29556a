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
    /// text up to and including it less its own width, both measured with a bar after them: a lone glyph's
    /// measured width is its ink, not its advance (a comma measures 4 px at 17 px but advances 5), while a
    /// glyph followed by another measures by its advance, and the bar's own width and kerning cancel out.
    public func characterOffsets(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double) -> [Double] {
        var offsets: [Double] = []
        var prefix = ""
        let bar = "|"
        for (i, ch) in text.enumerated() {
            prefix.append(ch)
            let pen = rasterizer.width(of: prefix + bar, weight: weight, pixelSize: pixelSize)
                - rasterizer.width(of: String(ch) + bar, weight: weight, pixelSize: pixelSize)
            offsets.append(Double(pen) + tracking * Double(i))
        }
        return offsets
    }

    /// The characters rendered one by one and placed at `characterOffsets`, each shifted by its fraction of a
    /// pixel (as Core Text positions glyphs between pixels), their coverage added where neighbours overlap.
    func trackedLine(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double) -> AlphaMask {
        let offsets = characterOffsets(text, weight: weight, pixelSize: pixelSize, tracking: tracking)
        let glyphs = text.map { line(String($0), weight: weight, pixelSize: pixelSize) }
        let left = Int((offsets.min() ?? 0).rounded(.down))
        let right = zip(offsets, glyphs).map { Int($0.rounded(.down)) + $1.width + 1 }.max() ?? 0
        let height = glyphs.map(\.height).max() ?? 0
        var sums = [Int](repeating: 0, count: max(0, right - left) * height)
        let width = max(0, right - left)
        for (x, glyph) in zip(offsets, glyphs) where glyph.width > 0 {
            let whole = Int(x.rounded(.down))
            // Coverage at column c is (1 − f)·a[c] + f·a[c − 1], in 1/256ths.
            let f = Int(((x - Double(whole)) * 256).rounded())
            for y in 0..<glyph.height {
                let src = y * glyph.width, dst = y * width + whole - left
                for c in 0..<glyph.width {
                    let a = Int(glyph.bytes[src + c])
                    if a == 0 { continue }
                    sums[dst + c] += a * (256 - f)
                    sums[dst + c + 1] += a * f
                }
            }
        }
        return AlphaMask(width: width, height: height, bytes: sums.map { UInt8(min(255, ($0 + 128) >> 8)) })
    }
}
