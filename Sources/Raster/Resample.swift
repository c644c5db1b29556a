/// Scaling pixmaps.
extension Pixmap {
    /// This pixmap scaled to fill `width`×`height` (aspect fill, centred crop), bilinear. Large reductions
    /// are first halved with a 2×2 box, so that bilinear sampling never skips source pixels.
    public func scaledToFill(width: Int, height: Int) -> Pixmap {
        var out = Pixmap(width: width, height: height)
        guard self.width > 0, self.height > 0, width > 0, height > 0 else { return out }
        var src = self
        while Double(src.width) * 0.5 >= Double(width) && Double(src.height) * 0.5 >= Double(height)
                && src.width >= 2 && src.height >= 2 {
            src = src.halved()
        }
        let k = max(Double(width) / Double(src.width), Double(height) / Double(src.height))
        let ox = (Double(width) - Double(src.width) * k) / 2, oy = (Double(height) - Double(src.height) * k) / 2
        let sw = src.width, sh = src.height
        // Per column: the two source columns and the weight of the right one, in 0…256.
        var cx0 = [Int](repeating: 0, count: width), cx1 = cx0, cfx = [UInt32](repeating: 0, count: width)
        for x in 0..<width {
            let sx = min(max((Double(x) + 0.5 - ox) / k - 0.5, 0), Double(sw - 1))
            let x0 = Int(sx)
            cx0[x] = x0; cx1[x] = min(sw - 1, x0 + 1); cfx[x] = UInt32(((sx - Double(x0)) * 256).rounded())
        }
        src.pixels.withUnsafeBufferPointer { s in
            out.pixels.withUnsafeMutableBufferPointer { d in
                for y in 0..<height {
                    let sy = min(max((Double(y) + 0.5 - oy) / k - 0.5, 0), Double(sh - 1))
                    let y0 = Int(sy), y1 = min(sh - 1, y0 + 1)
                    let fy = UInt32(((sy - Double(y0)) * 256).rounded())
                    let r0 = y0 * sw, r1 = y1 * sw
                    for x in 0..<width {
                        let fx = cfx[x]
                        let top = Self.lerp(s[r0 + cx0[x]], s[r0 + cx1[x]], fx)
                        let bottom = Self.lerp(s[r1 + cx0[x]], s[r1 + cx1[x]], fx)
                        d[y * width + x] = Self.lerp(top, bottom, fy)
                    }
                }
            }
        }
        return out
    }

    /// Interpolates two packed pixels, `f` in 0…256 towards `b`, two channels at a time.
    @inline(__always) static func lerp(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        if f == 0 || a == b { return a }
        let g = 256 - f
        let rb = ((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ga = ((a >> 8 & 0x00FF_00FF) &* g &+ (b >> 8 & 0x00FF_00FF) &* f &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// This pixmap reduced by half in each direction, each pixel the mean of a 2×2 box.
    func halved() -> Pixmap {
        let w = width / 2, h = height / 2
        var out = Pixmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = pixels[2 * y * width + 2 * x], b = pixels[2 * y * width + 2 * x + 1]
                let c = pixels[(2 * y + 1) * width + 2 * x], d = pixels[(2 * y + 1) * width + 2 * x + 1]
                let rb = ((a & 0x00FF_00FF) + (b & 0x00FF_00FF) + (c & 0x00FF_00FF) + (d & 0x00FF_00FF) + 0x0002_0002) >> 2 & 0x00FF_00FF
                let ga = ((a >> 8 & 0x00FF_00FF) + (b >> 8 & 0x00FF_00FF) + (c >> 8 & 0x00FF_00FF) + (d >> 8 & 0x00FF_00FF) + 0x0002_0002) >> 2 & 0x00FF_00FF
                out.pixels[y * w + x] = rb | ga << 8
            }
        }
        return out
    }

    /// Multiplies every pixel by the coverage of a rounded rectangle filling the pixmap: the alpha that
    /// `fillRoundedRect` would give it (the same coverage source, `RoundedRectCoverage`, through the blitter's clip;
    /// only the corners' pixels are worked out, the rest is wholly covered).
    public mutating func clipToRoundedRect(radius: Double, curve: CornerCurve = .circular) {
        guard width > 0, height > 0 else { return }
        let w = Double(width), h = Double(height)
        let extent = min(curve.extent(radius: max(radius, 0)), min(w, h) / 2)
        guard extent > 0 else { return }
        var frame = RoundedRectCoverage(OutlineField(left: 0, top: 0, right: w, bottom: h, topExtent: extent, bottomExtent: extent,
                                                     curve: curve))
        apply(.clip, through: &frame)
    }
}
