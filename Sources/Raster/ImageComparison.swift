import Foundation

/// What differs between a golden image and a fresh one, pixel by pixel, in straight RGBA.
public struct ImageComparison: Sendable, Equatable {
    public struct Difference: Sendable, Equatable {
        public var x: Int
        public var y: Int
        /// `nil` where that image has no pixel (a size mismatch).
        public var expected: StraightRGBA8?
        public var actual: StraightRGBA8?
    }

    public var expectedSize: (width: Int, height: Int)
    public var actualSize: (width: Int, height: Int)
    /// Pixels beyond the per-pixel tolerance (pixels outside either image count).
    public var differing: Int
    /// Pixels not exactly equal, within the per-pixel tolerance or not: never "0 differ" when some changed.
    public var changed: Int
    /// Pixels compared: the area of the larger extent.
    public var total: Int
    /// The largest channel change anywhere, 0…255.
    public var largestDelta: Int
    /// The smallest rectangle holding every differing pixel.
    public var boundingBox: PixelRect?
    /// The first differing pixel in reading order.
    public var first: Difference?

    public var sizesMatch: Bool { expectedSize == actualSize }
    public var ratio: Double { total == 0 ? 0 : Double(differing) / Double(total) }

    public static func == (a: Self, b: Self) -> Bool {
        a.expectedSize == b.expectedSize && a.actualSize == b.actualSize && a.differing == b.differing && a.changed == b.changed
            && a.largestDelta == b.largestDelta && a.boundingBox == b.boundingBox && a.first == b.first
    }

    /// Compares `actual` with `expected`. A pixel differs when a channel moves by more than `channelDelta`, or
    /// when its YIQ distance exceeds `threshold` (0…1, pixelmatch's); with both set, when it exceeds either;
    /// with neither, on any change.
    public init(expected: Pixmap, actual: Pixmap, channelDelta: Int? = nil, threshold: Double? = nil) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        total = w * h
        let rule = PixelRule(channelDelta: channelDelta, threshold: threshold)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var changed = 0, differing = 0, largestDelta = 0
        var first: Difference?
        expected.pixels.withUnsafeBufferPointer { ep in
        actual.pixels.withUnsafeBufferPointer { ap in
            // Equal images (a passing snapshot, nearly always) are one memory compare.
            if expected.width == actual.width && expected.height == actual.height
                && (ep.isEmpty || memcmp(ep.baseAddress!, ap.baseAddress!, ep.count * 4) == 0) { return }
            let ew = expected.width, aw = actual.width
            /// A pixel that changed: judged, counted, and kept if it is the first beyond tolerance.
            @inline(__always) func changedPixel(_ x: Int, _ y: Int, _ e: UInt32?, _ a: UInt32?) {
                changed += 1
                var delta = 255
                var beyond = true
                if let e, let a {
                    (delta, beyond) = rule.judge(PremultipliedRGBA8(packed: e).straight, PremultipliedRGBA8(packed: a).straight)
                }
                largestDelta = max(largestDelta, delta)
                guard beyond else { return }
                differing += 1
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
                if first == nil {
                    first = Difference(x: x, y: y, expected: e.map { PremultipliedRGBA8(packed: $0).straight },
                                       actual: a.map { PremultipliedRGBA8(packed: $0).straight })
                }
            }
            if expected.width == actual.width && expected.height == actual.height {
                // The same size: equal rows are skipped whole, and only changed pixels are looked at.
                for y in 0..<h {
                    let er = ep.baseAddress! + y * w, ar = ap.baseAddress! + y * w
                    if memcmp(er, ar, w * 4) == 0 { continue }
                    for x in 0..<w where er[x] != ar[x] { changedPixel(x, y, er[x], ar[x]) }
                }
                return
            }
            for y in 0..<h {
                let eRow = y < expected.height ? ew : 0, aRow = y < actual.height ? aw : 0
                for x in 0..<w {
                    let e: UInt32? = x < eRow ? ep[y * ew + x] : nil
                    let a: UInt32? = x < aRow ? ap[y * aw + x] : nil
                    if e != a { changedPixel(x, y, e, a) }
                }
            }
        }
        }
        self.changed = changed
        self.differing = differing
        self.largestDelta = largestDelta
        self.first = first
        boundingBox = maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// When one pixel differs: the largest channel delta, and whether it is beyond the per-pixel tolerance.
    struct PixelRule {
        var deltaLimit: Int?
        var perceptualLimit: Double?

        init(channelDelta: Int?, threshold: Double?) {
            perceptualLimit = threshold.map { PerceptualDelta.limit(threshold: $0) }
            deltaLimit = channelDelta ?? (threshold == nil ? 0 : nil)
        }

        func judge(_ e: StraightRGBA8, _ a: StraightRGBA8) -> (delta: Int, beyond: Bool) {
            let delta = max(abs(Int(e.r) - Int(a.r)), abs(Int(e.g) - Int(a.g)), abs(Int(e.b) - Int(a.b)), abs(Int(e.a) - Int(a.a)))
            if delta == 0 { return (0, false) }
            let overDelta = deltaLimit.map { delta > $0 } ?? false
            let overPerceptual = perceptualLimit.map { PerceptualDelta.between(e, a) > $0 } ?? false
            return (delta, overDelta || overPerceptual)
        }
    }

    /// The colour of pixels one image has and the other has not (a size mismatch), apart from the ring's.
    public static let sizeMismatchColor = StraightRGBA8(255, 176, 0)
    /// The colour of pixels that changed within the per-pixel tolerance.
    public static let withinToleranceColor = StraightRGBA8(250, 215, 120)

    /// The differences made visible: unchanged pixels faded to a pale grey of their brightness,
    /// changed ones red where the new image is brighter and blue where it is darker, pale yellow where
    /// they changed within the per-pixel tolerance; pixels only one image has are amber.
    public static func diffImage(expected: Pixmap, actual: Pixmap, channelDelta: Int? = nil, threshold: Double? = nil) -> Pixmap {
        let rule = PixelRule(channelDelta: channelDelta, threshold: threshold)
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var out = Pixmap(width: w, height: h)
        func luma(_ p: UInt32) -> Int {
            // Opaque pixels (nearly all) are their own straight colour: no division.
            if p >> 24 == 0xFF {
                return (2126 * Int(p & 0xFF) + 7152 * Int(p >> 8 & 0xFF) + 722 * Int(p >> 16 & 0xFF)) / 10000
            }
            let c = PremultipliedRGBA8(packed: p).straight
            return (2126 * Int(c.r) + 7152 * Int(c.g) + 722 * Int(c.b)) / 10000
        }
        /// The faded grey of an unchanged pixel, packed, opaque.
        @inline(__always) func grey(_ e: UInt32) -> UInt32 {
            let g = UInt32(205 + luma(e) * 50 / 255)
            return 0xFF00_0000 | g << 16 | g << 8 | g
        }
        let rim = sizeMismatchColor.premultiplied.packed, within = withinToleranceColor.premultiplied.packed
        let brighter = StraightRGBA8(230, 20, 20).premultiplied.packed, darker = StraightRGBA8(20, 60, 230).premultiplied.packed
        expected.pixels.withUnsafeBufferPointer { ep in
        actual.pixels.withUnsafeBufferPointer { ap in
        out.pixels.withUnsafeMutableBufferPointer { op in
            for y in 0..<h {
                let eRow = y < expected.height ? expected.width : 0, aRow = y < actual.height ? actual.width : 0
                let both = min(eRow, aRow)
                for x in 0..<both {
                    let e = ep[y * expected.width + x], a = ap[y * actual.width + x]
                    if e == a { op[y * w + x] = grey(e); continue }
                    let (delta, beyond) = rule.judge(PremultipliedRGBA8(packed: e).straight, PremultipliedRGBA8(packed: a).straight)
                    if delta == 0 {
                        op[y * w + x] = grey(e)
                    } else if !beyond {
                        op[y * w + x] = within
                    } else {
                        op[y * w + x] = luma(a) >= luma(e) ? brighter : darker
                    }
                }
                for x in both..<w { op[y * w + x] = rim }
            }
        }
        }
        }
        return out
    }

    /// The ring around the differing region: green, apart from the red, blue, yellow and amber of the pixels.
    public static let ringColor = StraightRGBA8(0, 168, 84)
    /// What masked rectangles are painted with in both images before comparing.
    public static let maskColor = StraightRGBA8(255, 0, 255)

    /// Paints `rects` (pixels) one colour, so that what is under them never differs.
    public static func mask(_ rects: [RectF], in image: inout Pixmap) {
        for r in rects { image.fillRect(r, maskColor.premultiplied) }
    }

    /// Rings the differing region, so that even one changed pixel is found at a glance.
    public static func outline(_ box: PixelRect, in image: inout Pixmap) {
        let pad = 4.0
        let r = RectF(x: Double(box.x) - pad, y: Double(box.y) - pad, width: Double(box.width) + 2 * pad, height: Double(box.height) + 2 * pad)
        let c = ringColor.premultiplied
        image.fillRect(RectF(x: r.x - 2, y: r.y - 2, width: r.width + 4, height: 2), c)
        image.fillRect(RectF(x: r.x - 2, y: r.maxY, width: r.width + 4, height: 2), c)
        image.fillRect(RectF(x: r.x - 2, y: r.y, width: 2, height: r.height), c)
        image.fillRect(RectF(x: r.maxX, y: r.y, width: 2, height: r.height), c)
    }

    /// Expected | diff | actual, side by side on a dark strip.
    public static func sideBySide(_ images: [Pixmap], gap: Int = 12) -> Pixmap {
        let h = images.map(\.height).max() ?? 0
        let w = images.map(\.width).reduce(0, +) + gap * (images.count + 1)
        var out = Pixmap(width: w, height: h + 2 * gap, fill: PremultipliedRGBA8(40, 40, 44, 255))
        var x = gap
        for image in images {
            out.draw(image, x: x, y: gap)
            x += image.width + gap
        }
        return out
    }
}
