import Foundation

/// A spring as Reanimated 3's `withSpring` runs it by damping, stiffness and mass (gorhom's feel).
///
/// Reanimated (`animation/spring.ts` `springOnFrame`, `springUtils.ts`) steps once per display frame from the
/// current position and velocity with a closed form: `underDampedSpringCalculations` when ζ = c/(2√(km)) < 1, and
/// `criticallyDampedSpringCalculations` at ω0 = √(k/m) for **every** ζ ≥ 1 — an overdamped config moves as the
/// critically damped spring of the same ω0, not as the overdamped one. The closed form composes exactly, so the
/// motion between frames is that form from the start. It ends on the first frame
/// (`isAnimationTerminatingCalculation`) where it has overshot its target (with `overshootClamping`), or is within
/// `restDisplacement` of it moving slower than `restSpeed`; the value then jumps to the target.
public struct ReanimatedSpring: Sendable, Equatable {
    public var stiffness: Double, damping: Double, mass: Double
    public var overshootClamping: Bool
    public var restDisplacement: Double, restSpeed: Double
    /// The display frame in seconds, at which Reanimated tests for the end.
    public var frame: Double

    public init(stiffness: Double, damping: Double, mass: Double, overshootClamping: Bool, restDisplacement: Double,
                restSpeed: Double, frame: Double = 1.0 / 60) {
        self.stiffness = stiffness; self.damping = damping; self.mass = mass; self.overshootClamping = overshootClamping
        self.restDisplacement = restDisplacement; self.restSpeed = restSpeed; self.frame = frame
    }

    /// ζ = c / (2√(km)).
    public var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// ω0 = √(k/m), rad/s.
    public var omega0: Double { (stiffness / mass).squareRoot() }

    /// The oscillator Reanimated integrates: the underdamped one when ζ < 1, else the critically damped one at ω0.
    public var oscillator: Spring {
        Spring(response: 2 * Double.pi / omega0, dampingRatio: zeta < 1 ? zeta : 1)
    }

    /// Whether `isAnimationTerminatingCalculation` ends the animation at state `s` of a settle that started at `x0`:
    /// past the target with `overshootClamping` (a start on the target never overshoots), or within
    /// `restDisplacement` of it moving slower than `restSpeed` (both strict).
    public func ends(x: Double, v: Double, x0: Double) -> Bool {
        let overshot = overshootClamping && x0 != 0 && x * x0 < 0
        return overshot || (abs(x) < restDisplacement && abs(v) < restSpeed)
    }

    /// Displacement and velocity `t` seconds after the start from (x0, v0), and whether it has ended by then.
    ///
    /// The end is tested on every `frame` from the start, the first at Δt = 0 (Reanimated's `valueSetter` calls the
    /// animation's `onFrame` at the start's own timestamp), and at `t` itself: a frame drawn at `t` is one of
    /// Reanimated's frames, so on a display faster than `frame` (120 or 240 Hz) an overshoot ends the animation on the
    /// first frame that shows it, never a frame later.
    public func state(at t: Double, x0: Double, v0: Double) -> (x: Double, v: Double, done: Bool) {
        let spring = oscillator
        let t = max(t, 0)
        let frames = Int((t / frame + 1e-9).rounded(.down))
        for k in 0...min(frames, 100_000) {
            let s = spring.state(at: Double(k) * frame, x0: x0, v0: v0)
            if ends(x: s.x, v: s.v, x0: x0) { return (0, 0, true) }
        }
        let s = spring.state(at: t, x0: x0, v0: v0)
        if ends(x: s.x, v: s.v, x0: x0) { return (0, 0, true) }
        return (s.x, s.v, false)
    }
}
