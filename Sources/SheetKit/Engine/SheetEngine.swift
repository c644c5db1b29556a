/// What the sheet is doing.
public enum SheetPhase: String, Sendable {
    case idle, dragging, settling, dismissed
}

/// Something the engine reports.
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
    /// A sheet that may not be dismissed this way was asked to be: dragged or flicked past its dismiss point
    /// while not `dismissible`, or its dimming tapped while not both `dismissible` and `tapOutsideToDismiss`
    /// (UIKit's `presentationControllerDidAttemptToDismiss`).
    case dismissAttempt
    /// A content element was activated.
    case action(String)
    /// The keyboard came to rest, shown (its height in points) or hidden (0).
    case keyboard(Double)
    /// A text field was focused (its content index).
    case focus(Int)
    /// The focused field's editing ended (its content index).
    case blur(Int)
    /// Text was typed into a field: its content index and its whole text now.
    case text(field: Int, text: String)
    /// A drag on the sheet ended: where, how fast, and where the engine sent it.
    case release(SheetEngine.Release)
    /// gorhom's `switch`: the sheet went off screen under one presented over it, and remembers its detent.
    case minimized
    /// It came back, to the detent it had, when the one over it went.
    case restored(String?)
    /// A reload kept these stacked sheets (bottom up) and dropped those, which its `sheets` no longer has.
    case stack(kept: [String], dropped: [String])
}

public struct TimedEvent: Sendable, Equatable {
    /// Milliseconds on the clock.
    public var time: Double
    public var event: SheetEvent
    /// The id, in the config's `sheets`, of the stacked sheet it happened to; `nil` for the first sheet.
    public var sheet: String?
    public init(time: Double, event: SheetEvent, sheet: String? = nil) { self.time = time; self.event = event; self.sheet = sheet }
}

/// An input to the engine: pointer events and programmatic control.
public enum SheetInput: Sendable, Equatable {
    case pointerDown(Point)
    case pointerMove(Point)
    case pointerUp(Point)
    case present
    case dismiss
    case select(String)
    /// Presents the sheet of the config's `sheets` with this id over the topmost one (`SheetEngine+Stack`).
    case presentSheet(String)
    case reload(SheetSetup)
    /// Shows the keyboard for the focused field, else the first text field; hides it and ends the focus.
    case keyboard(show: Bool)
    /// Types into the focused field: characters are appended, each backspace (U+0008) removes the last one.
    case type(String)
}

/// The sheet's state machine: every drag, release, settle, tap and dimming decision, driven by inputs on a clock it is given.
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

    /// The setup in force: `baseSetup` with its detents where the keyboard puts them while it is up
    /// (`SheetSetup.withKeyboard`).
    public internal(set) var setup: SheetSetup
    /// The setup as the config resolves it, with no keyboard.
    public internal(set) var baseSetup: SheetSetup
    /// The clock, in milliseconds.
    public internal(set) var time: Double = 0
    /// Visible height in points.
    public internal(set) var height: Double
    public internal(set) var phase: SheetPhase
    /// The detent the sheet rests on; `nil` unless idle.
    public internal(set) var restingDetent: String?
    /// Where a settle is going.
    public internal(set) var settleTarget: SettleTarget?
    /// How far the content is scrolled, in points; below 0 or above `maxContentOffset` while it rubber-bands.
    public internal(set) var contentOffset = 0.0
    /// How far the background has been panned, in points.
    public internal(set) var backgroundOffset = Point(0, 0)
    /// The last tap the background received: which, where, when, and at what pan.
    public internal(set) var lastBackgroundTap: BackgroundTap?
    /// The release of the last drag: where it was, how fast, and where it projected to.
    public internal(set) var lastRelease: Release?
    /// Settles that start from now on play this many times slower (slow motion); gestures are unaffected.
    public var timeScale = 1.0

    var animation: SettleAnimation?
    /// A presentation or dismissal that cross-fades in place instead of sliding (Reduce Motion).
    var fade: CrossFade?
    var scroll: ScrollMomentum?
    var pointer: PointerSession?
    var lastRested: String?
    var awaitingPresented = false
    var dimCarry: DimCarry?
    /// The software keyboard: up or going up, how much of it shows, its animation.
    public internal(set) var keyboard = KeyboardState()
    /// The focused text field's content index.
    public internal(set) var focusedField: Int?
    /// Text typed into fields, by content index; a field not here shows its config's text.
    public internal(set) var fieldTexts: [Int: String] = [:]
    /// gorhom's `keyboardBlurBehavior: none`: the keyboard went down without a gesture and the sheet stays where it
    /// put it (the keyboard's detents stay in force) until the next gesture or programmatic change.
    var keyboardResidue = false
    /// When the focused field was last focused or typed into: its caret is solid then and blinks after.
    public internal(set) var lastFieldEdit = 0.0
    /// The sheets presented over this one, bottom up (`SheetEngine+Stack`); empty in those sheets' own engines.
    public internal(set) var stack: [StackedSheet] = []
    /// A `present` a content element of this sheet asked for, for the stack to carry out.
    var requestedPresent: String?
    /// Which level a pointer went down on: nil for this sheet, else an index into `stack`.
    var pointerLevel: Int?

    public struct Release: Sendable, Equatable {
        public var time: Double
        public var top: Double
        /// Points per second, positive downward: the finger's velocity at lift-off.
        public var velocity: Double
        public var projectedTop: Double
        public var target: SettleTarget
    }

    public init(setup: SheetSetup) {
        self.setup = setup
        baseSetup = setup
        if setup.sheet.presented {
            if let field = setup.initiallyFocusedField {
                // Focused as it appears: at rest with the keyboard up, on the detent where the keyboard puts it.
                focusedField = field
                keyboard = KeyboardState(shown: true, visible: setup.keyboardHeight)
                self.setup = setup.withKeyboard(setup.keyboardHeight)
            }
            height = self.setup.initialDetent.height
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
        let base = Dimming.amount(height: height, detents: setup.detents, largestUndimmed: setup.largestUndimmed,
                                  opacity: setup.dimmingOpacity) * fadeAlpha
        guard let carry = dimCarry else { return base }
        return min(max(base + carry.amount(at: height), 0), setup.dimmingOpacity)
    }

    /// How far a cross-fade has brought the sheet and its dimming in, 0…1; 1 when none runs.
    var fadeAlpha: Double { fade?.alpha(at: time) ?? 1 }

    /// The dimming of the sheet's target state: the detent it rests on or is settling to, else where it is.
    /// Hit testing decides by this, as UIKit hit-tests the model layer rather than the animation.
    public var targetDim: Double {
        guard let target = settleTarget else { return dim }
        return Dimming.amount(height: target.height, detents: setup.detents, largestUndimmed: setup.largestUndimmed,
                              opacity: setup.dimmingOpacity)
    }

    /// The sheet's opacity: below 1 only while a `slideAndFade` sheet appears (fading in over its whole rise to
    /// the initial detent, as SwiftUI's `.opacity` insertion transition runs with the move) or sinks below its
    /// lowest detent, or while a Reduce Motion cross-fade runs; opaque at rest on every detent.
    public var alpha: Double {
        let lowest = setup.detents.map(\.height).min() ?? setup.initialDetent.height
        return Dimming.sheetAlpha(height: height, reference: awaitingPresented ? setup.initialDetent.height : lowest,
                           fades: setup.sheet.transition == .slideAndFade) * fadeAlpha
    }

    /// Nothing is animating, in this sheet or any stacked over it. A pointer held still counts as rest.
    public var isAtRest: Bool { ownIsAtRest && stack.allSatisfy { $0.engine.ownIsAtRest } }

    /// This sheet alone is not animating.
    var ownIsAtRest: Bool { animation == nil && fade == nil && scroll == nil && keyboard.animation == nil }

    public var isPointerDown: Bool { pointer != nil }

    /// Whether a pointer is dragging the sheet or panning the background right now.
    public var isTracking: Bool { pointer.map { $0.dragging || $0.caught || $0.panning } ?? false }

    /// The sheet's own vertical velocity in points per second, positive downward (top coordinates): inside a
    /// rubber band, the finger's velocity times the band's slope there; 0 while the finger scrolls the content.
    public var velocity: Double {
        if let a = animation { return -a.sample(at: time).velocity }
        if let p = pointer, p.dragging || p.caught { return p.lastMoved == .content ? 0 : -sheetRawVelocity(p) * sheetBand.slope(raw: p.rawHeight) }
        return 0
    }

    /// The scroll range of the content at the largest detent.
    public var maxContentOffset: Double {
        max(0, setup.layout.contentHeight + setup.contentBottomInset - setup.contentViewport)
    }

    /// The sheet's drag band: above the largest detent, and below the smallest when the sheet is not dismissible.
    public var sheetBand: BandedRange {
        BandedRange(lower: setup.sheet.dismissible ? nil : setup.smallest.height, upper: setup.largest.height,
                    coefficient: setup.sheet.motion.rubberBand, dimension: setup.canvas.height)
    }

    /// The content's band: past its top (0) and its end (`maxContentOffset`), over the viewport's height.
    public var contentBand: BandedRange {
        BandedRange(lower: 0, upper: maxContentOffset, coefficient: setup.sheet.motion.rubberBand,
                    dimension: setup.contentViewport)
    }

    public func hitTest(_ p: Point) -> HitTarget {
        HitTest.target(at: p, setup: setup, height: height, contentOffset: contentOffset, dim: targetDim)
    }

    // MARK: - The reducer

    /// Applies `input` at `time` ms (after advancing the clock to it) and returns the events, in order.
    ///
    /// A programmatic change (`present`, `dismiss`, `select`) while a finger drags the sheet wins: the gesture
    /// ends there, the settle starts from the sheet's current position and velocity, and that pointer's later
    /// moves and its up are ignored until a new down.
    mutating func handleOwn(_ input: SheetInput, at time: Double) -> [TimedEvent] {
        var events = advanceOwn(to: time)
        let t = self.time
        switch input {
        case .present, .dismiss, .select: clearKeyboardResidue()
        default: break
        }
        switch input {
        case .pointerDown(let p): events += pointerDown(p, at: t)
        case .pointerMove(let p): events += pointerMove(p, at: t)
        case .pointerUp(let p): events += pointerUp(p, at: t)
        case .present:
            if phase == .dismissed || settleTarget == .dismiss {
                let v = endSheetGesture()
                awaitingPresented = true
                // A field that asks for focus brings the keyboard up with the sheet.
                if let field = baseSetup.initiallyFocusedField { events += focus(field, at: t, moveSheet: false) }
                // A sheet still sliding off (a thrown dismissal) slides back; one dismissed or fading fades in.
                if crossFades && v == nil && animation == nil {
                    events += crossFade(to: .detent(setup.initialDetent), at: t)
                } else {
                    events += settle(to: .detent(setup.initialDetent), velocity: v ?? 0, at: t, fromGesture: v != nil)
                }
            }
        case .dismiss:
            if phase != .dismissed && settleTarget != .dismiss {
                let v = endSheetGesture()
                if crossFades && v == nil {
                    events += crossFade(to: .dismiss, at: t)
                } else {
                    events += settle(to: .dismiss, velocity: v ?? 0, at: t, fromGesture: v != nil)
                }
            }
        case .select(let id):
            if phase != .dismissed, let d = setup.detent(id), !(phase == .idle && restingDetent == id) {
                let v = endSheetGesture()
                events += settle(to: .detent(d), velocity: v ?? 0, at: t, fromGesture: v != nil)
            }
        case .reload(let newSetup):
            events += reload(newSetup, at: t)
        case .presentSheet:
            break
        case .keyboard(let show):
            if show {
                if phase != .dismissed, let field = focusedField ?? baseSetup.textFields.keys.min() { events += focus(field, at: t) }
            } else {
                events += blur(at: t)
            }
        case .type(let text):
            events += type(text, at: t)
        }
        return events
    }

    /// Moves the clock on to `time` ms, running animations, and returns what happened on the way.
    mutating func advanceOwn(to newTime: Double) -> [TimedEvent] {
        guard newTime >= time else { return [] }
        var events: [TimedEvent] = []
        if let f = fade, let target = settleTarget, newTime >= f.end {
            events += arrive(at: target, time: f.end)
        }
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
        events += advanceKeyboard(to: newTime)
        if let m = scroll {
            let s = m.sample(at: newTime)
            contentOffset = s.offset
            if s.done { scroll = nil }
        }
        time = newTime
        return events
    }

    /// Ends a gesture on the sheet for a programmatic change, returning the sheet's raw velocity (height units
    /// per second) when a finger was moving it, `nil` when none was.
    mutating func endSheetGesture() -> Double? {
        guard let p = pointer, p.hit.isSheet else { return nil }
        pointer = nil
        guard p.dragging || p.caught else { return nil }
        return p.lastMoved == .content ? 0 : sheetRawVelocity(p)
    }

    // MARK: - Settling

    /// Starts a settle to `target` with `velocity` in raw height units per second (up is positive).
    ///
    /// The settle runs in raw coordinates shown through the sheet's band, so a spring that overshoots the
    /// smallest or largest detent is rubber-banded as a drag is. A settle that starts from a gesture keeps the
    /// drag's band (its raw position and velocity are the finger's); one that starts outside the band's range
    /// without a gesture (presenting, a reload) has no band on that side.
    mutating func settle(to target: SettleTarget, velocity: Double, at t: Double, fromGesture: Bool = false,
                         curve override: MotionCurve? = nil) -> [TimedEvent] {
        // The keyboard goes down with a sheet that is dismissed, however it is dismissed.
        let keyboardEvents = target == .dismiss ? blur(at: t, moveSheet: false) : []
        return keyboardEvents + startSettle(to: target, velocity: velocity, at: t, fromGesture: fromGesture, curve: override)
    }

    private mutating func startSettle(to target: SettleTarget, velocity: Double, at t: Double, fromGesture: Bool,
                                      curve override: MotionCurve?) -> [TimedEvent] {
        stopScroll()
        // A slide takes over from a cross-fade with the sheet fully shown.
        fade = nil
        if let carry = dimCarry {
            let carried = carry.amount(at: height)
            dimCarry = DimCarry(offset: carried, from: height, to: target.height)
        }
        if abs(height - target.height) < 0.01 && abs(velocity) < SettleAnimation.restSpeed {
            return arrive(at: target, time: t)
        }
        var band = sheetBand
        if case .dismiss = target { band.lower = nil }
        if !fromGesture, let lo = band.lower, height < lo - 0.01 { band.lower = nil }
        if !fromGesture, let hi = band.upper, height > hi + 0.01 { band.upper = nil }
        let from = band.raw(shown: height)
        // The feel's hand-off: gorhom starts at v/2; vaul's and Material's curves ignore it.
        let handoff = override == nil ? velocity * setup.feel.velocityHandoff : velocity
        let end = setup.settleEnd(for: target)
        let curve = override ?? setup.settleCurve(to: target, distance: end - from, velocity: velocity)
        var a = SettleAnimation(from: from, to: end, start: t, curve: curve, velocity: handoff)
        a.band = band
        a.timeScale = timeScale
        animation = a
        settleTarget = target
        phase = .settling
        restingDetent = nil
        return []
    }

    /// Stops the content's momentum where it is; content left in its rubber band springs back to its end.
    mutating func stopScroll() {
        scroll = nil
        if contentOffset < 0 || contentOffset > maxContentOffset {
            scroll = ScrollMomentum(start: time, from: contentBand.raw(shown: contentOffset), velocity: 0,
                                    decelerationRate: 0, band: contentBand)
        }
    }

    mutating func arrive(at target: SettleTarget, time t: Double) -> [TimedEvent] {
        animation = nil
        fade = nil
        settleTarget = nil
        dimCarry = nil
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

    /// Swaps in a new setup and moves to the current detent's new height. The dimming stays continuous: the
    /// difference between the old and the new dimming at the current height is carried, and fades out over the
    /// move to the new height.
    private mutating func reload(_ newSetup: SheetSetup, at t: Double) -> [TimedEvent] {
        let currentID = settleTarget?.detentID ?? restingDetent
        let wasDismissing = settleTarget == .dismiss
        let oldDim = dim
        baseSetup = newSetup
        setup = newSetup
        var events = reloadKeyboard(at: t)
        pointer = pointer?.hit.isSheet == true ? nil : pointer
        contentOffset = min(max(contentOffset, 0), maxContentOffset)
        scroll = nil
        dimCarry = nil
        if phase == .dismissed {
            height = 0
            return events
        }
        let target: SettleTarget = wasDismissing ? .dismiss
            : .detent(currentID.flatMap { setup.detent($0) } ?? setup.nearestDetent(to: height))
        let difference = oldDim - dim
        if abs(difference) > 1e-9 { dimCarry = DimCarry(offset: difference, from: height, to: target.height) }
        events += settle(to: target, velocity: 0, at: t)
        return events
    }

    // MARK: - Reduce Motion

    /// Whether presenting and dismissing cross-fade instead of sliding: Reduce Motion with the `uikit` feel, as iOS's
    /// own sheet does with it (and its Prefer Cross-Fade Transitions option) on. Drags, flicks, their settles and
    /// detent changes move as always; so does a dismissal a finger throws. The other feels do what their library
    /// does under Reduce Motion (`SheetSetup.crossFadesUnderReduceMotion`, `reducesMotionAtOnce`).
    var crossFades: Bool { setup.crossFadesUnderReduceMotion }

    /// Starts a cross-fade to `target`: presenting, the sheet stands at the detent and fades in with its dimming;
    /// dismissing, it fades out where it is. A fade that reverses one under way starts from its opacity.
    mutating func crossFade(to target: SettleTarget, at t: Double) -> [TimedEvent] {
        let keyboardEvents = target == .dismiss ? blur(at: t, moveSheet: false) : []
        return keyboardEvents + startCrossFade(to: target, at: t)
    }

    private mutating func startCrossFade(to target: SettleTarget, at t: Double) -> [TimedEvent] {
        stopScroll()
        let from = fade?.alpha(at: t) ?? (phase == .dismissed ? 0 : 1)
        animation = nil
        dimCarry = nil
        if case .detent(let d) = target { height = d.height }
        let to: Double = target == .dismiss ? 0 : 1
        fade = CrossFade(start: t, duration: CrossFade.duration * timeScale * abs(to - from), from: from, to: to)
        settleTarget = target
        phase = .settling
        restingDetent = nil
        if abs(to - from) < 1e-9 { return arrive(at: target, time: t) }
        return []
    }

    // MARK: - Rubber band

    /// The height shown for a raw drag height: 1:1 between the detents, rubber-banded past them.
    /// The bottom edge never leaves the canvas's bottom edge: the sheet stretches, it never lifts.
    public func shownHeight(raw: Double) -> Double { max(sheetBand.shown(raw: raw), 0) }

    /// The inverse of `shownHeight`, so that a caught sheet tracks from where it is shown.
    public func rawHeight(shown h: Double) -> Double { sheetBand.raw(shown: h) }
}

/// A cross-fade of the sheet and its dimming, from opacity `from` to `to` over `duration` ms, eased in and out.
struct CrossFade: Sendable, Equatable {
    /// How long a whole fade takes, in milliseconds: 0.35 s, the default duration of SheetLab's timed curves
    /// (`MotionConfig.duration`). Apple publishes none for the system sheet's cross-fade; this is our choice.
    static let duration = 350.0

    var start: Double
    var duration: Double
    var from: Double
    var to: Double

    var end: Double { start + duration }

    func alpha(at t: Double) -> Double {
        guard duration > 0 else { return to }
        let x = min(1, max(0, (t - start) / duration))
        let eased = x * x * (3 - 2 * x)
        return from + (to - from) * eased
    }
}
