import Raster

/// Where the screen is in a picture that is not a bare screenshot: a framed one (a device mockup, two screens side by
/// side) or a scaled one (a GIF at 0.77 px/pt). Image pixel = `x0` + `scale` · point, along both axes: the mapping the
/// old probe specs (scripts/ref-specs) gave by hand, and what `sheetlab measure --screen X0,Y0,SCALE` takes.
///
/// The finder reads a canvas at a whole scale, so `resample` draws the screen onto one: at the next whole scale at or
/// above `scale` (1× for a 0.67 or 0.77 px/pt picture, 3× for a 3× one), 3× at most. Each output pixel is the
/// picture bilinearly interpolated at the output pixel's centre. Interpolation keeps where an edge crosses halfway
/// between its two colours, which is what the finder reads; at a whole scale and whole offsets it is an exact crop.
public struct ScreenMapping: Sendable, Equatable {
    public var x0: Double
    public var y0: Double
    /// Picture pixels per point.
    public var scale: Double

    public init(x0: Double, y0: Double, scale: Double) { self.x0 = x0; self.y0 = y0; self.scale = scale }

    /// `X0,Y0,SCALE`, three numbers, the scale above 0; nil otherwise.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 3, let x0 = parts[0], let y0 = parts[1], let scale = parts[2],
              x0.isFinite, y0.isFinite, scale.isFinite, scale > 0 else { return nil }
        self.init(x0: x0, y0: y0, scale: scale)
    }

    /// The whole scale the screen is drawn at: the next one at or above the picture's (a hundredth below counts, so a
    /// screenshot scaled to 2.999 stays 3×), 1 to 3.
    public var canvasScale: Int { min(3, max(1, Int((scale - 0.01).rounded(.up)))) }

    /// Why the screen, `width` × `height` points, does not lie inside a `pictureWidth` × `pictureHeight` picture (half
    /// a pixel of slack on each side, as a frame's edge is read to a pixel); nil when it does.
    public func problem(width: Double, height: Double, pictureWidth: Int, pictureHeight: Int) -> String? {
        let right = x0 + scale * width, bottom = y0 + scale * height
        guard x0 >= -0.5, y0 >= -0.5, right <= Double(pictureWidth) + 0.5, bottom <= Double(pictureHeight) + 0.5 else {
            return "the screen (\(format(width))×\(format(height)) pt at x \(format(x0))–\(format(right)), y \(format(y0))–\(format(bottom)) px) "
                + "does not fit in the \(pictureWidth)×\(pictureHeight) px picture"
        }
        return nil
    }

    /// The screen, `width` × `height` points, at `canvasScale`, read out of `picture`.
    public func resample(_ picture: Pixmap, width: Double, height: Double) -> Pixmap {
        let s = canvasScale
        let w = Int((width * Double(s)).rounded()), h = Int((height * Double(s)).rounded())
        let image = ScreenImage(picture, scale: scale)
        let step = scale / Double(s)
        // Source coordinates of each output column's and row's centre, as a pixel index and the fraction past it.
        func taps(_ n: Int, origin: Double) -> [(Int, Double)] {
            (0..<n).map { i in
                let f = origin + step * (Double(i) + 0.5) - 0.5
                let k = f.rounded(.down)
                return (Int(k), f - k)
            }
        }
        let xs = taps(w, origin: x0), ys = taps(h, origin: y0)
        var pixels = [UInt32](repeating: 0, count: w * h)
        for (j, (iy, ty)) in ys.enumerated() {
            for (i, (ix, tx)) in xs.enumerated() {
                let top = image.color(ix, iy) * (1 - tx) + image.color(ix + 1, iy) * tx
                let bottom = image.color(ix, iy + 1) * (1 - tx) + image.color(ix + 1, iy + 1) * tx
                let c = top * (1 - ty) + bottom * ty
                func level(_ v: Double) -> UInt32 { UInt32(min(255, max(0, v.rounded()))) }
                pixels[j * w + i] = level(c.r) | level(c.g) << 8 | level(c.b) << 16 | 0xFF << 24
            }
        }
        return Pixmap(width: w, height: h, pixels: pixels)
    }
}
