/// The software keyboard and the text fields: focus, typing, the keyboard's own motion, and the sheet moving with it
/// as `SheetSetup.keyboardBehavior` says (docs/keyboard.md).
extension SheetEngine {
    public struct KeyboardState: Sendable, Equatable {
        /// Whether the keyboard is up or going up.
        public var shown = false
        /// How much of it shows now, in points from the canvas's bottom edge (0 when hidden).
        public var visible = 0.0
        /// Its show or hide animation, while it runs.
        var animation: SettleAnimation?

        public init(shown: Bool = false, visible: Double = 0) { self.shown = shown; self.visible = visible }

        /// Whether it is moving.
        public var isMoving: Bool { animation != nil }
    }

    /// The text a field shows now: what was typed into it, else its config's text.
    public func text(ofField index: Int) -> String? {
        if let typed = fieldTexts[index] { return typed }
        if index < baseSetup.config.sheet.content.count, case .textField(let f) = baseSetup.config.sheet.content[index] { return f.text }
        return nil
    }

    /// Whether the focused field's caret is drawn at `time`: solid for half a second after a focus or a keystroke, then
    /// blinking, half a second on and half off, as UIKit's caret does.
    public func caretVisible(at time: Double) -> Bool {
        guard focusedField != nil else { return false }
        let since = time - lastFieldEdit
        if since < Self.caretBlink { return true }
        return Int((since / Self.caretBlink).rounded(.down)) % 2 == 0
    }

    /// When the caret next turns on or off after `time`, in ms on the engine's clock; `nil` with no field focused.
    public func nextCaretChange(after time: Double) -> Double? {
        guard focusedField != nil else { return nil }
        let since = max(0, time - lastFieldEdit)
        return lastFieldEdit + ((since / Self.caretBlink).rounded(.down) + 1) * Self.caretBlink
    }

    /// The caret's blink half-period, in ms.
    public static let caretBlink = 500.0

    // MARK: - Focus

    /// Focuses text field `index` and brings the keyboard up. `moveSheet`: the sheet moves with the keyboard as the
    /// behaviour says (a presentation moves it itself).
    mutating func focus(_ index: Int, at t: Double, moveSheet: Bool = true) -> [TimedEvent] {
        guard baseSetup.textFields[index] != nil else { return [] }
        var events: [TimedEvent] = []
        if focusedField != index {
            if let old = focusedField { events.append(TimedEvent(time: t, event: .blur(old))) }
            focusedField = index
            events.append(TimedEvent(time: t, event: .focus(index)))
        }
        lastFieldEdit = t
        events += setKeyboard(shown: true, at: t, moveSheet: moveSheet)
        return events
    }

    /// Ends the focus and hides the keyboard. `byGesture`: a drag hid it (dismissOnDrag, or a gorhom drag that ended
    /// lower), so the sheet is the finger's and no blur behaviour applies.
    mutating func blur(at t: Double, moveSheet: Bool = true, byGesture: Bool = false) -> [TimedEvent] {
        guard focusedField != nil || keyboard.shown else { return [] }
        var events: [TimedEvent] = []
        if let field = focusedField {
            focusedField = nil
            events.append(TimedEvent(time: t, event: .blur(field)))
        }
        events += setKeyboard(shown: false, at: t, moveSheet: moveSheet, byGesture: byGesture)
        return events
    }

    /// Types `text` into the focused field (nothing when none is): characters are appended, a backspace (U+0008)
    /// deletes the last character, line breaks are dropped (a field holds one line).
    mutating func type(_ text: String, at t: Double) -> [TimedEvent] {
        guard let field = focusedField, var current = self.text(ofField: field) else { return [] }
        for ch in text {
            if ch == "\u{8}" { if !current.isEmpty { current.removeLast() } }
            else if ch.isNewline { continue }
            else if current.count < TextFieldElement.maxLength { current.append(ch) }
        }
        lastFieldEdit = t
        guard current != self.text(ofField: field) else { return [] }
        fieldTexts[field] = current
        return [TimedEvent(time: t, event: .text(field: field, text: current))]
    }

    // MARK: - The keyboard's motion

    /// Starts the keyboard up or down (from where it is, so a reversal is continuous) and puts the detents where the
    /// keyboard's end puts them. The sheet moves with it, on the keyboard's own curve: UIKit, gorhom and vaul all
    /// animate the sheet alongside the keyboard.
    mutating func setKeyboard(shown: Bool, at t: Double, moveSheet: Bool = true, byGesture: Bool = false) -> [TimedEvent] {
        let full = baseSetup.keyboardHeight
        let target = shown ? full : 0
        guard keyboard.shown != shown || abs(keyboard.visible - target) > 1e-9 && keyboard.animation == nil else { return [] }
        keyboard.shown = shown
        var a = SettleAnimation(from: keyboard.visible, to: target, start: t, curve: KeyboardMetrics.motion,
                                velocity: keyboard.animation?.rawSample(at: t).velocity ?? 0)
        a.timeScale = timeScale
        keyboard.animation = a
        return applyKeyboardSetup(at: t, moveSheet: moveSheet, byGesture: byGesture)
    }

    /// Swaps in the detents for the keyboard's target and moves the sheet there on the keyboard's curve, as each
    /// behaviour does (docs/keyboard.md):
    /// - showing: `system` and gorhom's three go to their largest detent (as it stands with the keyboard); the others
    ///   keep their detent, at its height with the keyboard up;
    /// - hiding: the sheet goes back to its detent's own height, except under gorhom's `keyboardBlurBehavior: none`,
    ///   where a keyboard hidden without a gesture leaves the sheet where it is (`restore`: its highest detent).
    /// A finger dragging the sheet keeps it (gorhom ignores the keyboard during a gesture); the release uses the new
    /// detents.
    mutating func applyKeyboardSetup(at t: Double, moveSheet: Bool = true, byGesture: Bool = false) -> [TimedEvent] {
        let behavior = baseSetup.keyboardBehavior
        keyboardResidue = false
        if keyboard.shown {
            setup = baseSetup.withKeyboard(baseSetup.keyboardHeight)
        } else if behavior.isGorhom && !byGesture && moveSheet && baseSetup.sheet.keyboard.blurBehavior == .none
                    && phase != .dismissed && settleTarget != .dismiss {
            // The keyboard's detents stay until the next gesture: the sheet does not move.
            keyboardResidue = true
            return []
        } else {
            setup = baseSetup
        }
        guard moveSheet, phase != .dismissed, settleTarget != .dismiss, !isTracking else { return [] }
        var id = settleTarget?.detentID ?? restingDetent
        if keyboard.shown && behavior.expandsToLargest { id = setup.largest.id }
        if !keyboard.shown && behavior.isGorhom && baseSetup.sheet.keyboard.blurBehavior == .restore { id = setup.largest.id }
        guard let id, let d = setup.detent(id) else { return [] }
        if abs(d.height - height) < 0.01 && phase == .idle { height = d.height; restingDetent = d.id; return [] }
        let v = animation.map { $0.rawSample(at: t).velocity } ?? 0
        let wasResting = phase == .idle ? restingDetent : nil
        let events = settle(to: .detent(d), velocity: v, at: t, curve: KeyboardMetrics.motion)
        // Moving with the keyboard back to the detent it rested on is not a new choice of detent.
        if wasResting == id { lastRested = id }
        return events
    }

    /// Ends gorhom's blur residue (`keyboardResidue`): the sheet's own detents are back in force.
    mutating func clearKeyboardResidue() {
        guard keyboardResidue else { return }
        keyboardResidue = false
        setup = baseSetup
    }

    /// A release while the keyboard is up, before the release rule: what the behaviour does with it. Returns the
    /// settle when it decides the release itself, `nil` to let the rule pick among the detents in force.
    /// - gorhom's three: a drag that ends at or above where it started springs back there (v/2, the keyboard stays); one
    ///   that ends lower dismisses the keyboard and snaps among the sheet's own detents
    ///   (`useGestureEventsHandlersDefault.tsx` `handleOnEnd`).
    mutating func keyboardRelease(velocity v: Double, startTop: Double, fingerTop: Double, at t: Double,
                                  events: inout [TimedEvent]) -> [TimedEvent]? {
        guard keyboard.shown, baseSetup.keyboardBehavior.isGorhom else { return nil }
        if fingerTop <= startTop + 1e-9 {
            let d = setup.detents.min { abs(setup.canvas.height - $0.height - startTop) < abs(setup.canvas.height - $1.height - startTop) }!
            return settle(to: .detent(d), velocity: -v, at: t, fromGesture: true)
        }
        events += blur(at: t, moveSheet: false, byGesture: true)
        return nil
    }

    /// After the release rule picked `target` with the keyboard up: UIKit's sheet dismisses the keyboard when it settles
    /// below its largest detent (the keyboard's detent), and goes to that detent's own height.
    mutating func keyboardReleaseTarget(_ target: SettleTarget, at t: Double) -> (SettleTarget, [TimedEvent]) {
        guard keyboard.shown, baseSetup.keyboardBehavior == .system, case .detent(let d) = target,
              d.id != setup.largest.id, d.height < setup.largest.height - 0.5 else { return (target, []) }
        let events = blur(at: t, moveSheet: false, byGesture: true)
        return (setup.detent(d.id).map { .detent($0) } ?? target, events)
    }

    /// Runs the keyboard's animation on to `newTime`, reporting when it comes to rest.
    mutating func advanceKeyboard(to newTime: Double) -> [TimedEvent] {
        guard let a = keyboard.animation else { return [] }
        let s = a.sample(at: newTime)
        if s.done {
            keyboard.animation = nil
            keyboard.visible = a.to
            let end = a.endTime.map { min($0, newTime) } ?? newTime
            return [TimedEvent(time: end, event: .keyboard(a.to))]
        }
        keyboard.visible = min(max(s.value, 0), max(a.from, a.to))
        return []
    }

    /// After a reload: the focused field stays focused if the new content still has a text field there; the keyboard
    /// takes the new canvas's height (a rotation picks the landscape keyboard), moving there on its curve.
    mutating func reloadKeyboard(at t: Double) -> [TimedEvent] {
        var events: [TimedEvent] = []
        let fields = baseSetup.textFields
        fieldTexts = fieldTexts.filter { fields[$0.key] != nil }
        if let f = focusedField, fields[f] == nil {
            focusedField = nil
            events.append(TimedEvent(time: t, event: .blur(f)))
            if keyboard.shown { events += setKeyboard(shown: false, at: t, moveSheet: false) }
        }
        let target = keyboard.shown ? baseSetup.keyboardHeight : 0
        if abs((keyboard.animation?.to ?? keyboard.visible) - target) > 1e-9 {
            var a = SettleAnimation(from: keyboard.visible, to: target, start: t, curve: KeyboardMetrics.motion)
            a.timeScale = timeScale
            keyboard.animation = a
        }
        setup = baseSetup.withKeyboard(keyboard.shown ? baseSetup.keyboardHeight : 0)
        return events
    }
}
