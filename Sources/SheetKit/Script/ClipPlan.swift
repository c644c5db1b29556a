/// The frames of a clip (`sheetlab clip`): which times of a simulation it shows, and for how long.
///
/// Frame i shows the engine at `from + i · 1000/fps` ms, as `render --at` would, and lasts one
/// frame interval. The frames run up to `to`, and include it when it falls on the grid.
public struct ClipPlan: Sendable, Equatable {
    /// The most frames a clip may have: two minutes at 60 fps.
    public static let maxFrames = 7200
    /// The fastest frame rate a clip may have.
    public static let maxFPS = 120.0

    public var from: Double
    public var to: Double
    public var fps: Double

    public init(from: Double, to: Double, fps: Double) {
        self.from = from; self.to = to; self.fps = fps
    }

    public var interval: Double { 1000 / fps }

    public var frameCount: Int { Int(((to - from) * fps / 1000 + 1e-6).rounded(.down)) + 1 }

    /// The simulation time frame `i` shows, in ms.
    public func time(ofFrame i: Int) -> Double { from + Double(i) * 1000 / fps }

    /// When frame `i` starts in the clip, in ms from the clip's start.
    public func clipTime(ofFrame i: Int) -> Double { Double(i) * 1000 / fps }

    /// How long the clip plays, in ms: every frame for one interval.
    public var duration: Double { Double(frameCount) * 1000 / fps }

    /// What is wrong with these numbers, for `--from`, `--to` and `--fps`; nil when nothing.
    public func problem(formatMaxFPS: Double = maxFPS, format: String = "") -> (option: String, message: String)? {
        if !(fps > 0 && fps <= min(Self.maxFPS, formatMaxFPS)) {
            let limit = min(Self.maxFPS, formatMaxFPS)
            let why = formatMaxFPS < Self.maxFPS ? " for \(format)" : ""
            return ("--fps", "must be more than 0 and at most \(limit.clean)\(why), found \(fps.clean)")
        }
        if !(from < to) {
            return ("--from", "must be before --to (\(to.clean) ms), found \(from.clean) ms")
        }
        if frameCount > Self.maxFrames {
            return ("--to", "\(frameCount) frames from \(from.clean) to \(to.clean) ms at \(fps.clean) fps; a clip has at most "
                    + "\(Self.maxFrames) frames: shorten the range or lower --fps")
        }
        return nil
    }
}

/// Where the finger is, for a clip's touch indicator.
extension Simulation {
    /// The pointer's position at `time` ms while it is down (after its down, before its up); nil when it is up.
    public func touch(at time: Double) -> Point? {
        var position: Point?
        for input in timeline() where input.time <= time + 1e-9 {
            switch input.input {
            case .pointerDown(let p), .pointerMove(let p): position = p
            case .pointerUp: position = nil
            default: break
            }
        }
        return position
    }
}
