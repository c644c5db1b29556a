import Foundation

/// The profile a Gaussian blur gives a straight edge: the fraction of a half-plane a Gaussian of unit
/// standard deviation sees at signed distance d from its edge (positive outside), Φ(−d). A soft shadow
/// of a convex shape whose corners are much rounder than the blur is this of its distance to the outline.
public enum SoftEdge {
    /// Samples per standard deviation.
    @usableFromInline static let resolution = 64.0
    /// Beyond ±4σ the profile is 0 or 1 to within half a level of 255.
    @usableFromInline static let reach = 4.0
    @usableFromInline static let table: [Float] = {
        let n = Int(2 * reach * resolution)
        return (0...n).map { i in
            let d = Double(i) / resolution - reach
            return Float(0.5 * erfc(d / 2.0.squareRoot()))
        }
    }()

    /// Φ(−d) for d in standard deviations: 1 deep inside, ½ on the edge, 0 far outside.
    @inlinable @inline(__always) public static func coverage(_ d: Double) -> Double {
        let x = (d + reach) * resolution
        if x <= 0 { return 1 }
        let last = Double(table.count - 1)
        if x >= last { return 0 }
        let i = Int(x)
        let f = Float(x - Double(i))
        return Double(table[i] + (table[i + 1] - table[i]) * f)
    }
}
