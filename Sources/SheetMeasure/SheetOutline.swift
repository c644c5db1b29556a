/// The sheet's outline as read off a screenshot, in points on the canvas: its top edge, its insets from the sides and
/// the bottom, and its corners.
public struct SheetOutline: Sendable, Equatable {
    /// The top edge's y, from the canvas's top.
    public var top: Measured<Double>
    /// Gaps between the canvas's edges and the sheet's: 0 for a sheet attached to the edge.
    public var leftInset: Measured<Double>
    public var rightInset: Measured<Double>
    public var bottomInset: Measured<Double>
    /// The top corners (the left and right fits agreeing is part of the confidence).
    public var topCorner: Measured<CornerFit>
    /// The bottom corners of a sheet that floats above the bottom edge; nil when it is attached.
    public var bottomCorner: Measured<CornerFit>?
    /// Each side's own fit, left then right (nil where that corner could not be traced): the figures above combine
    /// them. A published measurement of one corner is compared with that corner's.
    public var topCornerSides: [CornerFit?] = [nil, nil]
    public var bottomCornerSides: [CornerFit?] = [nil, nil]
    /// The mean colour of the band just under the top edge, away from the grabber, and how much it varies (RMS,
    /// levels): a solid fill varies by less than a level, a material over a map by more.
    public var surface: RGB
    public var surfaceSpread: Double

    /// How sure the outline is: its top edge straight and its corners traced on both sides and fitting their curve. Of
    /// two readings of one picture, the surer is kept.
    public var certainty: Double { top.confidence * topCorner.confidence }

    /// The sheet's visible height over a canvas `height` points tall.
    public func visibleHeight(canvasHeight height: Double) -> Measured<Double> {
        Measured(height - top.value, residual: top.residual, confidence: top.confidence)
    }
}

/// Why no sheet was found, in words for the user.
public struct NoSheetFound: Error, Sendable, Equatable {
    public var reason: String
}
