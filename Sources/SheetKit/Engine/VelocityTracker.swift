/// Estimates a pointer's vertical velocity from timestamped samples.
public struct VelocityTracker: Sendable, Equatable {
    /// Samples older than this, before the latest one, are ignored (milliseconds).
    public static let window = 100.0

    public private(set) var samples: [(time: Double, y: Double)] = []

    public init() {}

    /// Adds a sample: `time` in milliseconds, `y` in points.
    public mutating func add(time: Double, y: Double) {
        samples.append((time, y))
        // Keep a little more than the window; old samples never matter again.
        if let last = samples.last, samples.count > 64 {
            samples.removeAll { $0.time < last.time - 2 * Self.window }
        }
    }

    /// The least-squares slope of y over the last `window` ms, in points per second (positive downward).
    /// Zero with fewer than two distinct sample times: a pointer that stopped has no velocity.
    public var velocity: Double {
        guard let last = samples.last else { return 0 }
        let recent = samples.filter { $0.time >= last.time - Self.window }
        guard recent.count >= 2 else { return 0 }
        let n = Double(recent.count)
        let meanT = recent.reduce(0) { $0 + $1.time } / n
        let meanY = recent.reduce(0) { $0 + $1.y } / n
        var num = 0.0, den = 0.0
        for s in recent {
            num += (s.time - meanT) * (s.y - meanY)
            den += (s.time - meanT) * (s.time - meanT)
        }
        guard den > 1e-9 else { return 0 }
        return num / den * 1000
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.y == $1.y }
    }
}
