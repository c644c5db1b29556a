/// One frame of an indexed animation (GIF): a rectangle of palette indices drawn over what is shown.
public struct IndexedFrame: Sendable, Equatable {
    public var rect: PixelRect
    /// Opaque straight colours; at most 256 (255 when an index is transparent).
    public var palette: [StraightRGBA8]
    /// `rect.width × rect.height` indices, row by row.
    public var indices: [UInt8]
    /// The index that leaves the pixel below as it was; nil when every pixel is drawn.
    public var transparentIndex: UInt8?
}

/// Turns a sequence of opaque frames into indexed frames that each redraw only what changed, with
/// a palette of their own (median cut over the changed pixels) and Floyd–Steinberg dithering, so that
/// a blur's smooth gradients do not band.
///
/// A pixel whose colour did not change since the previous frame is transparent: the viewer keeps
/// the pixel it already shows. So still areas never shimmer with a new dither, and a frame costs
/// only its changed rectangle.
public struct IndexedFrames {
    public let width: Int
    public let height: Int
    /// The previous source frame; empty before the first.
    var previous: [UInt32] = []
    /// Error diffusion weight: slightly under 1, so that a flat area does not fizz.
    var ditherStrength: Float = 0.875
    /// Nearest palette index by 6-bit cell, -1 when not yet known; reset for each palette.
    var nearestCache = [Int16](repeating: -1, count: 1 << 18)

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The indexed frame for `frame`, or nil when no pixel changed since the previous one (the
    /// previous frame then simply shows longer).
    public mutating func next(_ frame: Pixmap) -> IndexedFrame? {
        precondition(frame.width == width && frame.height == height, "every frame has the same size")
        let first = previous.isEmpty
        let rect = first ? PixelRect(x: 0, y: 0, width: width, height: height) : changedRect(frame.pixels)
        guard let rect else { return nil }
        let old = previous
        let changed: (Int) -> Bool = first ? { _ in true } : { old[$0] != frame.pixels[$0] }
        let w = width
        let (palette, exact) = frame.pixels.withUnsafeBufferPointer { src in
            MedianCut.palette(src, count: first ? 256 : 255) { i in
                let x = i % w, y = i / w
                return x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY && changed(i)
            }
        }
        let transparent: UInt8? = first ? nil : UInt8(palette.count)
        let indices = exact ? lookUp(frame.pixels, rect: rect, palette: palette, transparent: transparent, changed: changed)
            : map(frame.pixels, rect: rect, palette: palette, transparent: transparent, changed: changed)
        previous = frame.pixels
        return IndexedFrame(rect: rect, palette: palette, indices: indices, transparentIndex: transparent)
    }

    /// The bounding box of the pixels that differ from the previous frame; nil when none do.
    func changedRect(_ pixels: [UInt32]) -> PixelRect? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        pixels.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for y in 0..<height {
                    let row = y * width
                    var x0 = -1, x1 = -1
                    for x in 0..<width where now[row + x] != before[row + x] { x0 = x; break }
                    guard x0 >= 0 else { continue }
                    for x in stride(from: width - 1, through: x0, by: -1) where now[row + x] != before[row + x] { x1 = x; break }
                    minX = min(minX, x0); maxX = max(maxX, x1)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        return maxY < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Indices for the pixels of `rect` when the palette holds every colour they have: no dithering.
    func lookUp(_ pixels: [UInt32], rect: PixelRect, palette: [StraightRGBA8], transparent: UInt8?,
                changed: (Int) -> Bool) -> [UInt8] {
        var index: [UInt32: UInt8] = [:]
        for (i, c) in palette.enumerated() { index[StraightRGBA8(c.r, c.g, c.b, 255).packed] = UInt8(i) }
        var out = [UInt8](repeating: transparent ?? 0, count: rect.width * rect.height)
        for row in 0..<rect.height {
            for col in 0..<rect.width {
                let i = (rect.y + row) * width + rect.x + col
                if changed(i) { out[row * rect.width + col] = index[pixels[i] | 0xFF00_0000] ?? 0 }
            }
        }
        return out
    }

    /// Indices for the pixels of `rect`, dithered (serpentine Floyd–Steinberg) where they changed.
    mutating func map(_ pixels: [UInt32], rect: PixelRect, palette: [StraightRGBA8], transparent: UInt8?,
                      changed: (Int) -> Bool) -> [UInt8] {
        for i in nearestCache.indices { nearestCache[i] = -1 }
        let colors = palette.map { SIMD3<Float>(Float($0.r), Float($0.g), Float($0.b)) }
        var out = [UInt8](repeating: transparent ?? 0, count: rect.width * rect.height)
        // Errors for this row and the next, with a pixel of margin on each side.
        var current = [SIMD3<Float>](repeating: .zero, count: rect.width + 2)
        var next = current
        let k = ditherStrength
        for row in 0..<rect.height {
            let y = rect.y + row
            let leftToRight = row % 2 == 0
            for i in next.indices { next[i] = .zero }
            for step in 0..<rect.width {
                let col = leftToRight ? step : rect.width - 1 - step
                let i = y * width + rect.x + col
                guard changed(i) else { continue }
                let p = pixels[i]
                let source = SIMD3<Float>(Float(p & 0xFF), Float((p >> 8) & 0xFF), Float((p >> 16) & 0xFF))
                let wanted = (source + current[col + 1] * k).clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 255))
                let index = nearest(wanted, colors)
                out[row * rect.width + col] = UInt8(index)
                let error = wanted - colors[index]
                // Spread the error forward along the row, and onto the next row.
                let ahead = leftToRight ? col + 2 : col, behind = leftToRight ? col : col + 2
                current[ahead] += error * (7.0 / 16)
                next[behind] += error * (3.0 / 16)
                next[col + 1] += error * (5.0 / 16)
                next[ahead] += error * (1.0 / 16)
            }
            swap(&current, &next)
        }
        return out
    }

    /// The palette entry nearest `c`, cached by 6-bit cell (the dithering absorbs the cell's rounding).
    mutating func nearest(_ c: SIMD3<Float>, _ colors: [SIMD3<Float>]) -> Int {
        let key = Int(c.x) >> 2 | (Int(c.y) >> 2) << 6 | (Int(c.z) >> 2) << 12
        let cached = nearestCache[key]
        if cached >= 0 { return Int(cached) }
        let centre = SIMD3<Float>(Float(Int(c.x) & ~3) + 1.5, Float(Int(c.y) & ~3) + 1.5, Float(Int(c.z) & ~3) + 1.5)
        var best = 0, bestDistance = Float.infinity
        for (i, p) in colors.enumerated() {
            let d = p - centre
            let distance = (d * d).sum()
            if distance < bestDistance { best = i; bestDistance = distance }
        }
        nearestCache[key] = Int16(best)
        return best
    }
}
