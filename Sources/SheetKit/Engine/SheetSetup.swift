/// A config resolved against its canvas: everything the engine needs, in points.
public struct SheetSetup: Sendable, Equatable {
    public var config: SheetLabConfig { didSet { sheet = config.drawnSheet } }
    public var canvas: Canvas
    /// Detents in ascending height; ties keep the config's order.
    public var detents: [ResolvedDetent]
    public var initialDetent: ResolvedDetent
    /// `nil` when the sheet is modal (dimmed at every detent).
    public var largestUndimmed: ResolvedDetent?
    public var layout: ContentLayout
    /// The content's natural height: band, elements, padding and the bottom safe area, uncapped.
    public var naturalHeight: Double
    /// The sheet's horizontal extent on the canvas.
    public var sheetX: Double
    public var sheetWidth: Double
    /// How the canvas's size class presents the sheet: as a card, a form sheet (iPad), full screen or
    /// edge-attached (compact height).
    public var presentation: SheetPresentation
    /// The space content keeps free below itself: the bottom safe area, except in a form sheet.
    public var contentBottomInset: Double
    /// Detents of the config that are inactive here (`medium` in compact height; all but the screen when full
    /// screen), with their heights as they would resolve. `detent(_:)` stands an active one in for them.
    public var inactiveDetents: [ResolvedDetent]
    /// The sheets of the config's `sheets` map, each resolved as a first sheet is, on the same canvas and with the
    /// same text measurer, by id: what a `present` puts over this one. Empty in those setups themselves (the map is
    /// resolved once, by the first sheet's setup).
    public internal(set) var stackSetups: [String: SheetSetup] = [:]

    /// The sheet as drawn under the config's settings (`SheetLabConfig.drawnSheet`): the config's own sheet with
    /// its material resolved for Reduce Transparency and tinted glass. Everything else is the config's. Resolved
    /// once, when the config is set: the renderer reads it many times a frame.
    public private(set) var sheet: SheetConfig
    /// The iOS settings (Dynamic Type, Reduce Transparency, …) this sheet is drawn under.
    public var settings: AccessibilitySettings { config.settings }
    public var bandHeight: Double { config.sheet.grabber.bandHeight }
    /// The height content scrolls in at the largest detent: the sheet's height there, below the grabber band.
    public var contentViewport: Double { shape(atHeight: largest.height).frame.height - bandHeight }
    public var largest: ResolvedDetent { detents.last! }
    public var smallest: ResolvedDetent { detents.first! }
    /// How a settle moves, as the config's curve keys say (a feel's own motion is `settleCurve`).
    public var motion: MotionCurve { MotionCurve(config.sheet.motion) }
    /// Whose release rule and settle motion the sheet follows.
    public var feel: Feel { config.sheet.motion.feel }
    /// The full dimming: the config's `dimming.opacity`, else what iOS draws for the style and appearance.
    public var dimmingOpacity: Double {
        config.sheet.dimming.opacityOverride ?? DimmingConfig.systemOpacity(style: sheet.style, appearance: config.appearance)
    }
    /// How a release picks its target.
    public var releaseRule: ReleaseRule { ReleaseRule(decelerationRate: config.sheet.motion.decelerationRate, feel: feel) }

    /// Resolves `config`; its detents must be valid (see `ConfigValidator`). `overSheet`: the sheet is presented over
    /// another (a sheet of the config's `sheets`), which places a glass sheet's large top lower (`Canvas.largeTopGap`).
    public init(config: SheetLabConfig, measurer: any TextMeasuring = EstimatedTextMetrics(), stacking: Bool = true,
                overSheet: Bool = false) {
        self.config = config
        sheet = config.drawnSheet
        canvas = config.resolvedCanvas
        if overSheet { canvas.largeTopGap = config.sheet.style.stackedLargeTopGap }
        presentation = SheetPresentation(canvas: canvas, edgeAttached: config.sheet.edgeAttachedInCompactHeight)
        (sheetX, sheetWidth) = SheetFrame.horizontal(canvas: canvas, presentation: presentation,
                                                     followsPreferredWidth: config.sheet.widthFollowsPreferredContentSize)
        let floating = config.sheet.style == .glass && presentation == .card && canvas.displayCornerRadius > 0
        contentBottomInset = presentation == .formSheet ? 0 : canvas.safeBottom
        // Height-filling content shares the sheet at its largest fixed (not `fit`) detent.
        let fixedSpecs = config.sheet.detents.filter(\.isFixedHeight)
        var fill: ContentLayout.FillSpace?
        if let largest = DetentResolver(canvas: canvas, naturalHeight: 0).resolve(fixedSpecs).last?.height {
            fill = ContentLayout.FillSpace(sheetHeight: largest, band: config.sheet.grabber.bandHeight, safeBottom: contentBottomInset)
        }
        layout = ContentLayout(content: config.sheet.content, width: Self.contentWidth(sheetWidth: sheetWidth, floats: floating),
                               measurer: measurer, fill: fill, typography: Typography(config.settings),
                               topSpace: config.sheet.grabber.contentTopSpace)
        naturalHeight = config.sheet.grabber.bandHeight + layout.contentHeight + contentBottomInset
        let all = DetentResolver(canvas: canvas, naturalHeight: naturalHeight).resolve(config.sheet.detents)
        let specs = Dictionary(config.sheet.detents.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        switch presentation {
        case .card:
            detents = all
        case .fullScreen:
            // Full screen, edge to edge: one resting place, the screen (UIKit's large detent there).
            detents = [ResolvedDetent(id: "large", height: canvas.height)]
        case .formSheet:
            // A centred card of fixed size: one resting place, its top where it is centred.
            let h = min(SheetFrame.formSheetHeight, canvas.height - canvas.safeTop - 40)
            detents = [ResolvedDetent(id: "large", height: canvas.height - (canvas.height - h) / 2)]
        case .edgeAttached:
            detents = all.filter { specs[$0.id] != .medium }
        }
        if detents.isEmpty { detents = [ResolvedDetent(id: "large", height: canvas.maxSheetHeight)] }
        let active = Set(detents.map(\.id))
        inactiveDetents = all.filter { !active.contains($0.id) }
        initialDetent = detents[0]
        largestUndimmed = nil
        initialDetent = config.sheet.initialDetent.flatMap { detent($0) } ?? detent("medium") ?? detents[0]
        largestUndimmed = config.sheet.dimming.largestUndimmedDetent.flatMap { undimmedStandIn($0) }
        if stacking {
            for entry in config.sheets {
                var stacked = config.presenting(entry.sheet)
                // A presented sheet starts down; `present` brings it up.
                stacked.sheet.presented = false
                stackSetups[entry.id] = SheetSetup(config: stacked, measurer: measurer, stacking: false, overSheet: true)
            }
        }
    }

    /// The active detent `id` names. An inactive detent (see `inactiveDetents`) stands for the smallest active
    /// detent at or above its height, else the largest: `medium` in compact height is `large`, as UIKit shows a
    /// selected detent that is inactive. `nil` for an id the config does not have.
    public func detent(_ id: String) -> ResolvedDetent? {
        if let d = detents.first(where: { $0.id == id }) { return d }
        guard let gone = inactiveDetents.first(where: { $0.id == id }) else { return nil }
        return detents.first { $0.height >= gone.height - 0.5 } ?? largest
    }

    /// The largest undimmed detent when `id` is inactive: the largest active detent at or below its height, so
    /// that nothing is undimmed that was not; `nil` (modal) when there is none.
    func undimmedStandIn(_ id: String) -> ResolvedDetent? {
        if let d = detents.first(where: { $0.id == id }) { return d }
        guard let gone = inactiveDetents.first(where: { $0.id == id }) else { return nil }
        return detents.last { $0.height <= gone.height + 0.5 }
    }

    /// The detent nearest `height`.
    public func nearestDetent(to height: Double) -> ResolvedDetent {
        detents.min { abs($0.height - height) < abs($1.height - height) }!
    }
}

extension DetentSpec {
    /// Whether the height is fixed by the config (every detent but `fit`).
    var isFixedHeight: Bool { if case .fit = self { false } else { true } }
}
