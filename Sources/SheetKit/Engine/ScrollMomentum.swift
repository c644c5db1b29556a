import Foundation

/// Content scrolling on after a release, as a scroll view does.
///
/// Raw offsets are shown through `band`, the content's rubber band (lower end 0, upper end the scroll range).
/// Released inside the range, the content decays like a scroll view, v(t) = v0·r^t (t in ms); if it reaches an
/// end on the way it carries on into the band with the velocity it had there and springs back to the end.
/// Released past an end (pulled into the band), it springs back to that end from where it was, with its velocity.
public struct ScrollMomentum: Sendable, Equatable {
    public var start: Double
    /// The raw offset at `start`.
    public var from: Double
    /// Raw points per second, in the direction of growing offset.
    public var velocity: Double
    public var decelerationRate: Double
    public var band: BandedRange

    /// The spring that brings an overscrolled content back to its end: critically damped, as UIScrollView bounces.
    public static let bounce = Spring(response: 0.4, dampingRatio: 1)
    static let stopSpeed = 5.0

    public init(start: Double, from: Double, velocity: Double, decelerationRate: Double, band: BandedRange) {
        self.start = start; self.from = from; self.velocity = velocity; self.decelerationRate = decelerationRate; self.band = band
    }

    var lower: Double { band.lower ?? 0 }
    var upper: Double { band.upper ?? .infinity }

    /// The shown offset at `time` ms, and whether the motion has ended.
    public func sample(at time: Double) -> (offset: Double, done: Bool) {
        let s = rawSample(at: time)
        return (band.shown(raw: s.offset), s.done)
    }

    /// The raw offset at `time` ms, and whether the motion has ended.
    public func rawSample(at time: Double) -> (offset: Double, done: Bool) {
        let dt = max(0, time - start)
        if from < lower { return spring(edge: lower, x0: from - lower, v0: velocity, dt: dt) }
        if from > upper { return spring(edge: upper, x0: from - upper, v0: velocity, dt: dt) }
        let r = decelerationRate
        guard r > 0, r < 1, velocity != 0 else { return (from, true) }
        // offset(t) = from + v/1000·(r^t − 1)/ln r; the end it heads for is reached when r^t = 1 + (end − from)·ln r·1000/v.
        let edge = velocity > 0 ? upper : lower
        let k = 1 + (edge - from) * log(r) * 1000 / velocity
        if k > 0, edge.isFinite {
            let hit = log(k) / log(r)
            if dt >= hit { return spring(edge: edge, x0: 0, v0: velocity * k, dt: dt - hit) }
        }
        let decay = pow(r, dt)
        let offset = from + velocity / 1000 * (decay - 1) / log(r)
        return (offset, abs(velocity * decay) < Self.stopSpeed)
    }

    private func spring(edge: Double, x0: Double, v0: Double, dt: Double) -> (offset: Double, done: Bool) {
        let s = Self.bounce.state(at: dt / 1000, x0: x0, v0: v0)
        if abs(s.x) < SettleAnimation.restDistance && abs(s.v) < SettleAnimation.restSpeed { return (edge, true) }
        return (edge + s.x, false)
    }
}
