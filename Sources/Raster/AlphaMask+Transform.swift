import Foundation

/// Masks made from masks: grown (for halos) and turned (for labels along roads and rivers).
extension AlphaMask {
    /// This mask grown by `radius` pixels on every side (a square max filter), on a canvas padded by `radius`:
    /// the halo drawn behind map labels.
    public func dilated(by radius: Int) -> AlphaMask {
        let r = max(0, radius)
        let w = width + 2 * r, h = height + 2 * r
        var padded = [UInt8](repeating: 0, count: w * h)
        for y in 0..<height {
            for x in 0..<width { padded[(y + r) * w + x + r] = bytes[y * width + x] }
        }
        guard r > 0 else { return AlphaMask(width: w, height: h, bytes: padded) }
        // Each pass takes the max of shifted copies of whole rows (vectorized), not of each pixel's window in turn:
        // the same maxima, and the padding is 0, so a window cut at a row's or column's end takes the same max.
        var mid = padded, out = [UInt8](repeating: 0, count: w * h)
        padded.withUnsafeBufferPointer { src in
            mid.withUnsafeMutableBufferPointer { across in
                let s = src.baseAddress!, m = across.baseAddress!
                for y in 0..<h {
                    let row = y * w
                    for d in 1...r {
                        Self.maximize(m + row, with: s + row + d, count: w - d)
                        Self.maximize(m + row + d, with: s + row, count: w - d)
                    }
                }
            }
        }
        mid.withUnsafeBufferPointer { across in
            out.withUnsafeMutableBufferPointer { dst in
                let m = across.baseAddress!, o = dst.baseAddress!
                for y in 0..<h {
                    let line = o + y * w
                    for k in Swift.max(0, y - r)...Swift.min(h - 1, y + r) {
                        Self.maximize(line, with: m + k * w, count: w)
                    }
                }
            }
        }
        return AlphaMask(width: w, height: h, bytes: out)
    }

    /// `dst[i] = max(dst[i], src[i])` for `count` bytes, sixteen at a time.
    @inline(__always)
    static func maximize(_ dst: UnsafeMutablePointer<UInt8>, with src: UnsafePointer<UInt8>, count: Int) {
        var i = 0
        while i + 16 <= count {
            let a = UnsafeRawPointer(dst + i).loadUnaligned(as: SIMD16<UInt8>.self)
            let b = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(dst + i).storeBytes(of: pointwiseMax(a, b), as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count { dst[i] = Swift.max(dst[i], src[i]); i += 1 }
    }

    /// This mask turned a quarter turn anticlockwise (text then reads upward).
    public func rotatedQuarterAnticlockwise() -> AlphaMask {
        var out = [UInt8](repeating: 0, count: width * height)
        // Output is height wide and width tall; output (x, y) comes from input (width − 1 − y, x).
        for y in 0..<width {
            for x in 0..<height { out[y * height + x] = bytes[x * width + (width - 1 - y)] }
        }
        return AlphaMask(width: height, height: width, bytes: out)
    }

    /// This mask rotated by `angle` radians (clockwise on screen, y down), bilinear, on a canvas that holds all of it.
    public func rotated(by angle: Double) -> AlphaMask {
        let c = cos(angle), s = sin(angle)
        let w = Int((abs(Double(width) * c) + abs(Double(height) * s)).rounded(.up)) + 2
        let h = Int((abs(Double(width) * s) + abs(Double(height) * c)).rounded(.up)) + 2
        var out = [UInt8](repeating: 0, count: w * h)
        let icx = Double(width) / 2, icy = Double(height) / 2
        let ocx = Double(w) / 2, ocy = Double(h) / 2
        func at(_ x: Int, _ y: Int) -> Double {
            (x < 0 || y < 0 || x >= width || y >= height) ? 0 : Double(bytes[y * width + x])
        }
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) + 0.5 - ocx, dy = Double(y) + 0.5 - ocy
                // Inverse rotation back into the source.
                let sx = dx * c + dy * s + icx - 0.5, sy = -dx * s + dy * c + icy - 0.5
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                if x0 < -1 || y0 < -1 || x0 >= width || y0 >= height { continue }
                let fx = sx - Double(x0), fy = sy - Double(y0)
                let v = (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy)
                    + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
                out[y * w + x] = UInt8(min(255, v.rounded()))
            }
        }
        return AlphaMask(width: w, height: h, bytes: out)
    }
}
