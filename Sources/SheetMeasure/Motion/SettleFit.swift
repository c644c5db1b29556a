import SheetKit

/// A settle's motion in SheetLab's own terms: what `MotionConfig` would have to say to play it.
public enum SettleModel: Sendable, Equatable {
    /// `curve: spring`: `MotionCurve.spring`, the exact damped oscillator, from the release velocity.
    case spring(response: Double, dampingRatio: Double)
    /// A timing curve over `duration` seconds: `linear`, `easeIn`, `easeOut`, `easeInOut`, or `bezier` with its own
    /// control points (`bezier` holds the curve's points for every case, the named ones' CSS points included).
    case timed(curve: MotionConfig.Curve, duration: Double, bezier: [Double])

    /// The config's curve name.
    public var curve: MotionConfig.Curve {
        switch self {
        case .spring: return .spring
        case .timed(let curve, _, _): return curve
        }
    }

    /// The motion this model plays, as the engine builds it from a config.
    public var motionCurve: MotionCurve { MotionCurve(applied(to: MotionConfig())) }

    /// `base` with this model's curve keys set (and marked as given, so a feel other than `uikit` reads them too).
    public func applied(to base: MotionConfig) -> MotionConfig {
        var config = base
        config.curve = curve
        switch self {
        case .spring(let response, let dampingRatio):
            config.response = response
            config.dampingRatio = dampingRatio
            config.givenCurveKeys.formUnion([.curve, .response, .dampingRatio])
        case .timed(let curve, let duration, let bezier):
            config.duration = duration
            config.givenCurveKeys.formUnion([.curve, .duration])
            if curve == .bezier {
                config.bezier = bezier
                config.givenCurveKeys.insert(.bezier)
            }
        }
        return config
    }

    /// The named timing curves, with their CSS control points (`UnitCurve`'s).
    static let namedCurves: [(MotionConfig.Curve, [Double])] = [
        (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
    ]
}

/// One settle read off a recording: from the release to the rest it ends at, fitted with each of SheetLab's models,
/// the best kept.
public struct SettleFit: Sendable, Equatable {
    /// The visible height (points) at the last frame before the release, and the rest it settles to.
    public var from: Double
    public var to: Double
    /// When the settle starts (the last frame before the release) and when the sheet comes to rest, in seconds.
    public var release: Double
    public var arrival: Double
    /// How many frames after the release the model was fitted over.
    public var frames: Int
    /// The best model; `residual` is its RMS misfit in points over the fitted frames.
    public var model: SettleModel
    /// The fitted velocity at the release frame in points per second (positive: the sheet rising; raw, before a band),
    /// for a spring; nil for a timed curve, which starts from its own slope whatever the finger did.
    public var releaseVelocity: Double?
    /// Whether the fit read the overshoot past the settle's end through SheetLab's rubber band (a spring past the
    /// highest or lowest rest), as the engine shows it.
    public var banded: Bool
    public var residual: Double
    /// 0–1: how far under the tolerance the residual is, how many frames carry it, and how clearly it beat the other
    /// models.
    public var confidence: Double
    /// Every model tried over the same frames, with its RMS misfit in points, best first.
    public var alternatives: [Alternative]

    public struct Alternative: Sendable, Equatable {
        public var model: SettleModel
        public var residual: Double
    }

    /// The fitted spring's response, or the curve's duration, with the fit's residual and confidence.
    public var response: Measured<Double>? {
        guard case .spring(let response, _) = model else { return nil }
        return Measured(response, residual: residual, confidence: confidence)
    }
    public var dampingRatio: Measured<Double>? {
        guard case .spring(_, let zeta) = model else { return nil }
        return Measured(zeta, residual: residual, confidence: confidence)
    }
    public var duration: Measured<Double>? {
        guard case .timed(_, let duration, _) = model else { return nil }
        return Measured(duration, residual: residual, confidence: confidence)
    }
}

/// A stretch where the sheet moved without following any settle model: a finger dragging it (the part of a drag
/// before its release), reported so that nobody mistakes it for motion the config plays.
public struct FingerSegment: Sendable, Equatable {
    /// Seconds.
    public var start: Double
    public var end: Double
    /// Visible heights (points) at the start and end.
    public var from: Double
    public var to: Double
}
