/// A sheet of the config's `sheets` presented over the first one, with its own engine.
public struct StackedSheet: Sendable {
    /// Its id in `sheets`.
    public let id: String
    public internal(set) var engine: SheetEngine
    /// The rule it was presented under: what it did to the level below (`StackBehavior`).
    public let behavior: StackBehavior
    /// What it did to the level below.
    var below: Below = .untouched

    enum Below: Sendable, Equatable {
        /// Left where it was (`system`, `push`, `nested`): the level below only looks different (`SheetPose`).
        case untouched
        /// gorhom's `switch`: minimised off screen; it comes back to this detent (nil: its initial one).
        case minimized(restore: String?)
        /// gorhom's `replace`: dismissed for good.
        case replaced
    }
}

/// The engine of a stack: the first sheet is `self`; the sheets presented over it are `stack`, bottom up, each with an
/// engine of its own. Input goes to the topmost sheet that can take it (`level(at:)`), programmatic control to the
/// topmost one; every event of a stacked sheet carries its id.
extension SheetEngine {
    /// Applies `input` at `time` ms (after advancing the clock to it) and returns the events, in order.
    ///
    /// A programmatic change (`present`, `dismiss`, `select`) while a finger drags the sheet wins: the gesture
    /// ends there, the settle starts from the sheet's current position and velocity, and that pointer's later
    /// moves and its up are ignored until a new down.
    public mutating func handle(_ input: SheetInput, at time: Double) -> [TimedEvent] {
        guard !stack.isEmpty || input.concernsStack else {
            let events = handleOwn(input, at: time)
            return events + carryOutPresent(at: self.time)
        }
        var events = advance(to: time)
        let t = self.time
        switch input {
        case .presentSheet(let id):
            events += presentSheet(id, at: t)
        case .pointerDown(let p):
            pointerLevel = level(at: p)
            events += route(input, to: pointerLevel, at: t)
        case .pointerMove:
            events += route(input, to: pointerLevel, at: t)
        case .pointerUp:
            events += route(input, to: pointerLevel, at: t)
            pointerLevel = nil
        case .dismiss:
            let top = topLevel
            events += route(.dismiss, to: top, at: t)
            // gorhom restores the sheet below as soon as the top is dismissed in code (`handleWillUnmountSheet`).
            if let top { events += restoreBelow(top, at: t) }
        case .select, .keyboard, .type:
            events += route(input, to: topLevel, at: t)
        case .present:
            events += handleOwn(.present, at: t)
        case .reload(let newSetup):
            events += handleOwn(.reload(newSetup), at: t)
            events += reloadStack(newSetup, at: t)
        }
        events += carryOutPresent(at: t)
        events = withoutMinimizedDismissals(events)
        events += tidyStack(at: t)
        return events
    }

    /// A minimised sheet goes off screen but is not dismissed: its arrival there is no `dismissed` event.
    func withoutMinimizedDismissals(_ events: [TimedEvent]) -> [TimedEvent] {
        events.filter { e in
            guard e.event == .dismissed else { return true }
            let n = e.sheet.flatMap { id in stack.firstIndex { $0.id == id }.map { $0 + 1 } } ?? (e.sheet == nil ? 0 : -1)
            return n < 0 || !isMinimized(n)
        }
    }

    /// Moves the clock on to `time` ms, running every sheet's animations, and returns what happened on the way.
    public mutating func advance(to newTime: Double) -> [TimedEvent] {
        var events = advanceOwn(to: newTime)
        guard !stack.isEmpty else { return events }
        for i in stack.indices {
            events += stack[i].engine.advanceOwn(to: newTime).map { tagged($0, i) }
        }
        events = withoutMinimizedDismissals(events)
        events += tidyStack(at: time)
        return events.sorted { $0.time < $1.time }
    }

    // MARK: - Levels

    /// How many sheets are up or on their way: the first and the stacked ones.
    public var depth: Int { 1 + stack.count }

    /// The topmost level that takes programmatic control: the highest stacked sheet not leaving (dismissed, dismissing
    /// or minimised), else the first sheet (nil).
    var topLevel: Int? {
        stack.indices.last { i in
            let e = stack[i].engine
            return e.phase != .dismissed && e.settleTarget != .dismiss && !isMinimized(i + 1)
        }
    }

    /// The engine at `level` (nil: the first sheet).
    public func engine(atLevel level: Int?) -> SheetEngine { level.map { stack[$0].engine } ?? self }

    /// Whether level `n` (0 the first sheet, n the stacked sheet `stack[n − 1]`) is minimised by the one above it.
    func isMinimized(_ n: Int) -> Bool {
        guard n < stack.count else { return false }
        if case .minimized = stack[n].below { return true }
        return false
    }

    /// The level a pointer going down at `p` reaches: from the top down, the first sheet whose sheet or dimming is
    /// there (as drawn: through its pose); nil, the first sheet, when no stacked sheet takes it.
    func level(at p: Point) -> Int? {
        let poses = StackLayout.poses(self)
        for i in stack.indices.reversed() {
            let e = stack[i].engine
            guard e.phase != .dismissed, !isMinimized(i + 1) else { continue }
            let pose = poses[i + 1]
            if pose.hidden { continue }
            if e.hitTest(pose.inverse(p)) != .background { return i }
        }
        return nil
    }

    mutating func route(_ input: SheetInput, to level: Int?, at t: Double) -> [TimedEvent] {
        guard let i = level else { return handleOwn(input, at: t) }
        guard stack.indices.contains(i) else { return [] }
        return stack[i].engine.handleOwn(input, at: t).map { tagged($0, i) }
    }

    func tagged(_ e: TimedEvent, _ i: Int) -> TimedEvent {
        var e = e
        e.sheet = stack[i].id
        return e
    }

    // MARK: - Presenting and dismissing

    /// Presents `id` over the topmost sheet under the presented sheet's rule. Refused (no event) for an id the config
    /// does not have, a sheet already in the stack, or a stack already `StackLimits.maxDepth` deep; `Simulation`
    /// reports those steps.
    mutating func presentSheet(_ id: String, at t: Double) -> [TimedEvent] {
        guard let setup = baseSetup.stackSetups[id], !stack.contains(where: { $0.id == id }),
              depth < StackLimits.maxDepth else { return [] }
        var events: [TimedEvent] = []
        let behavior = setup.config.sheet.resolvedStackBehavior
        // The level below: the topmost not already leaving.
        let belowLevel = topLevel
        var entry = StackedSheet(id: id, engine: SheetEngine(setup: setup), behavior: behavior)
        entry.engine.time = t
        entry.engine.timeScale = timeScale
        // The keyboard belongs to the top sheet's field: the one below ends its editing.
        events += route(.keyboard(show: false), to: belowLevel, at: t)
        let below = engine(atLevel: belowLevel)
        switch behavior {
        case .switch where below.phase != .dismissed:
            entry.below = .minimized(restore: below.settleTarget?.detentID ?? below.restingDetent)
            events += route(.dismiss, to: belowLevel, at: t).compactMap { e in
                // Minimised, not dismissed: it stays in the stack and comes back.
                if e.event == .dismissed { return nil }
                return e
            }
            events.append(TimedEvent(time: t, event: .minimized, sheet: belowLevel.map { stack[$0].id }))
        case .replace where below.phase != .dismissed:
            entry.below = .replaced
            events += route(.dismiss, to: belowLevel, at: t)
        default:
            break
        }
        stack.append(entry)
        let n = stack.count - 1
        events += stack[n].engine.handleOwn(.present, at: t).map { tagged($0, n) }
        return events
    }

    /// Carries out a `present` that a tap on a content element asked for, on whichever level it was.
    mutating func carryOutPresent(at t: Double) -> [TimedEvent] {
        var events: [TimedEvent] = []
        if let id = requestedPresent {
            requestedPresent = nil
            events += presentSheet(id, at: t)
        }
        for i in stack.indices.reversed() where i < stack.count {
            if let id = stack[i].engine.requestedPresent {
                stack[i].engine.requestedPresent = nil
                // Only the top sheet takes taps; a lower one (under `push`) presents over the top all the same.
                events += presentSheet(id, at: t)
            }
        }
        return events
    }

    /// The level below stacked sheet `i` comes back if `i` minimised it (gorhom's `restore()`).
    mutating func restoreBelow(_ i: Int, at t: Double) -> [TimedEvent] {
        guard stack.indices.contains(i), case .minimized(let restore) = stack[i].below else { return [] }
        stack[i].below = .untouched
        let belowLevel: Int? = i == 0 ? nil : i - 1
        var events = route(.present, to: belowLevel, at: t).filter { $0.event != .presented }
        let below = engine(atLevel: belowLevel)
        if let restore, below.setup.detent(restore) != nil, restore != below.setup.initialDetent.id {
            events += route(.select(restore), to: belowLevel, at: t)
        }
        events.append(TimedEvent(time: t, event: .restored(restore), sheet: belowLevel.map { stack[$0].id }))
        return events
    }

    /// After any change: a stacked sheet that has gone is taken off the stack, bringing back the one it minimised; a
    /// level that is dismissed by itself takes every sheet over it with it (UIKit's cascade, TrueSheet `stacking.mdx`).
    mutating func tidyStack(at t: Double) -> [TimedEvent] {
        var events: [TimedEvent] = []
        // The cascade: a level leaving on its own (not minimised or replaced by the one above) dismisses those above.
        for n in 0..<depth where n < depth - 1 {
            let e = engine(atLevel: n == 0 ? nil : n - 1)
            let leaving = e.phase == .dismissed || e.settleTarget == .dismiss
            guard leaving, n < stack.count, stack[n].below == .untouched else { continue }
            for j in n..<stack.count {
                let up = stack[j].engine
                if up.phase != .dismissed && up.settleTarget != .dismiss {
                    events += stack[j].engine.handleOwn(.dismiss, at: t).map { tagged($0, j) }
                }
                stack[j].below = .untouched
            }
        }
        // Gone sheets leave the stack, from the top down.
        var i = stack.count - 1
        while i >= 0 {
            if stack[i].engine.phase == .dismissed && stack[i].engine.settleTarget == nil {
                events += restoreBelow(i, at: t)
                stack.remove(at: i)
                if let p = pointerLevel {
                    if p == i { pointerLevel = -1 } else if p > i { pointerLevel = p - 1 }
                }
            }
            i -= 1
        }
        if pointerLevel == -1 { pointerLevel = nil }
        return events
    }

    /// A reload keeps the longest run of stacked sheets, bottom up, whose ids the new config still has; each takes its
    /// new setup where it is. The rest go at once, and a `stack` event says which stayed and which went.
    mutating func reloadStack(_ newSetup: SheetSetup, at t: Double) -> [TimedEvent] {
        guard !stack.isEmpty else { return [] }
        var kept: [String] = []
        var dropped: [String] = []
        var events: [TimedEvent] = []
        var cut: Int?
        for i in stack.indices {
            if cut == nil, kept.count + 2 <= StackLimits.maxDepth, let s = newSetup.stackSetups[stack[i].id] {
                kept.append(stack[i].id)
                events += stack[i].engine.handleOwn(.reload(s), at: t).map { tagged($0, i) }
            } else {
                if cut == nil { cut = i }
                dropped.append(stack[i].id)
            }
        }
        if let cut {
            // The sheet under the first dropped one comes back if it was minimised.
            if case .minimized = stack[cut].below { events += restoreBelow(cut, at: t) }
            stack.removeSubrange(cut...)
            if let p = pointerLevel, p >= cut { pointerLevel = nil }
        }
        if !dropped.isEmpty || !kept.isEmpty {
            events.append(TimedEvent(time: t, event: .stack(kept: kept, dropped: dropped)))
        }
        return events
    }
}

extension SheetInput {
    /// An input the stack itself acts on even before anything is stacked.
    var concernsStack: Bool { if case .presentSheet = self { true } else { false } }
}
