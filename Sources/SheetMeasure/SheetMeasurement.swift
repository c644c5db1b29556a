import SheetKit

/// Everything `sheetlab measure` read off one screenshot, each reading with its residual and confidence, and the
/// decisions taken from them (style, appearance, what is written to the config).
public struct SheetMeasurement: Sendable {
    public var canvas: MatchedCanvas
    public var outline: SheetOutline
    /// `glass` or `classic`, and why.
    public var style: Measured<String>
    public var styleReason: String
    /// H − top, in points: the detent the sheet rests at.
    public var visibleHeight: Measured<Double>
    public var grabber: GrabberReading?
    public var appearance: Measured<String>
    public var appearanceReason: String
    public var dimming: DimmingReading
    public var shadow: ShadowReading?
    /// The material, when it was solved by drawing it (`sheetlab measure`'s `MaterialFit`): a name or
    /// `{"blur", "saturation", "tint"}`, with what it fits to and why. Nil: not solved, the style's default kept.
    public var material: (value: JSONNode, line: String)?

    /// Whether the surface is a solid fill (even to a level across the top band) rather than a material.
    public var isSolidFill: Bool { outline.surfaceSpread < SheetMeasurer.evenSurface }

    /// The id of the one detent the config is written with.
    public static let detentID = "measured"
}

/// Reads a sheet off a screenshot: the outline (`SheetFinder`), the grabber, the background and its dimming, the
/// shadow; then decides the style and the appearance. Pure: the caller decodes the image and draws the candidate
/// backgrounds.
public enum SheetMeasurer {
    /// A top band that varies by less than this (RMS, levels) is read as a solid fill.
    /// A solid fill reads even to a fraction of a level; a glass material over the map, blurred, varies by 0.8 levels
    /// or more (SheetLab's renders, light and dark).
    static let evenSurface = 0.5
    /// A sheet is floating (glass) when it is at least this far in from a side or the bottom, in points.
    static let floatingInset = 2.0

    public static func measure(_ image: ScreenImage, canvas: MatchedCanvas, backgrounds: [BackgroundCandidate])
        -> Result<SheetMeasurement, NoSheetFound> {
        let outline: SheetOutline
        switch SheetFinder.find(image, safeTop: canvas.safeTop, displayRadius: canvas.device.displayCornerRadius, backgrounds: backgrounds) {
        case .success(let o): outline = o
        case .failure(let why): return .failure(why)
        }
        let inset = max(outline.leftInset.value, outline.rightInset.value, outline.bottomInset.value)
        let floats = inset >= floatingInset
        let style: Measured<String>, styleReason: String
        if floats {
            let sure = min(outline.leftInset.confidence, outline.rightInset.confidence)
            style = Measured("glass", residual: 0, confidence: sure)
            styleReason = "floats \(format(outline.leftInset.value)) pt in from the left, \(format(outline.rightInset.value)) from the right and "
                + "\(format(outline.bottomInset.value)) above the bottom"
                + (outline.bottomCorner.map { corner in
                    let concentric = canvas.device.displayCornerRadius - outline.bottomInset.value
                    return ", bottom corners \(format(corner.value.radius)) pt, "
                        + (abs(corner.value.radius - concentric) <= 2 ? "concentric with the display's"
                           : "not concentric with the display's (\(format(canvas.device.displayCornerRadius)) pt less the inset: \(format(concentric)))")
                } ?? "")
                + (inset > SheetFinder.maxInset ? "; SheetLab floats glass 8 pt in, so the config draws it there" : "")
        } else {
            style = Measured("classic", residual: 0, confidence: min(outline.leftInset.confidence, outline.bottomInset.confidence))
            styleReason = "attached to the sides and the bottom, top corners \(format(outline.topCorner.value.radius)) pt"
                + (outline.topCorner.value.radius >= 30 ? " (a glass sheet at its large detent attaches too: its 38 pt corners tell it)" : "")
        }
        let grabber = GrabberFinder.find(image, sheetTop: outline.top.value)
        let dimming = DimmingFit.fit(image, candidates: backgrounds, safeTop: canvas.safeTop, sheetTop: outline.top.value)
        let fitted = backgrounds.first { $0.scene == dimming.scene && ($0.appearance.isEmpty ? nil : $0.appearance) == dimming.appearance }
        let shadow = DimmingFit.shadow(image, background: fitted, alpha: dimming.opacity.value, sheetTop: outline.top.value)
        let appearance: Measured<String>, appearanceReason: String
        if let a = dimming.appearance, dimming.opacity.isFirm {
            appearance = Measured(a, residual: 0, confidence: dimming.opacity.confidence)
            appearanceReason = "the \(dimming.scene ?? "") scene behind is drawn \(a)"
        } else {
            let dark = outline.surface.luma < 0.5
            appearance = Measured(dark ? "dark" : "light", residual: 0, confidence: min(1, abs(outline.surface.luma - 0.5) * 2))
            appearanceReason = "the sheet's surface is \(dark ? "dark" : "light") (luma \(format(outline.surface.luma)))"
        }
        return .success(SheetMeasurement(canvas: canvas, outline: outline, style: style, styleReason: styleReason,
                                         visibleHeight: outline.visibleHeight(canvasHeight: canvas.height), grabber: grabber,
                                         appearance: appearance, appearanceReason: appearanceReason, dimming: dimming, shadow: shadow))
    }
}
