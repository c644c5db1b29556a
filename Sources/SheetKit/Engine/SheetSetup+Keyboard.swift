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

    /// The height a detent of height `h` rests at with a keyboard `k` points tall up (`k` = 0: `h` itself).
    ///
    /// - `system` and `adjustResize`: the sheet's content keeps its height above the keyboard, which takes the place
    ///   of the bottom safe area: `h − B + k`, at most the large height M (UIKit lays a sheet out above the keyboard
    ///   and caps it at large; Android's resized window).
    /// - `interactive` and `reposition`: the sheet moves up by the keyboard, `h + k`, at most the canvas below the top
    ///   safe area (gorhom's `animatedPosition − keyboardHeightInContainer`, clamped at its top inset; vaul's drawer
    ///   raised by the visual viewport's shrink).
    /// - `extend`: the largest detent (gorhom's `highestSnapPoint`); `fillParent`: the whole canvas (its container).
    /// - `none`: `h`; the keyboard covers the sheet.
    /// A detent never goes down.
    public func keyboardDetentHeight(_ h: Double, keyboard k: Double) -> Double {
        guard k > 0 else { return h }
        let lifted: Double
        switch keyboardBehavior {
        case .system, .adjustResize: lifted = min(h - canvas.safeBottom + k, canvas.maxSheetHeight)
        case .interactive, .reposition: lifted = min(h + k, canvas.height - canvas.safeTop)
        case .extend: lifted = largest.height
        case .fillParent: lifted = canvas.height
        case .none: lifted = h
        }
        return max(h, lifted)
    }

    /// This setup with its detents where they rest while a keyboard `k` points tall is up.
    public func withKeyboard(_ k: Double) -> SheetSetup {
        guard k > 0, keyboardBehavior != .none else { return self }
        var s = self
        func lift(_ d: ResolvedDetent) -> ResolvedDetent { ResolvedDetent(id: d.id, height: keyboardDetentHeight(d.height, keyboard: k)) }
        s.detents = detents.map(lift)
        s.initialDetent = lift(initialDetent)
        s.largestUndimmed = largestUndimmed.map(lift)
        s.inactiveDetents = inactiveDetents.map(lift)
        // The sheet reaches down behind the keyboard: content scrolls clear of it.
        s.contentBottomInset = max(contentBottomInset, k)
        return s
    }
}
