/// How the sheet moves when it settles, and how a release is projected.
public struct MotionConfig: Sendable, Equatable, Codable {
    public enum Curve: String, Sendable, CaseIterable, Codable { case spring, linear, easeIn, easeOut, easeInOut, bezier }

    /// Default `spring`.
    public var curve = Curve.spring
    /// Spring period in seconds (ω = 2π/response). Default 0.4.
    public var response = 0.4
    /// Spring damping ratio ζ; 1 is critically damped. Default 1.
    public var dampingRatio = 1.0
    /// Duration of the non-spring curves in seconds. Default 0.35.
    public var duration = 0.35
    /// Control points x1, y1, x2, y2 of the `bezier` curve. Default (0.42, 0, 0.58, 1).
    public var bezier = [0.42, 0, 0.58, 1]
    /// Per-millisecond velocity decay used to project a release; 0 turns projection off. Default 0.998.
    public var decelerationRate = 0.998
    /// Rubber-band stiffness c in (1 − 1/(x·c/H + 1))·H. Default 0.55.
    public var rubberBand = 0.55
    /// Whose release rule and settle motion the sheet follows (`Feel`, docs/feel.md). Default `uikit`.
    public var feel = Feel.uikit
    /// The curve keys the config gives itself (`curve`, `response`, `dampingRatio`, `duration`, `bezier`). A feel
    /// other than `uikit` reads them as its own library's parameters (docs/feel.md, "Each feel's knobs"): which keys
    /// were given matters, not only their values (FloatingPanel's `response` alone keeps its deceleration rate).
    public var givenCurveKeys: Set<CurveKey> = []

    /// The keys that describe the settle curve.
    public enum CurveKey: String, Sendable, CaseIterable, Hashable { case curve, response, dampingRatio, duration, bezier }

    /// Whether the config sets any curve key.
    public var setsCurve: Bool { !givenCurveKeys.isEmpty }

    /// Whether the config gives `key` itself.
    public func gives(_ key: CurveKey) -> Bool { givenCurveKeys.contains(key) }

    /// Whether the configured curve is a spring given by the config's own keys (`curve: spring`, `response` or
    /// `dampingRatio`, and no other curve): the settle a library's spring parameters describe.
    public var givesSpring: Bool { setsCurve && curve == .spring }

    public init() {}
    enum CodingKeys: String, CodingKey { case curve, response, dampingRatio, duration, bezier, decelerationRate, rubberBand, feel }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        curve = try c.choice(.curve, or: curve)
        // Bounded so that every spring comes to rest within the simulation's patience (`Simulation.restTimeout`).
        response = try c.number(.response, or: response, .closed(0.05, 5))
        dampingRatio = try c.number(.dampingRatio, or: dampingRatio, .closed(0.1, 10))
        duration = try c.number(.duration, or: duration, .closed(0.001, 10))
        if let points = try c.decodeIfPresent([Double].self, forKey: .bezier) {
            if points.count != 4 {
                c.report("needs 4 numbers [x1, y1, x2, y2], found \(points.count)", at: .bezier)
            } else if !(0...1).contains(points[0]) || !(0...1).contains(points[2]) {
                c.report("x1 and x2 must be between 0 and 1 so that time runs forward", at: .bezier)
            } else if points.contains(where: { abs($0) > 10 }) {
                c.report("y1 and y2 must be between -10 and 10", at: .bezier)
            } else {
                bezier = points
            }
        }
        decelerationRate = try c.number(.decelerationRate, or: decelerationRate, .halfOpen(0, 1))
        rubberBand = try c.number(.rubberBand, or: rubberBand, .closed(0.01, 10))
        feel = try c.choice(.feel, or: feel)
        givenCurveKeys = Set(CurveKey.allCases.filter { c.contains(CodingKeys(stringValue: $0.rawValue)!) })
    }

    /// Writes the curve keys only when they were given or the feel is `uikit`, so that a config with a feel reads back
    /// with the same knobs given (and equal).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let all = feel == .uikit
        if all || gives(.curve) { try c.encode(curve, forKey: .curve) }
        if all || gives(.response) { try c.encode(response, forKey: .response) }
        if all || gives(.dampingRatio) { try c.encode(dampingRatio, forKey: .dampingRatio) }
        if all || gives(.duration) { try c.encode(duration, forKey: .duration) }
        if all || gives(.bezier) { try c.encode(bezier, forKey: .bezier) }
        try c.encode(decelerationRate, forKey: .decelerationRate)
        try c.encode(rubberBand, forKey: .rubberBand)
        try c.encode(feel, forKey: .feel)
    }

    /// Equal when they move the same: which curve keys were given matters only to a feel other than `uikit`.
    public static func == (a: MotionConfig, b: MotionConfig) -> Bool {
        a.curve == b.curve && a.response == b.response && a.dampingRatio == b.dampingRatio && a.duration == b.duration
            && a.bezier == b.bezier && a.decelerationRate == b.decelerationRate && a.rubberBand == b.rubberBand
            && a.feel == b.feel && (a.feel == .uikit || a.givenCurveKeys == b.givenCurveKeys)
    }
}
