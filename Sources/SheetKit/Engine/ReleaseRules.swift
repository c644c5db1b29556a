/// A detent resolved to a height in points.
public struct ResolvedDetent: Sendable, Equatable {
    public var id: String
    /// Visible height above the canvas's bottom edge, in points.
    public var height: Double
    public init(id: String, height: Double) { self.id = id; self.height = height }
}

/// Where a settle goes.
public enum SettleTarget: Sendable, Equatable {
    case detent(ResolvedDetent)
    case dismiss

    public var height: Double {
        if case .detent(let d) = self { return d.height }
        return 0
    }

    public var detentID: String? {
        if case .detent(let d) = self { return d.id }
        return nil
    }
}

/// The release rules (projection, the nearest detent, dismissal below the midpoint, flicks that never settle back), as pure functions of positions in top coordinates (y down).
public enum ReleaseRules {
    /// A release at or above this speed (pt/s) is a flick.
    public static let flickSpeed = 500.0

    /// The projected top p = top + (v/1000)·r/(1 − r); r = 0 turns projection off.
    public static func projectedTop(top: Double, velocity: Double, decelerationRate r: Double) -> Double {
        guard r > 0, r < 1 else { return top }
        return top + velocity / 1000 * r / (1 - r)
    }

    /// The target for a release at `top` with velocity `velocity` (pt/s, positive downward).
    ///
    /// - Parameters:
    ///   - detents: resolved detents, in ascending height.
    ///   - canvasHeight: H in points.
    public static func target(top: Double, velocity: Double, detents: [ResolvedDetent], canvasHeight H: Double,
                              dismissible: Bool, decelerationRate: Double) -> SettleTarget {
        guard let smallest = detents.first else { return .dismiss }
        let p = projectedTop(top: top, velocity: velocity, decelerationRate: decelerationRate)
        func topOf(_ d: ResolvedDetent) -> Double { H - d.height }

        var chosen: SettleTarget
        let dismissLine = (topOf(smallest) + H) / 2
        if dismissible && p > dismissLine {
            chosen = .dismiss
        } else {
            var best = smallest
            for d in detents where abs(topOf(d) - p) < abs(topOf(best) - p) { best = d }
            chosen = .detent(best)
        }

        // A flick never settles against its own direction: it goes at least one position on.
        // The tolerance keeps a velocity of exactly 500 pt/s, estimated in floating point, a flick.
        if abs(velocity) >= flickSpeed - 1e-6 {
            let direction = velocity > 0 ? 1.0 : -1.0
            let epsilon = 0.5
            var ahead: [(top: Double, target: SettleTarget)] = detents
                .map { (topOf($0), SettleTarget.detent($0)) }
                .filter { ($0.top - top) * direction > epsilon }
            if dismissible && direction > 0 && H - top > epsilon { ahead.append((H, .dismiss)) }
            let chosenTop = H - chosen.height
            let chosenIsAhead = (chosenTop - top) * direction > epsilon
            if !chosenIsAhead, let next = ahead.min(by: { abs($0.top - top) < abs($1.top - top) }) {
                chosen = next.target
            }
        }
        return chosen
    }
}

/// How a release chooses where the sheet goes: the `uikit` rule is `ReleaseRules`; the other feels
/// bring their library's rule (`FeelRelease`).
public struct ReleaseRule: Sendable, Equatable {
    /// r, per millisecond; 0 turns projection off (the `uikit` rule only).
    public var decelerationRate: Double
    public var feel: Feel

    public init(decelerationRate: Double, feel: Feel = .uikit) { self.decelerationRate = decelerationRate; self.feel = feel }

    /// Where the rule projects the release to (the top it compares with the detents).
    public func projectedTop(top: Double, velocity: Double) -> Double {
        switch feel {
        case .uikit: return ReleaseRules.projectedTop(top: top, velocity: velocity, decelerationRate: decelerationRate)
        case .gorhom: return top + GorhomFeel.projection * velocity
        case .material: return top + MaterialFeel.hideFriction * velocity
        case .floatingpanel, .vaul, .multiHeight, .blurSheet: return top
        }
    }

    /// The target for a release at `top` with `velocity` (pt/s, down is positive). `startTop` is where the drag
    /// began (vaul counts the drag's length and its starting point from it); `nil` means `top`. `fingerTop` is where
    /// the finger's travel puts the top, before any rubber band (the rules that read the gesture's translation use
    /// it); `nil` means `top`.
    public func target(top: Double, velocity: Double, detents: [ResolvedDetent], canvasHeight: Double, dismissible: Bool,
                       startTop: Double? = nil, fingerTop: Double? = nil) -> SettleTarget {
        var release = FeelRelease(top: top, velocity: velocity, startTop: startTop ?? top, detents: detents,
                                  canvasHeight: canvasHeight, dismissible: dismissible)
        release.fingerTop = fingerTop ?? top
        release.projectionRate = decelerationRate
        switch feel {
        case .uikit:
            return ReleaseRules.target(top: top, velocity: velocity, detents: detents, canvasHeight: canvasHeight,
                                       dismissible: dismissible, decelerationRate: decelerationRate)
        case .floatingpanel: return release.floatingPanel()
        case .gorhom: return release.gorhom()
        case .vaul: return release.vaul()
        case .material: return release.material()
        case .multiHeight: return release.multiHeight()
        case .blurSheet: return release.blurSheet()
        }
    }

    /// Whether the release passes the dismiss point: it would dismiss the sheet if the sheet were dismissible.
    /// A sheet that is not dismissible reports such a release as `dismissAttempt`.
    public func passesDismissPoint(top: Double, velocity: Double, detents: [ResolvedDetent], canvasHeight: Double,
                                   startTop: Double? = nil, fingerTop: Double? = nil) -> Bool {
        target(top: top, velocity: velocity, detents: detents, canvasHeight: canvasHeight, dismissible: true,
               startTop: startTop, fingerTop: fingerTop) == .dismiss
    }
}
