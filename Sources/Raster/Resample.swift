/// Scaling pixmaps.
extension Pixmap {
    /// This pixmap scaled to fill `width`×`height` (aspect fill, centred crop), bilinear.
    public func scaledToFill(width w: Int, height h: Int) -> Pixmap {
        var out = Pixmap(width: w, height: h)
        guard width > 0, height > 0, w > 0, h > 0 else { return out }
        let s = max(Double(w) / Double(width), Double(h) / Double(height))
        let ox = (Double(width) - Double(w) / s) / 2, oy = (Double(height) - Double(h) / s) / 2
        let sw = width
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let fy = min(max(oy + (Double(y) + 0.5) / s - 0.5, 0), Double(height - 1))
                    let y0 = Int(fy), y1 = min(y0 + 1, height - 1)
                    let ky = Pixel.factor(fy - Double(y0))
                    for x in 0..<w {
                        let fx = min(max(ox + (Double(x) + 0.5) / s - 0.5, 0), Double(width - 1))
                        let x0 = Int(fx), x1 = min(x0 + 1, width - 1)
                        let kx = Pixel.factor(fx - Double(x0))
                        let top = Pixel.mix(src[y0 * sw + x0], src[y0 * sw + x1], kx)
                        let bottom = Pixel.mix(src[y1 * sw + x0], src[y1 * sw + x1], kx)
                        dst[y * w + x] = Pixel.mix(top, bottom, ky)
                    }
                }
            }
        }
        return out
    }

    /// Multiplies every pixel by the coverage of a rounded rectangle filling the pixmap.
    public mutating func clipToRoundedRect(radius: Double, curve: CornerCurve = .circular) {
        var mask = Pixmap(width: width, height: height)
        mask.fillRoundedRect(RectF(x: 0, y: 0, width: Double(width), height: Double(height)), radius: radius, curve: curve, .white)
        for i in pixels.indices { pixels[i] = Pixel.scale(pixels[i], mask.pixels[i] >> 24) }
    }
}
