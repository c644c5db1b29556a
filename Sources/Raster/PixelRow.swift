import CPixelKernels
import Foundation

/// Row operations on packed premultiplied pixels, eight at a time. They compute exactly what
/// `Pixel.scale` and `Pixel.over` compute one pixel at a time; only faster.
public enum PixelRow {
    public typealias Lanes = SIMD8<UInt32>

    /// Whether the row operations run their 8-pixel groups in the AVX2 kernels (`CPixelKernels`), which give the
    /// same bytes as the lanes below in half the instructions; the lanes are the baseline for any x86-64.
    /// `SHEETLAB_NO_AVX2` in the environment keeps the baseline, to compare the two.
    /// Public so that the C row passes built on these kernels make the same choice.
    public static let wide = sheetlab_cpu_has_avx2() != 0 && getenv("SHEETLAB_NO_AVX2") == nil

    @inline(__always) static func load(_ p: UnsafePointer<UInt32>) -> Lanes {
        UnsafeRawPointer(p).loadUnaligned(as: Lanes.self)
    }

    @inline(__always) static func store(_ v: Lanes, _ p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes.self)
    }

    /// Each channel times k/255, rounded (k per lane, 0…255). Worked in 16-bit lanes, whose multiply x86's
    /// baseline SSE2 has (its 32-bit lane multiply needs SSE4.1): c·k + 128 and its rounding stay below 2^16.
    @inline(__always) public static func scale(_ p: Lanes, _ k: Lanes) -> Lanes {
        let kk = k | (k &<< 16)
        let pw = p
        let lo = unsafeBitCast(pw & Lanes(repeating: 0x00FF_00FF), to: SIMD16<UInt16>.self)
        let hi = unsafeBitCast((pw &>> 8) & Lanes(repeating: 0x00FF_00FF), to: SIMD16<UInt16>.self)
        let kw = unsafeBitCast(kk, to: SIMD16<UInt16>.self)
        var a = lo &* kw &+ 128
        a = (a &+ (a &>> 8)) &>> 8
        var b = hi &* kw &+ 128
        b = (b &+ (b &>> 8)) &>> 8
        return unsafeBitCast(a, to: Lanes.self) | (unsafeBitCast(b, to: Lanes.self) &<< 8)
    }

    /// Source-over, lane by lane.
    @inline(__always) public static func over(_ src: Lanes, _ dst: Lanes) -> Lanes {
        src &+ scale(dst, Lanes(repeating: 255) &- (src &>> 24))
    }

    /// `dst[i] = over(src[i], dst[i])`.
    public static func over(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        over(src, onto: dst, count: count, wide: wide)
    }

    static func over(_ src: UnsafePointer<UInt32>, onto dst: UnsafeMutablePointer<UInt32>, count: Int, wide: Bool) {
        var i = wide ? sheetlab_over_avx2(src, dst, count) : 0
        while i + 8 <= count {
            store(over(load(src + i), load(dst + i)), dst + i)
            i += 8
        }
        while i < count { dst[i] = Pixel.over(src[i], dst[i]); i += 1 }
    }

    /// `dst[i] = over(scale(src[i], k), dst[i])`: a layer at an opacity.
    public static func over(_ src: UnsafePointer<UInt32>, opacity k: UInt32, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        over(src, opacity: k, onto: dst, count: count, wide: wide)
    }

    static func over(_ src: UnsafePointer<UInt32>, opacity k: UInt32, onto dst: UnsafeMutablePointer<UInt32>, count: Int, wide: Bool) {
        let kk = Lanes(repeating: k)
        var i = wide ? sheetlab_over_opacity_avx2(src, k, dst, count) : 0
        while i + 8 <= count {
            store(over(scale(load(src + i), kk), load(dst + i)), dst + i)
            i += 8
        }
        while i < count { dst[i] = Pixel.over(Pixel.scale(src[i], k), dst[i]); i += 1 }
    }

    /// `dst[i] = scale(src[i], k) + add`: a uniform veil such as the dimming (`add` already scaled).
    public static func scaleAdd(_ src: UnsafePointer<UInt32>, _ k: UInt32, _ add: UInt32, into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        scaleAdd(src, k, add, into: dst, count: count, wide: wide)
    }

    static func scaleAdd(_ src: UnsafePointer<UInt32>, _ k: UInt32, _ add: UInt32, into dst: UnsafeMutablePointer<UInt32>, count: Int,
                         wide: Bool) {
        let kk = Lanes(repeating: k), aa = Lanes(repeating: add)
        var i = wide ? sheetlab_scale_add_avx2(src, k, add, dst, count) : 0
        while i + 8 <= count {
            store(scale(load(src + i), kk) &+ aa, dst + i)
            i += 8
        }
        while i < count { dst[i] = Pixel.scale(src[i], k) &+ add; i += 1 }
    }

    /// `dst[i] = over(top, scale(src[i], k) + add)`: a veil, then a uniform colour over it (a tint).
    public static func veilThenOver(_ src: UnsafePointer<UInt32>, _ k: UInt32, _ add: UInt32, top: UInt32,
                                    into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        veilThenOver(src, k, add, top: top, into: dst, count: count, wide: wide)
    }

    static func veilThenOver(_ src: UnsafePointer<UInt32>, _ k: UInt32, _ add: UInt32, top: UInt32,
                             into dst: UnsafeMutablePointer<UInt32>, count: Int, wide: Bool) {
        let kk = Lanes(repeating: k), aa = Lanes(repeating: add), tt = Lanes(repeating: top)
        var i = wide ? sheetlab_veil_then_over_avx2(src, k, add, top, dst, count) : 0
        while i + 8 <= count {
            store(over(tt, scale(load(src + i), kk) &+ aa), dst + i)
            i += 8
        }
        while i < count { dst[i] = Pixel.over(top, Pixel.scale(src[i], k) &+ add); i += 1 }
    }

    /// `dst[i] = over(colour scaled by mask[i], dst[i])`: a colour painted through 8-bit coverage.
    public static func paint(_ color: UInt32, through mask: UnsafePointer<UInt8>, onto dst: UnsafeMutablePointer<UInt32>, count: Int) {
        let c = Lanes(repeating: color)
        var i = 0
        while i + 8 <= count {
            let m = SIMD8<UInt32>(truncatingIfNeeded: UnsafeRawPointer(mask + i).loadUnaligned(as: SIMD8<UInt8>.self))
            store(over(scale(c, m), load(dst + i)), dst + i)
            i += 8
        }
        while i < count { dst[i] = Pixel.over(Pixel.scale(color, UInt32(mask[i])), dst[i]); i += 1 }
    }
}
