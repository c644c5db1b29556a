extension Pixmap {
    /// Scales saturation by `amount` around each pixel's luma, as CSS `saturate()` and CoreImage's
    /// `CIColorControls` do, with Rec. 709 luma weights (0.2126, 0.7152, 0.0722).
    ///
    /// 1 leaves pixels unchanged, 0 turns them grey, more than 1 boosts colour; negative amounts act as 0.
    /// Each channel becomes L + amount·(c − L), which is linear, so it applies to premultiplied channels
    /// directly; results are clamped to [0, alpha]. Only pixels inside `rect` (clipped; the whole pixmap
    /// when nil) change.
    public mutating func saturate(_ amount: Double, in rect: PixelRect? = nil) {
        let r = (rect ?? PixelRect(x: 0, y: 0, width: width, height: height)).clipped(width: width, height: height)
        guard !r.isEmpty, amount != 1, !amount.isNaN else { return }
        let s = Float(min(max(amount, 0), 1e6)), w = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for y in r.y..<r.maxY {
                Self.saturateRow(buf.baseAddress! + y * w + r.x, count: r.width, amount: s)
            }
        }
    }

    /// One row, four pixels at a time in `Float` lanes: SSE2 has no 32-bit integer multiply or min/max,
    /// so floats are the fast path, and they round the same way on every run.
    private static func saturateRow(_ row: UnsafeMutablePointer<UInt32>, count: Int, amount s: Float) {
        let raw = UnsafeMutableRawPointer(row)
        var x = 0
        while x + 4 <= count {
            let p = raw.loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: saturate(p, s), toByteOffset: x * 4, as: SIMD4<UInt32>.self)
            x += 4
        }
        if x < count {
            var p = SIMD4<UInt32>()
            for i in x..<count { p[i - x] = row[i] }
            let q = saturate(p, s)
            for i in x..<count { row[i] = q[i - x] }
        }
    }

    @inline(__always)
    private static func saturate(_ p: SIMD4<UInt32>, _ s: Float) -> SIMD4<UInt32> {
        let mask = SIMD4<UInt32>(repeating: 0xFF)
        let r = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: p & mask))
        let g = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: p &>> 8 & mask))
        let b = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: p &>> 16 & mask))
        let a = SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: p &>> 24))
        let luma = r * 0.2126 + g * 0.7152 + b * 0.0722
        // Clamp to [0, alpha], then round to nearest by adding 1.5·2^23 and reading the low mantissa bits.
        func channel(_ c: SIMD4<Float>) -> SIMD4<UInt32> {
            var v = luma + (c - luma) * s
            v = v.replacing(with: 0, where: v .< 0)
            v = v.replacing(with: a, where: v .> a)
            return unsafeBitCast(v + 12_582_912, to: SIMD4<UInt32>.self) &- 0x4B40_0000
        }
        return channel(r) | channel(g) &<< 8 | channel(b) &<< 16 | p & 0xFF00_0000
    }
}
