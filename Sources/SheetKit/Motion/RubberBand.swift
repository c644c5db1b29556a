/// The rubber band of SPEC §4: an overshoot x is shown as (1 − 1/(x·c/d + 1))·d.
public enum RubberBand {
    /// The shown overshoot for a raw overshoot `x ≥ 0`, with stiffness `c` over dimension `d` (points).
    public static func shown(_ x: Double, coefficient c: Double, dimension d: Double) -> Double {
        guard x > 0, d > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The raw overshoot that is shown as `y`: the inverse of `shown`, for catching a sheet mid-band.
    public static func raw(_ y: Double, coefficient c: Double, dimension d: Double) -> Double {
        guard y > 0, d > 0 else { return 0 }
        let ratio = min(y / d, 0.999_999)
        return (1 / (1 - ratio) - 1) * d / c
    }
}
