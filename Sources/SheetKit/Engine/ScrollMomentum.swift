import Foundation

/// Content scrolling on after a release, decaying like a scroll view: v(t) = v0·r^t, t in ms.
public struct ScrollMomentum: Sendable, Equatable {
    public var start: Double
    public var from: Double
    /// Points per second, in the direction of growing offset.
    public var velocity: Double
    public var decelerationRate: Double
    public var maxOffset: Double

    static let stopSpeed = 5.0

    /// The offset at `time` ms, and whether the motion has ended (stopped, or hit an end).
    public func sample(at time: Double) -> (offset: Double, done: Bool) {
        let r = decelerationRate
        guard r > 0, r < 1 else { return (from, true) }
        let dt = max(0, time - start)
        let decay = pow(r, dt)
        let offset = from + velocity / 1000 * (decay - 1) / log(r)
        if offset <= 0 { return (0, true) }
        if offset >= maxOffset { return (maxOffset, true) }
        return (offset, abs(velocity * decay) < Self.stopSpeed)
    }
}
