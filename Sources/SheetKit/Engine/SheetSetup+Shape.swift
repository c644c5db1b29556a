extension SheetSetup {
    /// The sheet's shape at visible height `height` (see `SheetShape`).
    ///
    /// - Classic: attached to the bottom edge across `sheetX`/`sheetWidth`, top corners rounded.
    /// - Glass on a display with rounded corners: at or below the highest partial detent it floats, inset
    ///   `SheetShape.floatingInset` from the left, right and bottom edges, its bottom corners concentric with the
    ///   display's (display radius − inset). From there to the largest detent (when that is the full height) the
    ///   inset goes to 0, the bottom corners become the display's, and the background turns opaque.
    /// - Glass on a square display (iPhone SE): edge-attached, turning opaque the same way.
    /// - A form sheet (iPad): a fixed-size card, every corner rounded, its top at H − height.
    public func shape(atHeight height: Double) -> SheetShape {
        let H = canvas.height
        let morph = glassMorph(atHeight: height)
        let recede = recedeProgress(atHeight: height)
        switch presentation {
        case .formSheet:
            let size = formSheetSize
            return SheetShape(frame: Rect(x: (canvas.width - size.width) / 2, y: H - height, width: size.width, height: size.height),
                              topRadius: cornerRadius, bottomRadius: cornerRadius, curve: sheet.cornerStyle,
                              opacity: sheet.style == .glass ? 1 : 0)
        case .card, .fullScreen, .edgeAttached:
            let inset = floats ? SheetShape.floatingInset * (1 - morph) : 0
            let bottom = sheet.style == .glass ? max(0, canvas.displayCornerRadius - inset) : 0
            let top = H - height
            return SheetShape(frame: Rect(x: sheetX + inset, y: top, width: max(0, sheetWidth - 2 * inset), height: max(0, height - inset)),
                              topRadius: cornerRadius, bottomRadius: presentation == .card ? bottom : 0, curve: sheet.cornerStyle,
                              inset: inset, opacity: sheet.style == .glass ? morph : 0, recede: recede)
        }
    }

    /// Whether the sheet floats inset from the edges at partial heights: glass, as a card, on a display with
    /// rounded corners.
    public var floats: Bool {
        sheet.style == .glass && presentation == .card && canvas.displayCornerRadius > 0
    }

    /// The radius of the sheet's top corners: the config's, else the style's. Glass is iOS 26's 38 pt (not
    /// concentric: only the bottom corners follow the display), or 28 pt on a display with square corners and in a
    /// form sheet; classic is UIKit's 10 pt.
    public var cornerRadius: Double {
        if let given = sheet.cornerRadiusOverride { return given }
        switch sheet.style {
        case .classic: return 10
        case .glass:
            if presentation == .formSheet { return 28 }
            return canvas.displayCornerRadius > 0 ? SheetShape.glassTopRadius : 28
        }
    }

    /// The detent a glass sheet morphs from: the highest detent below the largest, when the largest fills the
    /// screen; `nil` when the largest is itself a partial height (the sheet then floats at every height).
    var morphBase: Double? {
        guard largest.height >= canvas.maxSheetHeight - 0.5 || presentation != .card else { return nil }
        return detents.dropLast().last { $0.height < largest.height - 0.5 }?.height ?? 0
    }

    /// Glass: 0 at or below the highest partial detent, 1 at the largest (and above), linear between.
    /// Always 0 when the largest detent is partial.
    public func glassMorph(atHeight height: Double) -> Double {
        guard let base = morphBase else { return 0 }
        let span = largest.height - base
        guard span > 0 else { return 1 }
        return min(1, max(0, (height - base) / span))
    }

    /// Whether the presenting view recedes behind this sheet at its largest detent: `sheet.backgroundRecedes`, by
    /// default for a classic sheet that is modal there (iOS 15–18's page sheet) and never for glass (iOS 26 keeps
    /// the presenting view full size and dims it: Pokerist's iOS 26 `.large` screenshots, docs/ios-reference.md);
    /// only for a card whose largest detent fills the screen.
    public var recedes: Bool {
        guard presentation == .card, largest.height >= canvas.maxSheetHeight - 0.5 else { return false }
        let modalAtLargest = largestUndimmed.map { $0.height < largest.height - 0.5 } ?? true
        return sheet.backgroundRecedes ?? (sheet.style == .classic && modalAtLargest)
    }

    /// How far the presenting view has receded: 0 at or below the next lower detent, 1 at the largest.
    public func recedeProgress(atHeight height: Double) -> Double {
        guard recedes else { return 0 }
        let base = detents.dropLast().last { $0.height < largest.height - 0.5 }?.height ?? 0
        let span = largest.height - base
        guard span > 0 else { return 1 }
        return min(1, max(0, (height - base) / span))
    }

    /// The form sheet's size on an iPad: UIKit's `.formSheet` default, 540 × 620 pt, within the canvas.
    public var formSheetSize: (width: Double, height: Double) {
        (min(SheetFrame.formSheetWidth, canvas.width - 40), min(SheetFrame.formSheetHeight, canvas.height - canvas.safeTop - 40))
    }

    /// The width content is laid out in: the sheet's narrowest width (floating, for glass) less the side insets.
    public static func contentWidth(sheetWidth: Double, floats: Bool) -> Double {
        max(0, sheetWidth - (floats ? 2 * SheetShape.floatingInset : 0) - 2 * ContentLayout.sideInset)
    }

    /// The canvas x of the content column's left edge in `shape`: the column is centred in the sheet.
    public func contentX(in shape: SheetShape) -> Double {
        shape.frame.x + (shape.frame.width - layout.width) / 2
    }
}
