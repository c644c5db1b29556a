/// The perceptual colour distance pixelmatch and Playwright use: a weighted YIQ difference of the two colours
/// blended over white: 0 for the same colour, 32857 for black against white.
public enum PerceptualDelta {
    /// pixelmatch's normalising constant: a `threshold` t allows a distance of `35215 × t²`.
    public static let maximum = 35215.0

    /// The distance a `threshold` (0…1) allows: pixelmatch's `35215 × threshold²`.
    public static func limit(threshold: Double) -> Double { maximum * threshold * threshold }

    /// The YIQ distance between two straight colours, each blended over white first.
    public static func between(_ a: StraightRGBA8, _ b: StraightRGBA8) -> Double {
        if a == b { return 0 }
        func over(_ c: StraightRGBA8) -> (Double, Double, Double) {
            let alpha = Double(c.a) / 255
            return (255 + (Double(c.r) - 255) * alpha, 255 + (Double(c.g) - 255) * alpha, 255 + (Double(c.b) - 255) * alpha)
        }
        let (r1, g1, b1) = over(a), (r2, g2, b2) = over(b)
        let y = (r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223) - (r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223)
        let i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189)
        let q = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }
}
