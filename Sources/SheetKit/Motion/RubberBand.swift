/// The rubber band: an overshoot x is shown as (1 − 1/(x·c/d + 1))·d.
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

extension RubberBand {
    /// d shown / d raw at a raw overshoot `x ≥ 0`: c at the edge, falling toward 0 far out.
    public static func slope(_ x: Double, coefficient c: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let k = max(0, x) * c / d + 1
        return c / (k * k)
    }
}

/// A range a value follows 1:1 inside, rubber-banded past each end that has a band (`nil`: that end has none).
///
/// Drags and settles run in raw coordinates, where the finger or the spring moves 1:1, and are shown through
/// this range, so that a settle's overshoot is banded exactly as a drag is and the shown velocity is the raw
/// velocity times the band's slope there.
public struct BandedRange: Sendable, Equatable {
    public var lower: Double?
    public var upper: Double?
    public var coefficient: Double
    /// The band's dimension d, in points.
    public var dimension: Double

    public init(lower: Double?, upper: Double?, coefficient: Double, dimension: Double) {
        self.lower = lower; self.upper = upper; self.coefficient = coefficient; self.dimension = dimension
    }

    /// 1:1 everywhere.
    public static let none = BandedRange(lower: nil, upper: nil, coefficient: 1, dimension: 1)

    public func shown(raw: Double) -> Double {
        if let hi = upper, raw > hi { return hi + RubberBand.shown(raw - hi, coefficient: coefficient, dimension: dimension) }
        if let lo = lower, raw < lo { return lo - RubberBand.shown(lo - raw, coefficient: coefficient, dimension: dimension) }
        return raw
    }

    public func raw(shown: Double) -> Double {
        if let hi = upper, shown > hi { return hi + RubberBand.raw(shown - hi, coefficient: coefficient, dimension: dimension) }
        if let lo = lower, shown < lo { return lo - RubberBand.raw(lo - shown, coefficient: coefficient, dimension: dimension) }
        return shown
    }

    /// d shown / d raw at `raw`.
    public func slope(raw: Double) -> Double {
        if let hi = upper, raw > hi { return RubberBand.slope(raw - hi, coefficient: coefficient, dimension: dimension) }
        if let lo = lower, raw < lo { return RubberBand.slope(lo - raw, coefficient: coefficient, dimension: dimension) }
        return 1
    }
}
