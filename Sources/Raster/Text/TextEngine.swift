import LineBreak

/// A font weight from the Inter family.
public enum FontWeight: String, Sendable, CaseIterable, Hashable {
    case regular, medium, semibold, bold
    /// The Display cut of each weight (Inter Display), for large sizes, as SF switches from SF Pro Text to SF Pro
    /// Display at 20 pt.
    case displayRegular, displayMedium, displaySemibold, displayBold
    /// Inter ExtraBold, standing in for SF Pro Heavy (what Bold Text makes of bold), in both cuts.
    case heavy, displayHeavy

    /// This weight in the Display cut.
    public var display: FontWeight {
        switch self {
        case .regular, .displayRegular: return .displayRegular
        case .medium, .displayMedium: return .displayMedium
        case .semibold, .displaySemibold: return .displaySemibold
        case .bold, .displayBold: return .displayBold
        case .heavy, .displayHeavy: return .displayHeavy
        }
    }
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

/// Caches rendered lines and widths, so that text costs nothing per frame once warm. The caches are bounded:
/// text drawn on every frame stays, while lines drawn once (the window's HUD shows new numbers on every frame
/// of a moving sheet) are forgotten, so that a long session does not grow without end.
public final class TextEngine {
    public let rasterizer: any GlyphRasterizer
    /// Up to 2 × 512 lines, 2 × 8 MB of coverage; far more than one frame draws, even with the inspector open.
    private var lines = TwoGenerationCache<LineKey, AlphaMask>(limit: 512, byteLimit: 8 << 20) { $0.bytes.count }
    private var widths = TwoGenerationCache<LineKey, Int>(limit: 4096, byteLimit: .max) { _ in 0 }
    /// How many lines and widths are cached.
    var cachedCount: (lines: Int, widths: Int) { (lines.count, widths.count) }

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
        if let w = widths.value(key) { return w }
        let w = rasterizer.width(of: text, weight: weight, pixelSize: pixelSize)
        widths.insert(w, for: key)
        return w
    }

    public func line(_ text: String, weight: FontWeight, pixelSize: Int) -> AlphaMask {
        let key = LineKey(text: text, weight: weight, size: pixelSize)
        if let m = lines.value(key) { return m }
        let m = rasterizer.render(text, weight: weight, pixelSize: pixelSize)
        lines.insert(m, for: key)
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
        if let m = lines.value(key) { return m }
        let m = trackedLine(text, weight: weight, pixelSize: pixelSize, tracking: tracking)
        lines.insert(m, for: key)
        return m
    }
}

/// A cache that forgets what is not used again: entries go into a young generation until it holds `limit`
/// entries (or `byteLimit` bytes, as `size` counts them); then it becomes the old generation and the previous
/// old one is dropped. A hit in the old generation moves the entry back into the young one, so what is used
/// between two turns stays, and the cache never holds more than twice its limits.
struct TwoGenerationCache<Key: Hashable, Value> {
    let limit: Int
    let byteLimit: Int
    let size: (Value) -> Int
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    private var youngBytes = 0

    init(limit: Int, byteLimit: Int, size: @escaping (Value) -> Int) {
        self.limit = limit
        self.byteLimit = byteLimit
        self.size = size
    }

    var count: Int { young.count + old.count }

    /// The cached value, if any; one found in the old generation moves into the young one.
    mutating func value(_ key: Key) -> Value? {
        if let v = young[key] { return v }
        guard let v = old.removeValue(forKey: key) else { return nil }
        insert(v, for: key)
        return v
    }

    /// Adds a value made after a miss.
    mutating func insert(_ value: Value, for key: Key) {
        let bytes = size(value)
        if young.count >= limit || (!young.isEmpty && youngBytes + bytes > byteLimit) {
            old = young
            young = [:]
            youngBytes = 0
        }
        young[key] = value
        youngBytes += bytes
    }
}
