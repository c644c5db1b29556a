import Foundation

/// The exact damped harmonic oscillator, ω = 2π/response, with damping ratio ζ.
///
/// Displacement x is measured from the target; x(0) = x0 and x'(0) = v0 (units per second).
public struct Spring: Sendable, Equatable {
    /// Period of the undamped spring in seconds.
    public var response: Double
    /// ζ: < 1 overshoots, 1 is critically damped, > 1 creeps.
    public var dampingRatio: Double

    public init(response: Double, dampingRatio: Double) {
        self.response = response
        self.dampingRatio = dampingRatio
    }

    /// Natural angular frequency ω in radians per second.
    public var omega: Double { 2 * Double.pi / response }

    /// Displacement and velocity at `t` seconds.
    public func state(at t: Double, x0: Double, v0: Double) -> (x: Double, v: Double) {
        let w = omega, z = dampingRatio
        if abs(z - 1) < 1e-9 {
            // x = e^(−ωt)(x0 + (v0 + ωx0)t)
            let b = v0 + w * x0
            let e = exp(-w * t)
            return (e * (x0 + b * t), e * (b - w * (x0 + b * t)))
        } else if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let a = x0, b = (v0 + z * w * x0) / wd
            let e = exp(-z * w * t)
            let c = cos(wd * t), s = sin(wd * t)
            let x = e * (a * c + b * s)
            let v = e * (-z * w * (a * c + b * s) + (-a * wd * s + b * wd * c))
            return (x, v)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            // c1 + c2 = x0, r1·c1 + r2·c2 = v0
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}
