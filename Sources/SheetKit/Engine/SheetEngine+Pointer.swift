import Velocity

/// Pointer handling: drags of the sheet, the scroll handoff between sheet and content, taps and background pans.
extension SheetEngine {
    /// What the last move of a drag moved.
    enum Moved: Sendable { case none, sheet, content }

    struct PointerSession: Sendable {
        var down: Point
        var downTime: Double
        var hit: HitTarget
        var tracker = VelocityTracker()
        var dragging = false
        var caught = false
        var panning = false
        /// The pointer is on content that can scroll.
        var scrollable = false
        /// Where the last tracked move was; moves are applied as deltas from here.
        var lastY = 0.0
        /// The sheet's raw height and the content's raw offset: the finger moves these 1:1, and they are
        /// shown through the sheet's and the content's rubber bands.
        var rawHeight = 0.0
        var rawScroll = 0.0
        var lastMoved = Moved.none
        var startPan = Point(0, 0)
        /// The sheet's top when the finger went down (vaul's release counts from it).
        var startTop = 0.0
    }

    /// The sheet's raw velocity under a finger, in height units per second (up is positive).
    func sheetRawVelocity(_ p: PointerSession) -> Double { -p.tracker.velocity }

    mutating func pointerDown(_ p: Point, at t: Double) -> [TimedEvent] {
        guard pointer == nil else { return [] }
        let hit = hitTest(p)
        // A new gesture on the sheet ends gorhom's blur residue: the sheet's own detents again.
        if hit.isSheet { clearKeyboardResidue() }
        var session = PointerSession(down: p, downTime: t, hit: hit)
        session.tracker.add(time: t, y: p.y)
        session.lastY = p.y
        session.startTop = top
        if session.hit.isSheet {
            if phase == .settling || scroll != nil {
                // A grab mid-flight catches the sheet, and the content, where they are.
                if scroll != nil && phase != .settling { session.lastMoved = .content }
                session.caught = true
                animation = nil
                fade = nil
                settleTarget = nil
                scroll = nil
                phase = .dragging
                restingDetent = nil
            }
            session.rawHeight = rawHeight(shown: height)
            session.rawScroll = contentBand.raw(shown: contentOffset)
            if case .content = session.hit, maxContentOffset > 0 { session.scrollable = true }
        } else {
            session.startPan = backgroundOffset
        }
        pointer = session
        return []
    }

    /// `sample`: whether this position is a velocity sample (an up that repeats the last position is not).
    @discardableResult
    mutating func pointerMove(_ p: Point, at t: Double, sample: Bool = true) -> [TimedEvent] {
        guard var s = pointer else { return [] }
        var events: [TimedEvent] = []
        if sample { s.tracker.add(time: t, y: p.y) } else { s.tracker.lift(at: t) }
        if s.hit.isSheet {
            if !s.dragging && abs(p.y - s.down.y) > Self.dragSlop {
                s.dragging = true
                phase = .dragging
                restingDetent = nil
                // keyboardDismissMode .onDrag: the keyboard goes as the drag starts; the sheet stays under the finger.
                if setup.sheet.keyboard.dismissOnDrag && (keyboard.shown || focusedField != nil) {
                    pointer = s
                    events += blur(at: t, byGesture: true)
                }
            }
            if s.dragging || s.caught { track(&s, to: p) }
        } else if s.hit == .background {
            // The background pans only beyond the tap distance, so a tap that wobbles stays a tap.
            if !s.panning && p.distance(to: s.down) > Self.tapDistance { s.panning = true }
            if s.panning { backgroundOffset = Point(s.startPan.x + p.x - s.down.x, s.startPan.y + p.y - s.down.y) }
        }
        pointer = s
        return events
    }

    /// Applies the finger's move since the last one to the sheet or the content, never more than the finger moved.
    ///
    /// The grabber, and content that cannot scroll, move the sheet. Scrollable content follows UIKit's
    /// `prefersScrollingExpandsWhenScrolledToEdge` (`scrollingExpandsSheet`): moving up, the sheet expands to
    /// its largest detent first and the content scrolls with the rest; moving down at the largest detent, the
    /// content scrolls back to its top first and the sheet moves with the rest. Below the largest detent the
    /// content keeps its scroll while the sheet moves. With `scrollingExpandsSheet` false the content scrolls
    /// at every detent and the sheet stays. Both are shown through their rubber bands.
    private mutating func track(_ s: inout PointerSession, to p: Point) {
        var d = s.lastY - p.y  // up is positive: the height and the offset grow
        s.lastY = p.y
        if d == 0 { return }
        if case .grabber = s.hit { s.rawHeight += d; s.lastMoved = .sheet }
        else if !s.scrollable { s.rawHeight += d; s.lastMoved = .sheet }
        else if !setup.sheet.scrollingExpandsSheet { s.rawScroll += d; s.lastMoved = .content }
        else {
            let largest = setup.largest.height
            if d > 0 {
                if s.rawHeight < largest {
                    let take = min(d, largest - s.rawHeight)
                    s.rawHeight += take; d -= take; s.lastMoved = .sheet
                }
                if d > 0 { s.rawScroll += d; s.lastMoved = .content }
            } else {
                if s.rawScroll > 0 && s.rawHeight >= largest - 1e-9 {
                    let take = min(-d, s.rawScroll)
                    s.rawScroll -= take; d += take; s.lastMoved = .content
                }
                if d < 0 { s.rawHeight += d; s.lastMoved = .sheet }
            }
        }
        height = shownHeight(raw: s.rawHeight)
        contentOffset = contentBand.shown(raw: s.rawScroll)
    }

    mutating func pointerUp(_ p: Point, at t: Double) -> [TimedEvent] {
        guard let before = pointer else { return [] }
        // An up where the last move was adds no motion, and a window delivers it a frame or two late: it
        // only dates the lift-off, which matters when the finger rested before lifting.
        var events = pointerMove(p, at: t, sample: p.y != before.lastY)
        let s = pointer!
        pointer = nil
        // A tap is judged by its down and up alone; only a drag of the sheet outranks it.
        let isTap = !s.dragging && p.distance(to: s.down) <= Self.tapDistance && t - s.downTime <= Self.tapDuration
        switch s.hit {
        case .grabber, .content:
            if s.dragging || s.caught {
                let v = s.tracker.velocity
                if s.lastMoved == .content {
                    // The content carries on; the sheet stays on its detent (or goes to the nearest, unhurried).
                    let d = setup.nearestDetent(to: height)
                    events += abs(height - d.height) < 0.01 ? arrive(at: .detent(d), time: t) : settle(to: .detent(d), velocity: 0, at: t)
                    scroll = ScrollMomentum(start: t, from: s.rawScroll, velocity: v == 0 ? 0 : -v,
                                            decelerationRate: setup.sheet.motion.decelerationRate, band: contentBand)
                } else {
                    // vaul's velocity is the whole drag's: its distance over its time.
                    let feelV = setup.feel.usesAverageVelocity
                        ? (t > s.downTime ? (p.y - s.down.y) / ((t - s.downTime) / 1000) : 0) : v
                    events += release(velocity: feelV, rawHeight: s.rawHeight, startTop: s.startTop, at: t)
                    if contentOffset < 0 || contentOffset > maxContentOffset {
                        scroll = ScrollMomentum(start: t, from: s.rawScroll, velocity: 0, decelerationRate: 0, band: contentBand)
                    }
                }
            } else if isTap {
                events += activate(s.hit, at: t)
            }
        case .background:
            if s.panning && !isTap {
                events.append(TimedEvent(time: t, event: .backgroundPan(dx: p.x - s.down.x, dy: p.y - s.down.y)))
            } else if isTap {
                events += blur(at: t)
                backgroundOffset = s.startPan
                lastBackgroundTap = BackgroundTap(point: p, time: t, sequence: (lastBackgroundTap?.sequence ?? 0) + 1,
                                                  pan: backgroundOffset)
                events.append(TimedEvent(time: t, event: .backgroundTap(p)))
            }
        case .dimming:
            if isTap {
                events += blur(at: t)
                events.append(TimedEvent(time: t, event: .dimmingTap(p)))
                if setup.sheet.dismissible && setup.sheet.tapOutsideToDismiss {
                    events += crossFades ? crossFade(to: .dismiss, at: t) : settle(to: .dismiss, velocity: 0, at: t)
                } else {
                    events.append(TimedEvent(time: t, event: .dismissAttempt))
                }
            }
        }
        return events
    }

    /// Releases the sheet at finger velocity `v` (pt/s, positive downward): the rule picks the target, and the
    /// settle starts from the sheet's raw position with the finger's velocity, so the shown motion continues
    /// with the sheet's own velocity (banded inside a rubber band).
    private mutating func release(velocity v: Double, rawHeight raw: Double, startTop: Double, at t: Double) -> [TimedEvent] {
        let H = setup.canvas.height
        // Where the finger's travel puts the top, before the band (the articles' rules read the translation).
        let fingerTop = H - raw
        var keyboardEvents: [TimedEvent] = []
        if let decided = keyboardRelease(velocity: v, startTop: startTop, fingerTop: fingerTop, at: t, events: &keyboardEvents) {
            return keyboardEvents + decided
        }
        let rule = setup.releaseRule
        var target = rule.target(top: top, velocity: v, detents: setup.detents, canvasHeight: H,
                                 dismissible: setup.sheet.dismissible, startTop: startTop, fingerTop: fingerTop)
        let lowered = keyboardReleaseTarget(target, at: t)
        target = lowered.0
        keyboardEvents += lowered.1
        let release = Release(time: t, top: top, velocity: v, projectedTop: rule.projectedTop(top: top, velocity: v), target: target)
        lastRelease = release
        var events = [TimedEvent(time: t, event: .release(release))] + keyboardEvents
        // A sheet that is not dismissible rubber-bands below its smallest detent, so its shown top never reaches the
        // dismiss point (≤ 788 pt against 792 on the iPhone 15): the attempt is judged on the finger's travel, where
        // the top would be without the band. One release, one `dismissAttempt`.
        if !setup.sheet.dismissible && rule.passesDismissPoint(top: max(top, fingerTop), velocity: v, detents: setup.detents,
                                                                canvasHeight: H, startTop: startTop, fingerTop: fingerTop) {
            events.append(TimedEvent(time: t, event: .dismissAttempt))
        }
        // Height grows upward, so the spring starts with the opposite sign of the pointer's velocity.
        return events + settle(to: target, velocity: -v, at: t, fromGesture: true)
    }

    private mutating func activate(_ hit: HitTarget, at t: Double) -> [TimedEvent] {
        guard phase != .dismissed else { return [] }
        switch hit {
        case .grabber:
            // As on iOS, tapping the grabber steps through the detents.
            guard phase == .idle else { return [] }
            let next = setup.detents.first { $0.height > height + 0.5 } ?? setup.smallest
            return next.height == height ? [] : settle(to: .detent(next), velocity: 0, at: t)
        case .content(let target?) where target.kind == .field:
            return focus(target.element, at: t)
        case .content(nil):
            // A tap on the sheet beside its controls ends the editing, as a tap outside a field does.
            return blur(at: t)
        case .content(let target?):
            var events: [TimedEvent] = []
            if target.kind == .button || target.action != .none {
                events.append(TimedEvent(time: t, event: .action(target.action.description)))
            }
            switch target.action {
            case .dismiss: events += handleOwn(.dismiss, at: t)
            case .select(let id): events += handleOwn(.select(id), at: t)
            // The stack presents it, over this sheet (`SheetEngine+Stack`).
            case .present(let id): requestedPresent = id
            case .none: break
            }
            return events
        default:
            return []
        }
    }
}
