import Raster

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
