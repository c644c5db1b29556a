/// A config resolved against its canvas: everything the engine needs, in points.
public struct SheetSetup: Sendable, Equatable {
    public var config: SheetLabConfig
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

    public var sheet: SheetConfig { config.sheet }
    public var bandHeight: Double { config.sheet.grabber.bandHeight }
    public var largest: ResolvedDetent { detents.last! }
    public var smallest: ResolvedDetent { detents.first! }
    /// How a settle moves, as the config's curve keys say (a feel's own motion is `settleCurve`).
    public var motion: MotionCurve { MotionCurve(config.sheet.motion) }
    /// Whose release rule and settle motion the sheet follows.
    public var feel: Feel { config.sheet.motion.feel }
    /// How a release picks its target.
    public var releaseRule: ReleaseRule { ReleaseRule(decelerationRate: config.sheet.motion.decelerationRate, feel: feel) }

    /// Resolves `config`; its detents must be valid (see `ConfigValidator`).
    public init(config: SheetLabConfig, measurer: any TextMeasuring = EstimatedTextMetrics()) {
        self.config = config
        canvas = config.resolvedCanvas
        (sheetX, sheetWidth) = SheetFrame.horizontal(canvasWidth: canvas.width)
        layout = ContentLayout(content: config.sheet.content, width: sheetWidth - 2 * ContentLayout.sideInset, measurer: measurer)
        naturalHeight = config.sheet.grabber.bandHeight + layout.contentHeight + canvas.safeBottom
        detents = DetentResolver(canvas: canvas, naturalHeight: naturalHeight).resolve(config.sheet.detents)
        if detents.isEmpty { detents = [ResolvedDetent(id: "large", height: canvas.maxSheetHeight)] }
        let byID = Dictionary(detents.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        initialDetent = config.sheet.initialDetent.flatMap { byID[$0] } ?? byID["medium"] ?? detents[0]
        largestUndimmed = config.sheet.dimming.largestUndimmedDetent.flatMap { byID[$0] }
    }

    public func detent(_ id: String) -> ResolvedDetent? { detents.first { $0.id == id } }

    /// The detent nearest `height`.
    public func nearestDetent(to height: Double) -> ResolvedDetent {
        detents.min { abs($0.height - height) < abs($1.height - height) }!
    }
}

/// Turns detent specs into heights (SPEC §2).
public struct DetentResolver: Sendable {
    public var canvas: Canvas
    /// What a `fit` detent measures: the content's natural height, before capping.
    public var naturalHeight: Double

    public init(canvas: Canvas, naturalHeight: Double) {
        self.canvas = canvas
        self.naturalHeight = naturalHeight
    }

    public func height(of spec: DetentSpec) -> Double {
        let m = canvas.maxSheetHeight
        switch spec {
        case .large: return m
        case .medium: return 0.5 * m
        case .fit: return min(naturalHeight, m)
        case .height(_, let points): return min(points, m)
        case .fraction(_, let f): return f * m
        }
    }

    /// Resolved detents in ascending height; equal heights keep their order.
    public func resolve(_ specs: [DetentSpec]) -> [ResolvedDetent] {
        specs.enumerated()
            .map { (offset: $0.offset, detent: ResolvedDetent(id: $0.element.id, height: height(of: $0.element))) }
            .sorted { $0.detent.height != $1.detent.height ? $0.detent.height < $1.detent.height : $0.offset < $1.offset }
            .map(\.detent)
    }
}
