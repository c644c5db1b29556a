/// What the sheet is doing.
public enum SheetPhase: String, Sendable {
    case idle, dragging, settling, dismissed
}

/// Something the engine reports (SPEC §6).
public enum SheetEvent: Sendable, Equatable {
    /// The sheet came to rest on a detent other than the last one it rested on.
    case detent(String)
    case dismissed
    case presented
    /// A tap that reached the background, in canvas points.
    case backgroundTap(Point)
    /// A drag on the background ended, having moved it by this much.
    case backgroundPan(dx: Double, dy: Double)
    /// A tap on the dimming, which the background did not get.
    case dimmingTap(Point)
    /// A content element was activated.
    case action(String)
    /// A drag on the sheet ended: where, how fast, and where the engine sent it.
    case release(SheetEngine.Release)
}

public struct TimedEvent: Sendable, Equatable {
    /// Milliseconds on the clock.
    public var time: Double
    public var event: SheetEvent
    public init(time: Double, event: SheetEvent) { self.time = time; self.event = event }
}

/// An input to the engine: pointer events and programmatic control.
public enum SheetInput: Sendable, Equatable {
    case pointerDown(Point)
    case pointerMove(Point)
    case pointerUp(Point)
    case present
    case dismiss
    case select(String)
    case reload(SheetSetup)
}

/// The sheet's state machine: every decision of SPEC §4, driven by inputs on a clock it is given.
///
/// It never reads a wall clock. The window and `simulate` both feed it the same inputs, so
/// they cannot disagree.
public struct SheetEngine: Sendable {
    /// A vertical move beyond this (points) turns a press into a drag.
    public static let dragSlop = 4.0
    /// A tap's down and up are within this distance (points) …
    public static let tapDistance = 10.0
    /// … and this time (milliseconds).
    public static let tapDuration = 300.0

    public private(set) var setup: SheetSetup
    /// The clock, in milliseconds.
    public private(set) var time: Double = 0
    /// Visible height in points.
    public private(set) var height: Double
    public private(set) var phase: SheetPhase
    /// The detent the sheet rests on; `nil` unless idle.
    public private(set) var restingDetent: String?
    /// Where a settle is going.
    public private(set) var settleTarget: SettleTarget?
    /// How far the content is scrolled, in points.
    public private(set) var contentOffset = 0.0
    /// How far the background has been panned, in points.
    public private(set) var backgroundOffset = Point(0, 0)
    /// The last tap the background received: which, where, when, and at what pan.
    public private(set) var lastBackgroundTap: BackgroundTap?
    /// The release of the last drag: where it was, how fast, and where it projected to.
    public private(set) var lastRelease: Release?
    /// Settles that start from now on play this many times slower (slow motion); gestures are unaffected.
    public var timeScale = 1.0

    private var animation: SettleAnimation?
    private var scroll: ScrollMomentum?
    private var pointer: PointerSession?
    private var lastRested: String?
    private var awaitingPresented = false

    public struct Release: Sendable, Equatable {
        public var time: Double
        public var top: Double
        /// Points per second, positive downward.
        public var velocity: Double
        public var projectedTop: Double
        public var target: SettleTarget
    }

    struct PointerSession: Sendable {
        var down: Point
        var downTime: Double
        var hit: HitTarget
        var tracker = VelocityTracker()
        var dragging = false
        var caught = false
        var panning = false
        var scrollMode = false
        var startRaw = 0.0
        var startOffset = 0.0
        var startPan = Point(0, 0)
    }

    public init(setup: SheetSetup) {
        self.setup = setup
        if setup.sheet.presented {
            height = setup.initialDetent.height
            phase = .idle
            restingDetent = setup.initialDetent.id
            lastRested = setup.initialDetent.id
        } else {
            height = 0
            phase = .dismissed
        }
    }

    // MARK: - Derived state

    public var top: Double { setup.canvas.height - height }

    public var dim: Double {
        Dimming.amount(height: height, detents: setup.detents, largestUndimmed: setup.largestUndimmed,
                       opacity: setup.sheet.dimming.opacity)
    }

    /// The sheet's opacity: below 1 only while a `slideAndFade` sheet rises or leaves.
    public var alpha: Double {
        Dimming.sheetAlpha(height: height, reference: setup.initialDetent.height,
                           fades: setup.sheet.transition == .slideAndFade)
    }

    /// Nothing is animating. A pointer held still counts as rest.
    public var isAtRest: Bool { animation == nil && scroll == nil }

    public var isPointerDown: Bool { pointer != nil }

    /// Whether a pointer is dragging the sheet or panning the background right now.
    public var isTracking: Bool { pointer.map { $0.dragging || $0.caught || $0.panning } ?? false }

    /// The sheet's vertical velocity in points per second, positive downward (top coordinates).
    public var velocity: Double {
        if let a = animation { return -a.sample(at: time).velocity }
        if let p = pointer, p.dragging || p.caught { return p.tracker.velocity }
        return 0
    }

    /// The scroll range of the content at the largest detent.
    public var maxContentOffset: Double {
        let viewport = setup.largest.height - setup.bandHeight
        return max(0, setup.layout.contentHeight + setup.canvas.safeBottom - viewport)
    }

    public func hitTest(_ p: Point) -> HitTarget {
        HitTest.target(at: p, setup: setup, height: height, contentOffset: contentOffset, dim: dim)
    }

    // MARK: - The reducer

    /// Applies `input` at `time` ms (after advancing the clock to it) and returns the events, in order.
    public mutating func handle(_ input: SheetInput, at time: Double) -> [TimedEvent] {
        var events = advance(to: time)
        let t = self.time
        switch input {
        case .pointerDown(let p): events += pointerDown(p, at: t)
        case .pointerMove(let p): pointerMove(p, at: t)
        case .pointerUp(let p): events += pointerUp(p, at: t)
        case .present:
            if phase == .dismissed || settleTarget == .dismiss {
                cancelSheetPointer()
                awaitingPresented = true
                events += settle(to: .detent(setup.initialDetent), velocity: 0, at: t)
            }
        case .dismiss:
            if phase != .dismissed && settleTarget != .dismiss {
                cancelSheetPointer()
                events += settle(to: .dismiss, velocity: 0, at: t)
            }
        case .select(let id):
            if phase != .dismissed, let d = setup.detent(id), !(phase == .idle && restingDetent == id) {
                cancelSheetPointer()
                events += settle(to: .detent(d), velocity: 0, at: t)
            }
        case .reload(let newSetup):
            events += reload(newSetup, at: t)
        }
        return events
    }

    /// Moves the clock on to `time` ms, running animations, and returns what happened on the way.
    public mutating func advance(to newTime: Double) -> [TimedEvent] {
        guard newTime >= time else { return [] }
        var events: [TimedEvent] = []
        if let a = animation, let target = settleTarget {
            let s = a.sample(at: newTime)
            if s.done {
                events += arrive(at: target, time: a.endTime.map { min($0, newTime) } ?? newTime)
            } else if target == .dismiss && s.value <= 0 {
                events += arrive(at: .dismiss, time: newTime)
            } else {
                height = max(s.value, 0)
            }
        }
        if let m = scroll {
            let s = m.sample(at: newTime)
            contentOffset = s.offset
            if s.done { scroll = nil }
        }
        time = newTime
        return events
    }

    // MARK: - Pointer

    private mutating func pointerDown(_ p: Point, at t: Double) -> [TimedEvent] {
        guard pointer == nil else { return [] }
        var session = PointerSession(down: p, downTime: t, hit: hitTest(p))
        session.tracker.add(time: t, y: p.y)
        if session.hit.isSheet {
            if phase == .settling || scroll != nil {
                // A grab mid-flight catches the sheet where it is.
                session.caught = true
                animation = nil
                settleTarget = nil
                scroll = nil
                phase = .dragging
                restingDetent = nil
            }
            session.startRaw = rawHeight(shown: height)
            session.startOffset = contentOffset
            if case .content = session.hit, maxContentOffset > 0 { session.scrollMode = true }
        } else {
            session.startPan = backgroundOffset
        }
        pointer = session
        return []
    }

    private mutating func pointerMove(_ p: Point, at t: Double) {
        guard var s = pointer else { return }
        s.tracker.add(time: t, y: p.y)
        if s.hit.isSheet {
            if !s.dragging && abs(p.y - s.down.y) > Self.dragSlop {
                s.dragging = true
                phase = .dragging
                restingDetent = nil
            }
            if s.dragging || s.caught { track(s, to: p) }
        } else if s.hit == .background {
            // The background pans only beyond the tap distance, so a tap that wobbles stays a tap.
            if !s.panning && p.distance(to: s.down) > Self.tapDistance { s.panning = true }
            if s.panning { backgroundOffset = Point(s.startPan.x + p.x - s.down.x, s.startPan.y + p.y - s.down.y) }
        }
        pointer = s
    }

    /// Follows the pointer 1:1, rubber-banding past the ends, and hands over to content scrolling at the top.
    private mutating func track(_ s: PointerSession, to p: Point) {
        let g = s.startRaw + s.startOffset + (s.down.y - p.y)
        let largest = setup.largest.height
        if s.scrollMode && g > largest {
            height = largest
            contentOffset = min(g - largest, maxContentOffset)
        } else {
            height = shownHeight(raw: g)
            contentOffset = 0
        }
    }

    private mutating func pointerUp(_ p: Point, at t: Double) -> [TimedEvent] {
        guard pointer != nil else { return [] }
        pointerMove(p, at: t)
        let s = pointer!
        pointer = nil
        // A tap is judged by its down and up alone (SPEC §4.4); only a drag of the sheet outranks it.
        let isTap = !s.dragging && p.distance(to: s.down) <= Self.tapDistance && t - s.downTime <= Self.tapDuration
        var events: [TimedEvent] = []
        switch s.hit {
        case .grabber, .content:
            if s.dragging || s.caught {
                let v = s.tracker.velocity
                if s.scrollMode && contentOffset > 0 {
                    events += arrive(at: .detent(setup.largest), time: t)
                    scroll = ScrollMomentum(start: t, from: contentOffset, velocity: -v,
                                            decelerationRate: setup.sheet.motion.decelerationRate, maxOffset: maxContentOffset)
                } else {
                    events += release(velocity: v, at: t)
                }
            } else if isTap {
                events += activate(s.hit, at: t)
            }
        case .background:
            if s.panning && !isTap {
                events.append(TimedEvent(time: t, event: .backgroundPan(dx: p.x - s.down.x, dy: p.y - s.down.y)))
            } else if isTap {
                backgroundOffset = s.startPan
                lastBackgroundTap = BackgroundTap(point: p, time: t, sequence: (lastBackgroundTap?.sequence ?? 0) + 1,
                                                  pan: backgroundOffset)
                events.append(TimedEvent(time: t, event: .backgroundTap(p)))
            }
        case .dimming:
            if isTap {
                events.append(TimedEvent(time: t, event: .dimmingTap(p)))
                if setup.sheet.dismissible && setup.sheet.tapOutsideToDismiss {
                    events += settle(to: .dismiss, velocity: 0, at: t)
                }
            }
        }
        return events
    }

    private mutating func release(velocity v: Double, at t: Double) -> [TimedEvent] {
        let motion = setup.sheet.motion
        let target = ReleaseRules.target(top: top, velocity: v, detents: setup.detents, canvasHeight: setup.canvas.height,
                                         dismissible: setup.sheet.dismissible, decelerationRate: motion.decelerationRate)
        let release = Release(time: t, top: top, velocity: v,
                              projectedTop: ReleaseRules.projectedTop(top: top, velocity: v, decelerationRate: motion.decelerationRate),
                              target: target)
        lastRelease = release
        // Height grows upward, so the spring starts with the opposite sign of the pointer's velocity.
        return [TimedEvent(time: t, event: .release(release))] + settle(to: target, velocity: -v, at: t)
    }

    private mutating func activate(_ hit: HitTarget, at t: Double) -> [TimedEvent] {
        guard phase != .dismissed else { return [] }
        switch hit {
        case .grabber:
            // As on iOS, tapping the grabber steps through the detents.
            guard phase == .idle else { return [] }
            let next = setup.detents.first { $0.height > height + 0.5 } ?? setup.smallest
            return next.height == height ? [] : settle(to: .detent(next), velocity: 0, at: t)
        case .content(let target?):
            var events: [TimedEvent] = []
            if target.kind == .button || target.action != .none {
                events.append(TimedEvent(time: t, event: .action(target.action.description)))
            }
            switch target.action {
            case .dismiss: events += handle(.dismiss, at: t)
            case .select(let id): events += handle(.select(id), at: t)
            case .none: break
            }
            return events
        default:
            return []
        }
    }

    private mutating func cancelSheetPointer() {
        if pointer?.hit.isSheet == true { pointer = nil }
    }

    // MARK: - Settling

    private mutating func settle(to target: SettleTarget, velocity: Double, at t: Double) -> [TimedEvent] {
        scroll = nil
        if abs(height - target.height) < 0.01 && abs(velocity) < SettleAnimation.restSpeed {
            return arrive(at: target, time: t)
        }
        animation = SettleAnimation(from: height, to: target.height, start: t, curve: setup.motion, velocity: velocity)
        animation?.timeScale = timeScale
        settleTarget = target
        phase = .settling
        restingDetent = nil
        return []
    }

    private mutating func arrive(at target: SettleTarget, time t: Double) -> [TimedEvent] {
        animation = nil
        settleTarget = nil
        switch target {
        case .dismiss:
            height = 0
            phase = .dismissed
            restingDetent = nil
            lastRested = nil
            contentOffset = 0
            scroll = nil
            awaitingPresented = false
            return [TimedEvent(time: t, event: .dismissed)]
        case .detent(let d):
            height = d.height
            phase = .idle
            restingDetent = d.id
            var events: [TimedEvent] = []
            if awaitingPresented {
                awaitingPresented = false
                events.append(TimedEvent(time: t, event: .presented))
            }
            if d.id != lastRested { events.append(TimedEvent(time: t, event: .detent(d.id))) }
            lastRested = d.id
            return events
        }
    }

    private mutating func reload(_ newSetup: SheetSetup, at t: Double) -> [TimedEvent] {
        let currentID = settleTarget?.detentID ?? restingDetent
        let wasDismissing = settleTarget == .dismiss
        setup = newSetup
        cancelSheetPointer()
        contentOffset = min(contentOffset, maxContentOffset)
        if phase == .dismissed {
            height = 0
            return []
        }
        if wasDismissing { return settle(to: .dismiss, velocity: 0, at: t) }
        let target = currentID.flatMap { newSetup.detent($0) } ?? newSetup.nearestDetent(to: height)
        return settle(to: .detent(target), velocity: 0, at: t)
    }

    // MARK: - Rubber band

    /// The height shown for a raw drag height: 1:1 between the detents, rubber-banded past them.
    public func shownHeight(raw: Double) -> Double {
        let lo = setup.smallest.height, hi = setup.largest.height
        let H = setup.canvas.height, c = setup.sheet.motion.rubberBand
        var h = raw
        if raw > hi {
            h = hi + RubberBand.shown(raw - hi, coefficient: c, dimension: H)
        } else if raw < lo && !setup.sheet.dismissible {
            h = lo - RubberBand.shown(lo - raw, coefficient: c, dimension: H)
        }
        // The bottom edge never leaves the canvas's bottom edge: the sheet stretches, it never lifts.
        return max(h, 0)
    }

    /// The inverse of `shownHeight`, so that a caught sheet tracks from where it is shown.
    public func rawHeight(shown h: Double) -> Double {
        let lo = setup.smallest.height, hi = setup.largest.height
        let H = setup.canvas.height, c = setup.sheet.motion.rubberBand
        if h > hi { return hi + RubberBand.raw(h - hi, coefficient: c, dimension: H) }
        if h < lo && !setup.sheet.dismissible { return lo - RubberBand.raw(lo - h, coefficient: c, dimension: H) }
        return h
    }
}
