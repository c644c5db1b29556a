import LineBreak

/// A font weight from the Inter family.
public enum FontWeight: String, Sendable, CaseIterable, Hashable {
    case regular, medium, semibold, bold
}

/// Rasterises single lines of text. The platform supplies one backed by SDL_ttf and Inter.
public protocol GlyphRasterizer: AnyObject {
    /// The advance width of `text` in pixels at `pixelSize`.
    func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int
    /// Ascent and line height in pixels at `pixelSize`.
    func metrics(weight: FontWeight, pixelSize: Int) -> (ascent: Int, lineHeight: Int)
    /// One line of text as coverage; its top is the line's top (ascent above the baseline).
    func render(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask
}

/// Caches rendered lines and widths, so that text costs nothing per frame once warm.
public final class TextEngine {
    public let rasterizer: any GlyphRasterizer
    private var lines: [LineKey: AlphaMask] = [:]
    private var widths: [LineKey: Int] = [:]

    struct LineKey: Hashable {
        var text: String
        var weight: FontWeight
        var size: Int
        /// Pixels added between characters (0: the font's own spacing).
        var tracking: Double = 0
    }

    public init(rasterizer: any GlyphRasterizer) { self.rasterizer = rasterizer }

    public func width(_ text: String, weight: FontWeight, pixelSize: Int) -> Int {
        let key = LineKey(text: text, weight: weight, size: pixelSize)
        if let w = widths[key] { return w }
        let w = rasterizer.width(of: text, weight: weight, pixelSize: pixelSize)
        widths[key] = w
        return w
    }

    public func line(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask {
        let key = LineKey(text: text, weight: weight, size: pixelSize)
        if let m = lines[key] { return m }
        let m = rasterizer.render(text, weight: weight, pixelSize: pixelSize)
        lines[key] = m
        return m
    }

    /// The lines `text` breaks into within `maxWidth` pixels, by the one rule in `LineBreak.greedy`:
    /// greedy by words, words longer than a line broken between characters.
    public func wrap(_ text: String, weight: FontWeight, pixelSize: Int, maxWidth: Int) -> [String] {
        LineBreak.greedy(text, maxWidth: maxWidth) { width($0, weight: weight, pixelSize: pixelSize) }
    }

    /// Draws one line with its top-left at (x, y) pixels.
    public func draw(_ text: String, weight: FontWeight, pixelSize: Int, color: PremultipliedRGBA8,
                     x: Int, y: Int, into pixmap: inout Pixmap) {
        guard !text.isEmpty else { return }
        pixmap.draw(line(text, weight: weight, pixelSize: pixelSize), x: x, y: y, color: color)
    }

    /// One line with `tracking` pixels between its characters, cached (see `TextEngine+Tracking.swift`).
    public func line(_ text: String, weight: FontWeight, pixelSize: Int, tracking: Double) -> AlphaMask {
        if tracking == 0 { return line(text, weight: weight, pixelSize: pixelSize) }
        let key = LineKey(text: text, weight: weight, size: pixelSize, tracking: tracking)
        if let m = lines[key] { return m }
        let m = trackedLine(text, weight: weight, pixelSize: pixelSize, tracking: tracking)
        lines[key] = m
        return m
    }
}
