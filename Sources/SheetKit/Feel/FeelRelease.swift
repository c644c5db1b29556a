/// The release rules of the non-UIKit feels (`anchors/feel.md`), as pure functions of one release.
///
/// Positions are tops (y down, 0 at the canvas's top, H at its bottom); velocities are pt/s, down positive.
/// Detents come in ascending height, so their tops descend.
public struct FeelRelease: Sendable, Equatable {
    public var top: Double
    public var velocity: Double
    /// Where the drag began.
    public var startTop: Double
    public var detents: [ResolvedDetent]
    public var canvasHeight: Double
    public var dismissible: Bool

    public init(top: Double, velocity: Double, startTop: Double, detents: [ResolvedDetent], canvasHeight: Double,
                dismissible: Bool) {
        self.top = top; self.velocity = velocity; self.startTop = startTop; self.detents = detents
        self.canvasHeight = canvasHeight; self.dismissible = dismissible
    }

    var H: Double { canvasHeight }
    func topOf(_ d: ResolvedDetent) -> Double { H - d.height }
    /// The detent whose top is nearest `y`.
    func nearest(to y: Double, among list: [ResolvedDetent]? = nil) -> ResolvedDetent {
        (list ?? detents).min { abs(topOf($0) - y) < abs(topOf($1) - y) }!
    }

    // MARK: FloatingPanel 3.x

    /// `Core.targetState` with the default behaviour (`shouldProjectMomentum` false, `redirectionalProgress` 0.5):
    /// the segment of states around the top, oriented by v (at rest, by the drag), goes from `from` to `to` when the
    /// projected top (rate 0.998, trimmed to reach at most one state past the segment) is more than halfway in.
    /// With removal on (dismissible), v / distance-to-hidden ≥ 5.5 per second removes the panel from anywhere.
    public func floatingPanel() -> SettleTarget {
        if dismissible && velocity > 0 && H - top > 0 && velocity / (H - top) >= FloatingPanelFeel.removalRate {
            return .dismiss
        }
        // States by their tops, ascending: most expanded first.
        let states = Array(detents.reversed())
        guard states.count > 1 else { return .detent(detents[0]) }
        let pos = states.map(topOf)
        let forward = velocity != 0 ? velocity > 0 : top > startTop  // toward larger tops (down)
        // `LayoutAdapter.segment(at:forward:)`.
        let upperIndex = forward ? pos.firstIndex { top < $0 } : pos.firstIndex { top <= $0 }
        var lower: Int, upper: Int
        switch upperIndex {
        case 0?: (lower, upper) = (0, 0)
        case let i?: (lower, upper) = (i - 1, i)
        case nil: (lower, upper) = (pos.count - 1, pos.count - 1)
        }
        if lower == upper {
            if forward { upper = min(lower + 1, pos.count - 1) } else { lower = max(upper - 1, 0) }
        }
        let (from, to) = forward ? (lower, upper) : (upper, lower)
        var p = ReleaseRules.projectedTop(top: top, velocity: velocity, decelerationRate: FloatingPanelFeel.projectionRate)
        if forward {
            p = max(min(p, pos[min(to + 1, pos.count - 1)]), pos[from])
        } else {
            p = max(min(p, pos[from]), pos[max(to - 1, 0)])
        }
        let length = abs(pos[from] - pos[to])
        guard length > 0 else { return .detent(states[from]) }
        let progress = abs(p - pos[from]) / length
        return .detent(progress > FloatingPanelFeel.redirectionalProgress ? states[to] : states[from])
    }

    // MARK: gorhom 5.x

    /// The snap point nearest to top + 0.2·v; closed (the canvas's bottom) is a candidate only when dismissible.
    public func gorhom() -> SettleTarget {
        let p = top + GorhomFeel.projection * velocity
        let best = nearest(to: p)
        if dismissible && abs(H - p) < abs(topOf(best) - p) { return .dismiss }
        return .detent(best)
    }

    // MARK: vaul 1.1

    /// `velocity` is the whole drag's average. Fast down closes (or goes to the first point when the drawer is not
    /// dismissible), fast up goes to the last point; a fast-enough short drag moves exactly one point from the
    /// point it started on; otherwise the nearest point.
    public func vaul() -> SettleTarget {
        let dragged = top - startTop  // down is positive
        let draggedUp = dragged < 0
        let speed = abs(velocity)
        if speed > VaulFeel.fastVelocity && !draggedUp && dragged != 0 {
            return dismissible ? .dismiss : .detent(detents[0])
        }
        if speed > VaulFeel.fastVelocity && draggedUp { return .detent(detents.last!) }
        if speed > VaulFeel.velocityThreshold && abs(dragged) < H * VaulFeel.shortDrag && dragged != 0 {
            let start = detents.firstIndex(of: nearest(to: startTop))!
            if draggedUp { return .detent(detents[min(start + 1, detents.count - 1)]) }
            if start == 0 { return dismissible ? .dismiss : .detent(detents[0]) }
            return .detent(detents[start - 1])
        }
        return .detent(nearest(to: top))
    }

    // MARK: Material BottomSheetBehavior

    /// Hide first (projected 0.1 s; more than half the peek past collapsed; and a significant downward velocity
    /// or released low); at rest the nearest state; moving up the next state up; moving down the nearer of the
    /// states below the expanded one.
    public func material() -> SettleTarget {
        let collapsed = detents[0], expanded = detents.last!
        let collapsedTop = topOf(collapsed)
        if dismissible && top >= collapsedTop - 1e-9 {
            let projected = top + MaterialFeel.hideFriction * velocity
            let peek = max(collapsed.height, 1)
            let releasedLow = top > (H + topOf(expanded)) / 2
            if abs(projected - collapsedTop) / peek > MaterialFeel.hideThreshold
                && (velocity > MaterialFeel.significantVelocity || releasedLow) {
                return .dismiss
            }
        }
        if velocity == 0 { return .detent(nearest(to: top)) }
        if velocity < 0 {
            return .detent(detents.first { topOf($0) < top - 1e-9 } ?? expanded)
        }
        let lower = detents.count > 1 ? Array(detents.dropLast()) : detents
        return .detent(nearest(to: top, among: lower))
    }
}
