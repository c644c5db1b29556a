/// How a settle moves: a spring, or a timing curve over a duration.
public enum MotionCurve: Sendable, Equatable {
    case spring(Spring)
    /// Duration in seconds.
    case timed(duration: Double, curve: UnitCurve)
    /// A spring that stops where it would first overshoot, and rests once this close and this slow (gorhom).
    case clampedSpring(Spring, restDistance: Double, restSpeed: Double)
    /// A spring stepped once per display frame with implicit Euler (FloatingPanel).
    case frameSpring(FrameSpring)
    /// A spring as Reanimated's `withSpring` runs it (gorhom).
    case reanimatedSpring(ReanimatedSpring)

    public init(_ config: MotionConfig) {
        switch config.curve {
        case .spring: self = .spring(Spring(response: config.response, dampingRatio: config.dampingRatio))
        case .linear: self = .timed(duration: config.duration, curve: .linear)
        case .easeIn: self = .timed(duration: config.duration, curve: .easeIn)
        case .easeOut: self = .timed(duration: config.duration, curve: .easeOut)
        case .easeInOut: self = .timed(duration: config.duration, curve: .easeInOut)
        case .bezier:
            let b = config.bezier
            self = .timed(duration: config.duration, curve: .bezier(CubicBezier(b[0], b[1], b[2], b[3])))
        }
    }
}

/// One animated value from `from` to `to`, started at `start` milliseconds on the clock.
///
/// `from`, `to` and `velocity` are raw values; what `sample` returns is shown through `band`, so an overshoot
/// past a banded end is rubber-banded as a drag is.
public struct SettleAnimation: Sendable, Equatable {
    public var from: Double
    public var to: Double
    /// Start time in milliseconds.
    public var start: Double
    public var curve: MotionCurve
    /// Initial velocity in units per second (springs only; timed curves start from their own slope).
    public var velocity: Double
    /// How many times slower than the config this settle plays (slow motion); 1 is real time.
    public var timeScale: Double = 1
    /// How raw values are shown; 1:1 by default.
    public var band: BandedRange = .none

    /// A spring counts as at rest once it is this close (units) and this slow (units per second).
    public static let restDistance = 0.1
    public static let restSpeed = 3.0

    public init(from: Double, to: Double, start: Double, curve: MotionCurve, velocity: Double = 0) {
        self.from = from; self.to = to; self.start = start; self.curve = curve; self.velocity = velocity
    }

    /// When a timed curve ends, in milliseconds; `nil` for springs, which end when they come to rest.
    public var endTime: Double? {
        if case .timed(let d, _) = curve { return start + d * 1000 * timeScale }
        return nil
    }

    /// The value and velocity (units per second) at `time` ms, and whether the motion has finished.
    /// A slowed settle is the very same motion stretched in time: at real time 5t it is where the
    /// normal settle is at t, and the velocity it reports is per real second.
    public func sample(at time: Double) -> (value: Double, velocity: Double, done: Bool) {
        let s = rawSample(at: time)
        return (band.shown(raw: s.value), s.velocity * band.slope(raw: s.value), s.done)
    }

    /// The raw value and velocity at `time` ms, before the band.
    public func rawSample(at time: Double) -> (value: Double, velocity: Double, done: Bool) {
        let t = max(0, time - start) / 1000 / timeScale
        switch curve {
        case .spring(let spring):
            let s = spring.state(at: t, x0: from - to, v0: velocity)
            if abs(s.x) < Self.restDistance && abs(s.v) < Self.restSpeed { return (to, 0, true) }
            return (to + s.x, s.v / timeScale, false)
        case .clampedSpring(let spring, let restDistance, let restSpeed):
            let s = spring.state(at: t, x0: from - to, v0: velocity)
            let crossed = (from - to) != 0 && s.x * (from - to) <= 0
            if crossed || (abs(s.x) < restDistance && abs(s.v) < restSpeed) { return (to, 0, true) }
            return (to + s.x, s.v / timeScale, false)
        case .frameSpring(let spring):
            let s = spring.state(at: t, x0: from - to, v0: velocity)
            if s.done { return (to, 0, true) }
            return (to + s.x, s.v / timeScale, false)
        case .reanimatedSpring(let spring):
            let s = spring.state(at: t, x0: from - to, v0: velocity)
            if s.done { return (to, 0, true) }
            return (to + s.x, s.v / timeScale, false)
        case .timed(let duration, let unit):
            if t >= duration { return (to, 0, true) }
            let p = unit.value(at: t / duration)
            let dt = 1e-4
            let slope = (unit.value(at: min(1, t / duration + dt)) - p) / dt / duration
            return (from + (to - from) * p, (to - from) * slope / timeScale, false)
        }
    }
}
