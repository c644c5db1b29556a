/// The sheet's outline at one visible height: where it is, how its corners round, and how far the glass has
/// morphed and the presenting view receded. One pure function of the setup and the height, shared by hit
/// testing, content layout and the renderer, so that what is drawn is what is touched.
///
/// Heights are measured as everywhere else: from the canvas's bottom edge to the sheet's top edge.
public struct SheetShape: Sendable, Equatable {
    /// The sheet's outline on the canvas, in points. Its top is at H − height.
    public var frame: Rect
    /// Radius of the top corners, in points.
    public var topRadius: Double
    /// Radius of the bottom corners, in points; 0 for a sheet attached to the bottom edge of a square display.
    public var bottomRadius: Double
    /// The corner curve.
    public var curve: SheetConfig.CornerStyle
    /// How far the sheet is inset from the canvas's left, right and bottom edges, in points.
    public var inset: Double
    /// Glass only: how far the background has turned opaque (systemBackground), 0 floating … 1 at large.
    public var opacity: Double
    /// How far the presenting view has receded behind the sheet, 0…1.
    public var recede: Double

    public init(frame: Rect, topRadius: Double, bottomRadius: Double = 0, curve: SheetConfig.CornerStyle = .continuous,
                inset: Double = 0, opacity: Double = 0, recede: Double = 0) {
        self.frame = frame; self.topRadius = topRadius; self.bottomRadius = bottomRadius; self.curve = curve
        self.inset = inset; self.opacity = opacity; self.recede = recede
    }

    /// The glass sheet's inset from the display's edges at partial heights (iOS 26; Apple's "Meet Liquid Glass",
    /// WWDC25, and measured screenshots of iOS 26 sheets: 8 pt on the iPhone 15/16/17 families).
    public static let floatingInset = 8.0
    /// A glass sheet's top corner radius on a phone with rounded display corners, in points, at every height: 38,
    /// Apple's continuous curve, as measured on the 3× iOS 26 simulator screenshots of an iPhone 17 Pro (Pokerist,
    /// `.fraction(0.65)` and `.large`, light and dark: 37.6–38.2 pt; docs/ios-reference.md). The low-resolution
    /// iOS 26.1–26.2 frames read 32.0–37.2 (±2 pt each). The top corners are not concentric with the display; the
    /// bottom ones are.
    public static let glassTopRadius = 38.0

    /// Whether `p` is on the sheet: inside its frame and inside its rounded corners.
    public func contains(_ p: Point) -> Bool {
        guard frame.width > 0, frame.height > 0, frame.contains(p) else { return false }
        let top = min(topRadius, frame.width / 2, frame.height / 2)
        let bottom = min(bottomRadius, frame.width / 2, frame.height / 2)
        func outside(cx: Double, cy: Double, r: Double) -> Bool { r > 0 && Point(cx, cy).distance(to: p) > r }
        if p.y < frame.y + top {
            if p.x < frame.x + top { return !outside(cx: frame.x + top, cy: frame.y + top, r: top) }
            if p.x > frame.maxX - top { return !outside(cx: frame.maxX - top, cy: frame.y + top, r: top) }
        }
        if p.y > frame.maxY - bottom {
            if p.x < frame.x + bottom { return !outside(cx: frame.x + bottom, cy: frame.maxY - bottom, r: bottom) }
            if p.x > frame.maxX - bottom { return !outside(cx: frame.maxX - bottom, cy: frame.maxY - bottom, r: bottom) }
        }
        return true
    }
}

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
