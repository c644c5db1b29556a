import Raster

/// A picture kept as the shapes that make it, in drawing order, in pixels: recorded once, then drawn whole or a part at a
/// time (`draw(into:)`), every part pixel for pixel as the whole drawing has it.
struct TileDrawing {
    enum Shape {
        case path(Path)
        case roundedRect(RectF, radius: Double)
        case mask(AlphaMask, x: Int, y: Int)
    }

    struct Item {
        var shape: Shape
        var color: PremultipliedRGBA8
        /// The pixels the shape may touch: drawing it anywhere else changes nothing.
        var bounds: PixelRect
    }

    let width: Int
    let height: Int
    /// What every pixel holds before the first shape.
    let background: PremultipliedRGBA8
    private(set) var items: [Item] = []

    init(width: Int, height: Int, background: PremultipliedRGBA8) {
        self.width = width; self.height = height; self.background = background
    }

    /// Fills `path` (in pixels).
    mutating func fill(_ path: Path, _ color: PremultipliedRGBA8) {
        let b = path.bounds
        guard b.minX.isFinite, b.minY.isFinite else { return }
        // The path filler's levels reach a column past the edges' pixels on either side.
        let x0 = Int(b.minX.rounded(.down)) - 2, y0 = Int(b.minY.rounded(.down)) - 1
        let bounds = PixelRect(x: x0, y: y0, width: Int(b.maxX.rounded(.up)) + 2 - x0, height: Int(b.maxY.rounded(.up)) + 1 - y0)
        items.append(Item(shape: .path(path), color: color, bounds: bounds))
    }

    /// Fills a rectangle with corners of `radius` (in pixels).
    mutating func fillRoundedRect(_ r: RectF, radius: Double, _ color: PremultipliedRGBA8) {
        let e = r.enclosingPixels
        items.append(Item(shape: .roundedRect(r, radius: radius), color: color,
                          bounds: PixelRect(x: e.x - 1, y: e.y - 1, width: e.width + 2, height: e.height + 2)))
    }

    /// Paints `color` through `mask` with its top-left at (x, y).
    mutating func draw(_ mask: AlphaMask, x: Int, y: Int, color: PremultipliedRGBA8) {
        items.append(Item(shape: .mask(mask, x: x, y: y), color: color, bounds: PixelRect(x: x, y: y, width: mask.width, height: mask.height)))
    }

    /// The whole picture, through `Pixmap`'s own fills: what `draw(into:)` gives, part by part.
    func render() -> Pixmap {
        var p = Pixmap(width: width, height: height, fill: background)
        for item in items {
            switch item.shape {
            case .path(let path): p.fill(path, item.color)
            case .roundedRect(let r, let radius): p.fillRoundedRect(r, radius: radius, item.color)
            case .mask(let m, let x, let y): p.draw(m, x: x, y: y, color: item.color)
            }
        }
        return p
    }

    /// Draws the part of the picture inside `region.clip` (a region of a `width` × `height` image), background first.
    func draw(into region: PixmapRegion) {
        precondition(region.width == width && region.height == height, "the region is of this picture")
        let clip = region.clip
        region.fill(clip, with: background)
        for item in items where !item.bounds.intersection(clip).isEmpty {
            switch item.shape {
            case .path(let path): region.fill(path, item.color)
            case .roundedRect(let r, let radius): region.fillRoundedRect(r, radius: radius, item.color)
            case .mask(let m, let x, let y): region.draw(m, x: x, y: y, color: item.color)
            }
        }
    }
}
