import Raster

/// A colour as three channels in 0–255 levels, as doubles, so that means and projections keep their fractions.
public struct RGB: Sendable, Equatable {
    public var r, g, b: Double
    public init(_ r: Double, _ g: Double, _ b: Double) { self.r = r; self.g = g; self.b = b }

    static func + (a: RGB, b: RGB) -> RGB { RGB(a.r + b.r, a.g + b.g, a.b + b.b) }
    static func - (a: RGB, b: RGB) -> RGB { RGB(a.r - b.r, a.g - b.g, a.b - b.b) }
    static func * (a: RGB, k: Double) -> RGB { RGB(a.r * k, a.g * k, a.b * k) }
    func dot(_ o: RGB) -> Double { r * o.r + g * o.g + b * o.b }
    /// Euclidean distance in levels.
    func distance(to o: RGB) -> Double { (self - o).dot(self - o).squareRoot() }
    /// Relative luminance of the levels taken as sRGB-encoded (Rec. 709 weights on the encoded values: enough to
    /// tell a light surface from a dark one).
    public var luma: Double { (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 }

    /// `#RRGGBB`, rounded.
    public var hex: String {
        func h(_ v: Double) -> String {
            let i = Int(min(255, max(0, v.rounded())))
            let s = String(i, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b)
    }

    static func mean(_ colours: [RGB]) -> RGB {
        guard !colours.isEmpty else { return RGB(0, 0, 0) }
        return colours.reduce(RGB(0, 0, 0), +) * (1 / Double(colours.count))
    }
}

/// A screenshot as opaque colours, with its scale: what every probe reads. Coordinates are pixels; reads outside
/// the image clamp to its border, as the Python measurer did, so a scan may start beyond an edge.
public struct ScreenImage: Sendable {
    public let width: Int
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    private let pixels: [UInt32]
    /// What is behind the sheet, when it is known (a built-in scene that fits the rows above the sheet): the edge
    /// readers then find the sheet where the picture leaves it (`EdgeEntry.revealed`), however close the sheet's colour
    /// is to the scene's there.
    private(set) var behind: Behind?

    /// A scene's picture with no sheet, and the share of it the dimming keeps.
    struct Behind: Sendable {
        let pixels: [UInt32]
        let keep: Double
        /// How far off the scene a pixel must be to be the sheet, in levels: three times the scene's misfit where it
        /// was fitted, and no less than `EdgeEntry.revealedBy`.
        let revealedBy: Double
    }

    public init(_ pixmap: Pixmap, scale: Double) {
        width = pixmap.width; height = pixmap.height; pixels = pixmap.pixels; self.scale = scale
    }

    /// This picture, with `scene` (the same size) dimmed to `keep` known to be behind the sheet; `misfit`: the RMS
    /// difference, in levels, where the two were fitted.
    func revealing(_ scene: ScreenImage, keep: Double, misfit: Double) -> ScreenImage {
        var copy = self
        copy.behind = Behind(pixels: scene.pixels, keep: keep, revealedBy: max(EdgeEntry.revealedBy, 3 * misfit))
        return copy
    }

    /// The colour at (x, y) with no sheet: the scene behind, dimmed; nil when it is not known.
    @inline(__always) func behindColor(_ x: Int, _ y: Int) -> RGB? {
        guard let behind else { return nil }
        let cx = min(max(x, 0), width - 1), cy = min(max(y, 0), height - 1)
        let p = behind.pixels[cy * width + cx]
        return RGB(Double(p & 0xFF), Double(p >> 8 & 0xFF), Double(p >> 16 & 0xFF)) * behind.keep
    }

    /// The colour at pixel (x, y). Screenshots are opaque; a translucent pixel is read as composited over black,
    /// which is what premultiplied levels are.
    @inline(__always) public func color(_ x: Int, _ y: Int) -> RGB {
        let cx = min(max(x, 0), width - 1), cy = min(max(y, 0), height - 1)
        let p = pixels[cy * width + cx]
        return RGB(Double(p & 0xFF), Double(p >> 8 & 0xFF), Double(p >> 16 & 0xFF))
    }

    /// Mean colour of the pixels in `xs` × `ys` (clamped).
    func mean(xs: Range<Int>, ys: Range<Int>) -> RGB {
        var sum = RGB(0, 0, 0), n = 0.0
        for y in ys { for x in xs { sum = sum + color(x, y); n += 1 } }
        return n > 0 ? sum * (1 / n) : RGB(0, 0, 0)
    }

    /// Pixels per point as an integer offset: `points` points in pixels, rounded, at least `minimum`.
    func px(_ points: Double, minimum: Int = 1) -> Int { max(minimum, Int((points * scale).rounded())) }
}
