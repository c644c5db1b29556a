/// The release rules of the non-UIKit feels (docs/feel.md), as pure functions of one release.
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
    /// Where the finger's travel puts the top, before any rubber band: the articles' rules read the gesture's
    /// translation (`top` by default).
    public var fingerTop: Double
    /// FloatingPanel's `momentumProjectionRate` (the config's `decelerationRate`; 0.998 by default).
    public var projectionRate = FloatingPanelFeel.projectionRate

    public init(top: Double, velocity: Double, startTop: Double, detents: [ResolvedDetent], canvasHeight: Double,
                dismissible: Bool) {
        self.top = top; self.velocity = velocity; self.startTop = startTop; self.detents = detents
        self.canvasHeight = canvasHeight; self.dismissible = dismissible; fingerTop = top
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
    /// projected top (rate `momentumProjectionRate`, 0.998 by default, trimmed to reach at most one state past the segment) is more than halfway in.
    /// With removal on (dismissible), v / distance-to-hidden ≥ 5.5 per second removes the panel from anywhere
    /// (`Core.panningEnd`, `shouldRemove`), the hidden position being H + 100 (`LayoutAdapter.hiddenAnchor`).
    public func floatingPanel() -> SettleTarget {
        // `Core.panningEnd`: removalVector = v / |top − position(for: .hidden)|, the hidden position H + 100.
        let toHidden = abs(top - (H + FloatingPanelFeel.hiddenInset))
        if dismissible && velocity > 0 && toHidden > 0 && velocity / toHidden >= FloatingPanelFeel.removalRate {
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
        var p = ReleaseRules.projectedTop(top: top, velocity: velocity, decelerationRate: projectionRate)
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

    /// The snap point nearest to the finger's top + 0.2·v (`snapPoint.ts`); closed (the canvas's bottom) is a
    /// candidate only when dismissible (`enablePanDownToClose`).
    public func gorhom() -> SettleTarget {
        // `handleOnEnd`: rawDestinationPosition = translationY + initialPosition, the finger's travel.
        let p = fingerTop + GorhomFeel.projection * velocity
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

    /// `BottomSheetBehavior.dragCallback.onViewReleased` with `fitToContents` false: collapsed is the smallest detent,
    /// expanded the largest, half-expanded the one between (with more than three, the one between nearest the top;
    /// with two there is none, as with `fitToContents`). Offsets are measured from the expanded top, since
    /// Material's expanded offset is its parent's top. The velocity is `ViewDragHelper.clampMag`'s (under 50 dp/s is 0).
    /// - moving up: half-expanded when the top is below it, else expanded; never hidden;
    /// - `shouldHide` (top at or below collapsed and top + 0.1·v more than half the peek from it): hidden when
    ///   v > 500 or `releasedLow`, else the nearer of expanded and half-expanded;
    /// - at rest: above half, expanded when its distance to expanded is under its distance to **collapsed**, else
    ///   half-expanded; below half, the nearer of half-expanded and collapsed;
    /// - moving down: the nearer of half-expanded and collapsed.
    public func material() -> SettleTarget {
        let v = MaterialFeel.clampMag(velocity)
        let collapsed = detents[0], expanded = detents.last!
        let inner = detents.count > 2 ? Array(detents[1..<(detents.count - 1)]) : []
        let half = inner.isEmpty ? nil : nearest(to: top, among: inner)
        let expandedTop = topOf(expanded), collapsedTop = topOf(collapsed)
        let t = top - expandedTop, c = collapsedTop - expandedTop
        func nearer(_ a: ResolvedDetent, _ b: ResolvedDetent) -> SettleTarget {
            .detent(abs(top - topOf(a)) < abs(top - topOf(b)) ? a : b)
        }
        if v < 0 {
            guard let half else { return .detent(expanded) }
            return .detent(top > topOf(half) ? half : expanded)
        }
        if dismissible && top >= collapsedTop {
            let projected = top + MaterialFeel.hideFriction * v
            if abs(projected - collapsedTop) / max(collapsed.height, 1) > MaterialFeel.hideThreshold {
                if v > MaterialFeel.significantVelocity || top > (H + expandedTop) / 2 { return .dismiss }
                guard let half else { return .detent(expanded) }
                return nearer(expanded, half)
            }
        }
        guard let half else {
            return v == 0 ? nearer(expanded, collapsed) : .detent(collapsed)
        }
        if v == 0 && top < topOf(half) {
            return .detent(t < abs(t - c) ? expanded : half)
        }
        return nearer(half, collapsed)
    }

    // MARK: The presets' articles

    /// multi-height (seed 001, `MultiHeightSheet.dragGesture` `onEnded`): the largest detent's height is cut into as
    /// many equal ranges as there are detents, boundary = Int(maxHeight) / count (integer division); the release
    /// height (the finger's, `Int` of it) in range i, [boundary·i, boundary·(i + 1)) with the last open above, picks
    /// detent i. A height below 0 is in no range: the sheet stays on the detent the drag began at. No velocity.
    public func multiHeight() -> SettleTarget {
        let h = H - fingerTop
        guard h.isFinite, h >= 0 else { return .detent(nearest(to: startTop)) }
        let height = h >= Double(Int.max / 2) ? Int.max / 2 : Int(h.rounded(.towardZero))
        let boundary = Int(detents.last!.height) / detents.count
        for (i, d) in detents.enumerated() {
            let upper = i == detents.count - 1 ? Int.max : boundary * (i + 1)
            if boundary * i <= height && height < upper { return .detent(d) }
        }
        return .detent(nearest(to: startTop))
    }

    /// blur-sheet (seed 003, `DynamicSheetView` `onEnded`): u is the height above the smallest (peek) detent, where
    /// the middle detent is the article's maxHeight / 2 and the largest its top. u > 100 and below the middle: the
    /// middle detent; above the middle: the largest; otherwise `isOpen = translation < 0`: unless the finger moved
    /// up the sheet closes (the smallest detent when it is not dismissible); moved up, the offset is left where it
    /// is, here the detent nearest the release. The finger's travel is what counts; velocity plays no part.
    public func blurSheet() -> SettleTarget {
        let h = H - fingerTop
        let peek = detents[0], largest = detents.last!
        let middle = detents.count > 2 ? detents[detents.count / 2] : largest
        let u = h - peek.height, midU = middle.height - peek.height
        if u > ArticleFeel.peekZone && u < midU { return .detent(middle) }
        if u > midU { return .detent(largest) }
        if fingerTop - startTop < 0 { return .detent(nearest(to: fingerTop)) }
        return dismissible ? .dismiss : .detent(peek)
    }
}
