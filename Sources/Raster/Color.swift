import Legibility

/// An 8-bit sRGB colour with straight (not premultiplied) alpha: how designers write colours.
public struct StraightRGBA8: Sendable, Equatable, Hashable {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// Packed as bytes R, G, B, A, without premultiplying (for opaque colours the two agree).
    public var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    public var premultiplied: PremultipliedRGBA8 {
        func m(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * UInt32(a) + 127) / 255) }
        return PremultipliedRGBA8(m(r), m(g), m(b), a)
    }
}

/// An 8-bit sRGB colour whose channels are already multiplied by alpha: what pixmaps store.
public struct PremultipliedRGBA8: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var r, g, b, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }

    public static let transparent = PremultipliedRGBA8(0, 0, 0, 0)
    public static let black = PremultipliedRGBA8(0, 0, 0, 255)
    public static let white = PremultipliedRGBA8(255, 255, 255, 255)

    /// Packed as bytes R, G, B, A in memory (little-endian `UInt32`), the layout of `SDL_PIXELFORMAT_ABGR8888`.
    @inlinable public var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    @inlinable public init(packed p: UInt32) {
        self.init(UInt8(p & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p >> 16 & 0xFF), UInt8(p >> 24))
    }

    public var straight: StraightRGBA8 {
        guard a > 0 else { return StraightRGBA8(0, 0, 0, 0) }
        func u(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a))) }
        return StraightRGBA8(u(r), u(g), u(b), a)
    }

    /// This colour with its opacity scaled by `f` in 0…1.
    public func scaled(by f: Double) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(packed: Pixel.scale(packed, Pixel.factor(f)))
    }

    public var description: String { "premultiplied(\(r), \(g), \(b), \(a))" }
}

/// Operations on packed premultiplied pixels, two channels at a time, rounding exactly.
public enum Pixel {
    /// Each channel of `p` times k/255, k in 0…255, rounded to nearest.
    @inlinable public static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = (rb &+ (rb >> 8 & 0x00FF_00FF)) >> 8 & 0x00FF_00FF
        var ga = (p >> 8 & 0x00FF_00FF) &* k &+ 0x0080_0080
        ga = (ga &+ (ga >> 8 & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ga
    }

    /// Source-over: `src + dst·(1 − src.a)`, both premultiplied.
    @inlinable public static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let sa = src >> 24
        if sa == 255 { return src }
        if src == 0 { return dst }
        return src &+ scale(dst, 255 - sa)
    }

    /// Linear interpolation between two packed colours, k in 0…255 (0 gives `a`).
    @inlinable public static func mix(_ a: UInt32, _ b: UInt32, _ k: UInt32) -> UInt32 {
        scale(a, 255 - k) &+ scale(b, k)
    }

    /// A coverage or opacity in 0…1 as a factor for `scale`.
    @inlinable public static func factor(_ f: Double) -> UInt32 {
        UInt32((min(max(f, 0), 1) * 255).rounded())
    }
}

extension PremultipliedRGBA8 {
    /// Relative luminance 0…1 (WCAG 2) of the colour as if over black.
    public var luminance: Double { WCAG.relativeLuminance(r, g, b) }

    /// Whether black ink reads better than white ink on the colour as if over black (`WCAG.prefersDarkInk`).
    public var prefersDarkInk: Bool { WCAG.prefersDarkInk(luminance: luminance) }

    /// Whether ink over this colour (as if over black), as over a tinted fill, is black rather than white: white
    /// down to `WCAG.whiteOnTint`.
    public var prefersDarkInkOnTint: Bool { WCAG.prefersDarkInk(luminance: luminance, keepingWhiteDownTo: WCAG.whiteOnTint) }
}
