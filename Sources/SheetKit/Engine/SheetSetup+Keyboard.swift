/// The sheet's detents while the keyboard is up, as each `KeyboardBehavior` places them (docs/keyboard.md; the rules
/// and their sources are in docs/keyboard-reference.md).
extension SheetSetup {
    /// The keyboard's full height on this canvas, in points (`KeyboardMetrics.height(config:canvas:)`).
    public var keyboardHeight: Double { KeyboardMetrics.height(config: config, canvas: canvas) }

    /// The behaviour in force: the config's, else the feel's own.
    public var keyboardBehavior: KeyboardBehavior { config.sheet.keyboard.resolvedBehavior(feel: feel) }

    /// The text fields of the content, by content index.
    public var textFields: [Int: TextFieldElement] {
        var fields: [Int: TextFieldElement] = [:]
        for (i, e) in config.sheet.content.enumerated() { if case .textField(let f) = e { fields[i] = f } }
        return fields
    }

    /// The field the config focuses when the sheet is presented (`focus: true`).
    public var initiallyFocusedField: Int? {
        config.sheet.content.indices.first { if case .textField(let f) = config.sheet.content[$0] { f.focus } else { false } }
    }

    /// vaul's `WINDOW_TOP_OFFSET` (`src/constants.ts`): the room a drawer that no longer fits above the keyboard keeps
    /// above itself.
    public static let vaulWindowTopOffset = 26.0

    /// The height detent `d` rests at with a keyboard `k` points tall up (`k` = 0: its own). The rules and their sources
    /// are in docs/keyboard-reference.md; in short:
    /// - `system`: the detent's content keeps its height above the keyboard, which takes the bottom safe area's place,
    ///   `h − B + k`, capped at the large height M (UIKit's keyboard avoidance; the sheet's bottom sits on the keyboard).
    /// - `interactive`: the highest snap point raised by the keyboard, `min(L + k, H)` (`BottomSheet.tsx`
    ///   `getEvaluatedPosition`: `max(0, highestDetentPosition − keyboardHeightInContainer)`); other detents keep theirs.
    /// - `extend`: unchanged (the sheet goes to its highest snap point; the keyboard covers the sheet's bottom).
    /// - `fillParent`: the highest snap point becomes the whole canvas (`return 0`, the container's top).
    /// - `reposition` (vaul): lifted by the keyboard, `h + k`, at most 26 pt below the canvas top; a drawer taller than
    ///   80 % of the canvas keeps its top and shrinks instead (`onVisualViewportChange`).
    /// - `adjustResize`: each resting height raised by the keyboard above the bottom inset, at most the window.
    /// - `none`: unchanged; the keyboard covers the sheet.
    /// A detent never goes down.
    public func keyboardDetentHeight(_ d: ResolvedDetent, keyboard k: Double) -> Double {
        let h = d.height
        guard k > 0 else { return h }
        let H = canvas.height, B = canvas.safeBottom
        let isLargest = d.id == largest.id
        let lifted: Double
        switch keyboardBehavior {
        case .system: lifted = min(h - B + k, canvas.maxSheetHeight)
        case .interactive: lifted = isLargest ? min(h + k, H) : h
        case .extend, .none: lifted = h
        case .fillParent: lifted = isLargest ? H : h
        case .reposition: lifted = h > 0.8 * H ? h : min(h + k, H - Self.vaulWindowTopOffset)
        case .adjustResize: lifted = min(h + max(0, k - B), H - canvas.safeTop)
        }
        return max(h, lifted)
    }

    /// This setup with its detents where they rest while a keyboard `k` points tall is up.
    public func withKeyboard(_ k: Double) -> SheetSetup {
        guard k > 0, keyboardBehavior != .none else { return self }
        // Detents stay in ascending order: a lifted detent is never below the one under it (ties keep their order).
        var s = self
        func lift(_ d: ResolvedDetent) -> ResolvedDetent { ResolvedDetent(id: d.id, height: keyboardDetentHeight(d, keyboard: k)) }
        s.detents = detents.map(lift)
        for i in s.detents.indices.reversed().dropFirst() { s.detents[i].height = min(s.detents[i].height, s.detents[i + 1].height) }
        func ordered(_ d: ResolvedDetent) -> ResolvedDetent { s.detents.first { $0.id == d.id } ?? lift(d) }
        s.initialDetent = ordered(initialDetent)
        s.largestUndimmed = largestUndimmed.map(ordered)
        s.inactiveDetents = inactiveDetents.map(lift)
        // The sheet reaches down behind the keyboard: content scrolls clear of it.
        s.contentBottomInset = max(contentBottomInset, k)
        return s
    }
}
