/// FloatingPanel 3.x's `NumericSpringAnimator`: a spring stepped once per display frame with implicit Euler.
///
/// With h the frame time, f = 1 + 2hζω and det = f + h²ω², one frame maps displacement x (from the target) and
/// velocity v to x' = (f·x + h·v)/det and v' = (v − hω²·x')/det (the target is 0 here). It stops, as
/// `NumericSpringAnimator.update` does, on the first frame that ends within `restDistance` of the target having
/// moved at most `restDistance` in that frame: 1 px, that is 1/scale pt (⅓ pt at 3×). Between frames the
/// displacement is interpolated linearly, so the motion is continuous in time.
public struct FrameSpring: Sendable, Equatable {
    /// Period in seconds (ω = 2π/response).
    public var response: Double
    public var dampingRatio: Double
    /// Frame time in seconds.
    public var frame: Double
    /// Points: FloatingPanel's 1 px (`1 / displayScale`).
    public var restDistance: Double

    public init(response: Double, dampingRatio: Double, frame: Double = 1.0 / 60, restDistance: Double = 1.0 / 3) {
        self.response = response; self.dampingRatio = dampingRatio; self.frame = frame; self.restDistance = restDistance
    }

    public var omega: Double { 2 * Double.pi / response }

    /// One frame from (x, v).
    public func step(x: Double, v: Double) -> (x: Double, v: Double) {
        let h = frame, w = omega
        let f = 1 + 2 * h * dampingRatio * w
        let det = f + h * h * w * w
        let x1 = (f * x + h * v) / det
        let v1 = (v - h * w * w * x1) / det
        return (x1, v1)
    }

    /// `NumericSpringAnimator.update`'s stop test after a frame from `previous` to `x`.
    public func isAtRest(previous: Double, x: Double) -> Bool { abs(x) <= restDistance && abs(previous - x) <= restDistance }

    /// Displacement and velocity `t` seconds after the start, and whether it has stopped.
    public func state(at t: Double, x0: Double, v0: Double) -> (x: Double, v: Double, done: Bool) {
        var x = x0, v = v0
        let frames = Int((max(t, 0) / frame).rounded(.down))
        for _ in 0..<min(frames, 100_000) {
            let previous = x
            (x, v) = step(x: x, v: v)
            if isAtRest(previous: previous, x: x) { return (0, 0, true) }
        }
        let next = step(x: x, v: v)
        let fraction = max(t, 0) / frame - Double(frames)
        return (x + (next.x - x) * fraction, v, false)
    }
}
