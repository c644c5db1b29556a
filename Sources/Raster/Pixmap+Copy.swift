/// Copying whole pixmaps: wrapped tiles, same-size copies, flattening onto a backdrop.
extension Pixmap {
    /// Fills this whole pixmap from `tile`, repeated in both directions and moved by (dx, dy) pixels:
    /// pixel (x, y) takes tile pixel ((x − dx) mod tile width, (y − dy) mod tile height).
    public mutating func copyWrapped(from tile: Pixmap, dx: Int, dy: Int) {
        guard tile.width > 0, tile.height > 0 else { return }
        tile.pixels.withUnsafeBufferPointer { copyWrapped(from: $0.baseAddress!, width: tile.width, height: tile.height, dx: dx, dy: dy) }
    }

    /// `copyWrapped(from:dx:dy:)` from a `tw` × `th` tile held row by row at `s`.
    public mutating func copyWrapped(from s: UnsafePointer<UInt32>, width tw: Int, height th: Int, dx: Int, dy: Int) {
        let w = width, h = height
        guard tw > 0, th > 0 else { return }
        func mod(_ a: Int, _ m: Int) -> Int { let r = a % m; return r < 0 ? r + m : r }
        let sx0 = mod(-dx, tw)
        pixels.withUnsafeMutableBufferPointer { dst in
            guard let d = dst.baseAddress else { return }
            for y in 0..<h {
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

    /// Copies `source` (the same size) into this pixmap.
    public mutating func copyAll(from source: Pixmap) {
        if source.width == width && source.height == height { pixels = source.pixels } else {
            fill(PixelRect(x: 0, y: 0, width: width, height: height), with: .white)
            draw(source, x: 0, y: 0)
        }
    }

    /// Makes every pixel opaque by compositing this pixmap over `backdrop`.
    public mutating func flatten(over backdrop: PremultipliedRGBA8) {
        let b = backdrop.packed
        for i in pixels.indices where pixels[i] >> 24 != 255 { pixels[i] = Pixel.over(pixels[i], b) }
    }
}
