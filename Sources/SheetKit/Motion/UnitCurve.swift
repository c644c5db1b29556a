/// A timing curve from progress of time (0…1) to progress of motion, as in CSS.
public enum UnitCurve: Sendable, Equatable {
    case linear
    case bezier(CubicBezier)
    /// (t − 1)⁵ + 1: Android's `ViewDragHelper` settle interpolator (Material's feel).
    case quinticEaseOut

    public static let easeIn = UnitCurve.bezier(CubicBezier(0.42, 0, 1, 1))
    public static let easeOut = UnitCurve.bezier(CubicBezier(0, 0, 0.58, 1))
    public static let easeInOut = UnitCurve.bezier(CubicBezier(0.42, 0, 0.58, 1))

    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return x
        case .bezier(let b): return b.value(at: x)
        case .quinticEaseOut: let u = x - 1; return u * u * u * u * u + 1
        }
    }
}

/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing function from (0, 0) to (1, 1).
public struct CubicBezier: Sendable, Equatable {
    public var x1, y1, x2, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    private static func coordinate(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        // B(t) = 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func slope(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve parameter whose x is `x`, to within 1e-10: Newton steps, with bisection as the safety net.
    public func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.coordinate(t, x1, x2) - x
            if abs(error) < 1e-10 { return t }
            let d = Self.slope(t, x1, x2)
            if abs(d) < 1e-9 { break }
            t -= error / d
            if t < 0 || t > 1 { break }
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<100 {
            let value = Self.coordinate(t, x1, x2)
            if abs(value - x) < 1e-10 { break }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    /// y at the given x, for x in 0…1.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.coordinate(parameter(forX: x), y1, y2)
    }
}
