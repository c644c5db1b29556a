import SheetKit

/// What a frame shows of the sheet: a snapshot of the engine in visual terms.
public struct SheetVisual: Sendable, Equatable {
    /// Visible height in points.
    public var height: Double
    /// Dimming opacity, 0…1.
    public var dim: Double
    /// The sheet's own opacity, 0…1.
    public var alpha: Double
    /// Content scroll offset in points.
    public var contentOffset: Double
    /// How far the background is panned, in points.
    public var panX: Double
    public var panY: Double
    /// The last tap the background received, with the pan it happened at.
    public var tap: TapMark?
    /// How much of the software keyboard shows, in points from the canvas's bottom edge (0: none).
    public var keyboard = 0.0
    /// The text fields' state, by content index: only fields whose text differs from the config's, or that are
    /// focused, are here.
    public var fields: [Int: FieldVisual] = [:]

    public init(height: Double, dim: Double = 0, alpha: Double = 1, contentOffset: Double = 0,
                panX: Double = 0, panY: Double = 0, tap: TapMark? = nil) {
        self.height = height; self.dim = dim; self.alpha = alpha; self.contentOffset = contentOffset
        self.panX = panX; self.panY = panY; self.tap = tap
    }

    /// The engine's state at its current time.
    public init(engine: SheetEngine) {
        self.init(height: engine.height, dim: engine.dim, alpha: engine.alpha, contentOffset: engine.contentOffset,
                  panX: engine.backgroundOffset.x, panY: engine.backgroundOffset.y,
                  tap: engine.lastBackgroundTap.map {
                      TapMark(x: $0.point.x, y: $0.point.y, ageMS: engine.time - $0.time, sequence: $0.sequence,
                              panX: $0.pan.x, panY: $0.pan.y)
                  })
        keyboard = engine.keyboard.visible
        // Only a focused field or one typed into can differ from the config: no walk over the content each frame.
        let candidates = Set(engine.fieldTexts.keys).union(engine.focusedField.map { [$0] } ?? [])
        let content = engine.baseSetup.config.sheet.content
        for index in candidates where index < content.count {
            guard case .textField(let field) = content[index] else { continue }
            let focused = engine.focusedField == index
            let text = engine.text(ofField: index) ?? field.text
            guard focused || text != field.text else { continue }
            fields[index] = FieldVisual(text: text, focused: focused, caret: focused && engine.caretVisible(at: engine.time))
        }
    }
}

/// A text field as a frame shows it: its text now, whether it is focused, and whether its caret is drawn.
public struct FieldVisual: Sendable, Equatable, Hashable {
    public var text: String
    public var focused: Bool
    public var caret: Bool
    public init(text: String, focused: Bool = false, caret: Bool = false) { self.text = text; self.focused = focused; self.caret = caret }
}
