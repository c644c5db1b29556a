/// The sheet's content laid out top to bottom, in points relative to the content origin
/// (the sheet's left edge plus the side inset, and the bottom of the grabber band).
public struct ContentLayout: Sendable, Equatable {
    /// Side inset in points.
    public static let sideInset = 16.0
    /// Space between elements in points, unless an element says `spaceAbove`.
    public static let spacing = 12.0
    /// Space below the last element, before the bottom safe area, in points.
    public static let bottomPadding = 16.0
    public static let buttonHeight = 50.0
    public static let rowHeight = 48.0
    public static let rowWithDetailHeight = 60.0
    public static let listHeaderHeight = 30.0
    /// A full-width button's title font: 17 pt semibold.
    public static let buttonFont = TextStyle.button.font

    /// Something the user can tap.
    public struct Target: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case button, row }
        public var kind: Kind
        public var frame: Rect
        public var action: ElementAction
        /// The content index of the element, and the row within a list.
        public var element: Int
        public var row: Int?
    }

    /// The room height-filling elements share: the sheet at its largest fixed (not `fit`) detent.
    public struct FillSpace: Sendable, Equatable {
        /// The sheet's height at its largest fixed detent, in points.
        public var sheetHeight: Double
        /// The grabber band above the content.
        public var band: Double
        /// The canvas's bottom safe area.
        public var safeBottom: Double

        public init(sheetHeight: Double, band: Double, safeBottom: Double) {
            self.sheetHeight = sheetHeight; self.band = band; self.safeBottom = safeBottom
        }
    }

    /// Each element's frame, by content index. A compact button's frame is the button itself.
    public var frames: [Rect]
    /// The wrapped lines of each title and text element, by content index.
    public var lines: [Int: [String]]
    /// The font of each title, text and button element, by content index.
    public var fonts: [Int: TextFont]
    /// Where a title's or text's first line starts below its frame's top, by content index (non-zero only
    /// for height-filling elements, whose text is centred).
    public var textTops: [Int: Double]
    public var targets: [Target]
    /// The elements' height plus the bottom padding (not the band, not the safe area).
    public var contentHeight: Double
    /// The width of the content column.
    public var width: Double

    public init(content: [ContentElement], width: Double, measurer: any TextMeasuring, fill: FillSpace? = nil) {
        self.width = width
        var fonts: [Int: TextFont] = [:]
        var lines: [Int: [String]] = [:]
        // First the natural height of every element.
        var heights: [Double] = []
        for (index, element) in content.enumerated() {
            switch element {
            case .title(let t), .text(let t):
                let isTitle: Bool = { if case .title = element { return true } else { return false } }()
                let font = (t.font?.font ?? (isTitle ? TextStyle.title : TextStyle.body).font).weighted(t.weight)
                fonts[index] = font
                lines[index] = measurer.lines(of: t.text, font: font, maxWidth: width)
                heights.append(Double(lines[index]!.count) * font.lineHeight)
            case .button(let b):
                let font = Self.font(of: b)
                fonts[index] = font
                heights.append(b.size == .compact ? font.lineHeight + 2 * b.padding : Self.buttonHeight)
            case .spacer(let h):
                heights.append(h)
            case .image(let i):
                heights.append(i.height)
            case .row(let r):
                heights.append(r.detail == nil ? Self.rowHeight : Self.rowWithDetailHeight)
            case .list(let l):
                heights.append((l.title == nil ? 0 : Self.listHeaderHeight)
                               + l.rows.reduce(0) { $0 + ($1.detail == nil ? Self.rowHeight : Self.rowWithDetailHeight) })
            }
        }
        let gaps = content.enumerated().map { Self.space(above: $0.element, at: $0.offset) }
        let fillers = content.indices.filter { Self.fillHeight(content[$0]) != nil }
        if let fill, !fillers.isEmpty {
            let usable = fill.sheetHeight - fill.band - fill.safeBottom - Self.bottomPadding
            let fixed = content.indices.filter { !fillers.contains($0) }.reduce(0) { $0 + heights[$1] } + gaps.reduce(0, +)
            let share = max(0, usable - fixed - fillers.reduce(0) { $0 + heights[$1] }) / Double(fillers.count)
            for i in fillers { heights[i] += share }
        }

        var y = 0.0
        var frames: [Rect] = []
        var targets: [Target] = []
        var textTops: [Int: Double] = [:]
        for (index, element) in content.enumerated() {
            y += gaps[index]
            let height = heights[index]
            var frame = Rect(x: 0, y: y, width: width, height: height)
            switch element {
            case .title, .text:
                if let kind = Self.fillHeight(element), let fill, let font = fonts[index] {
                    let textHeight = Double(lines[index]?.count ?? 0) * font.lineHeight
                    let spanTop = index == 0 ? -fill.band : y
                    let sheetBottom = fill.sheetHeight - fill.band - (kind == .sheet ? 0 : fill.safeBottom)
                    let spanBottom = index == content.count - 1 ? sheetBottom : y + height
                    let top = min(max((spanTop + spanBottom - textHeight) / 2, y), y + height - textHeight)
                    textTops[index] = top - y
                }
            case .button(let b):
                if b.size == .compact, let font = fonts[index] {
                    let w = min(width, measurer.width(of: b.title, font: font) + 2 * b.padding)
                    frame = Rect(x: b.align.offset(lineWidth: w, in: width), y: y, width: w, height: height)
                }
                targets.append(Target(kind: .button, frame: frame, action: b.action, element: index))
            case .row(let r):
                targets.append(Target(kind: .row, frame: frame, action: r.action, element: index))
            case .list(let l):
                var h = l.title == nil ? 0 : Self.listHeaderHeight
                for (rowIndex, r) in l.rows.enumerated() {
                    let rh = r.detail == nil ? Self.rowHeight : Self.rowWithDetailHeight
                    targets.append(Target(kind: .row, frame: Rect(x: 0, y: y + h, width: width, height: rh), action: r.action,
                                          element: index, row: rowIndex))
                    h += rh
                }
            case .spacer, .image:
                break
            }
            frames.append(frame)
            y += height
        }
        self.frames = frames
        self.targets = targets
        self.lines = lines
        self.fonts = fonts
        self.textTops = textTops
        contentHeight = y + Self.bottomPadding
    }

    /// A button's title font: its text style, else 17 pt semibold, with its weight.
    public static func font(of b: ButtonElement) -> TextFont {
        (b.font?.font ?? buttonFont).weighted(b.weight)
    }

    /// The space above the element at `index`: its `spaceAbove`, else `spacing` (none above the first).
    static func space(above element: ContentElement, at index: Int) -> Double {
        switch element {
        case .title(let t), .text(let t): if let s = t.spaceAbove { return s }
        case .button(let b): if let s = b.spaceAbove { return s }
        default: break
        }
        return index == 0 ? 0 : spacing
    }

    static func fillHeight(_ element: ContentElement) -> FillHeight? {
        switch element {
        case .title(let t), .text(let t): return t.fillHeight
        default: return nil
        }
    }
}
