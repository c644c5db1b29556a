/// The sheet's content laid out top to bottom, in points relative to the content origin
/// (the sheet's left edge plus the side inset, and the bottom of the grabber band).
public struct ContentLayout: Sendable, Equatable {
    /// Side inset in points.
    public static let sideInset = 16.0
    /// Space between elements in points, unless an element says `spaceAbove`.
    public static let spacing = 12.0
    /// Space below the last element, before the bottom safe area, in points.
    public static let bottomPadding = 16.0
    /// A full-width button's height at the default text size; it grows when its title needs more.
    public static let buttonHeight = 50.0
    /// A button's title sits this far from its top and bottom edges (a full-width button at Large: 14 + 22 + 14).
    public static let buttonVerticalPadding = 14.0
    /// A row's height at the default text size: 13 + 22 + 13 for a title, 9 + 22 + 20 + 9 with a detail.
    public static let rowHeight = 48.0
    public static let rowWithDetailHeight = 60.0
    /// A list header's height at the default text size: 12 + one 18 pt line of Footnote.
    public static let listHeaderHeight = 30.0
    /// A full-width button's title font at the default text size: 17 pt semibold.
    public static let buttonFont = TextStyle.button.font
    /// Rows: the inset of text from the card's edges, the icon's circle, the gap after it.
    public static let rowPadding = 14.0
    public static let rowIconSize = 32.0
    public static let rowIconGap = 12.0
    /// Space above and below a row's text: 13 pt around a title alone, 9 pt around a title and its detail.
    public static let rowTitleInset = 13.0
    public static let rowDetailInset = 9.0
    /// The shortest a row gets at small text sizes: UIKit's 44 pt, the smallest tap target the HIG allows.
    public static let minimumRowHeight = 44.0
    /// Space below a list header's text.
    public static let headerBottom = 6.0
    /// The disclosure chevron a row with an action draws, its font at the default text size (it scales as
    /// Title 2 does, as the system's disclosure indicator grows with the text), and the gap kept before it.
    public static let chevron = "›"
    public static let chevronFont = TextStyle.title.font.weighted(.semibold)
    public static let chevronGap = 8.0
    /// A text field's height at the default text size: UIKit's 36 pt search field (`UISearchTextField`), one
    /// 22 pt line of Body with 7 pt above and below; it grows with the text size as the system's does.
    public static let fieldHeight = 36.0
    public static let fieldVerticalPadding = 7.0
    /// A search field's text starts past its magnifying glass; a rounded field's past its inset.
    public static let fieldSearchTextX = 30.0
    public static let fieldTextX = 10.0

    /// A list's section header: its upper-cased title wrapped, in Footnote.
    public struct HeaderLayout: Sendable, Equatable {
        public var lines: [String]
        public var font: TextFont
    }

    /// One row laid out: its wrapped title and detail, their fonts, its height and where its text starts.
    public struct RowLayout: Sendable, Equatable {
        public var titleLines: [String]
        public var detailLines: [String]
        public var titleFont: TextFont
        public var detailFont: TextFont
        /// The chevron's font, when the row has an action.
        public var chevronFont: TextFont?
        public var height: Double
        /// The text's leading edge from the row's left, past the icon.
        public var textX: Double

        /// Where the title's first line starts below the row's top: the title and detail block is centred.
        public var textTop: Double {
            (height - Double(titleLines.count) * titleFont.lineHeight - Double(detailLines.count) * detailFont.lineHeight) / 2
        }
    }

    /// Something the user can tap.
    public struct Target: Sendable, Equatable {
        public enum Kind: Sendable, Equatable { case button, row, field }
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
    /// The wrapped lines of each title, text and button element, by content index.
    public var lines: [Int: [String]]
    /// The font of each title, text and button element, by content index.
    public var fonts: [Int: TextFont]
    /// Each row element's layout (one), and each list's rows, by content index.
    public var rows: [Int: [RowLayout]]
    /// Each titled list's header: its wrapped (upper-cased) lines and font, by content index.
    public var headers: [Int: HeaderLayout]
    /// The text settings the content was laid out under.
    public var typography: Typography
    /// Where a title's or text's first line starts below its frame's top, by content index (non-zero only
    /// for height-filling elements, whose text is centred).
    public var textTops: [Int: Double]
    public var targets: [Target]
    /// The elements' height plus the bottom padding (not the band, not the safe area).
    public var contentHeight: Double
    /// The width of the content column.
    public var width: Double

    /// `topSpace` is the space above the first element when it sets none: 0 below a grabber's band, which is the
    /// breathing room; 20 pt on a sheet without a grabber, whose content starts at its top edge (`GrabberConfig.bandHeight`).
    /// An element's own `spaceAbove` is its distance from the content's top either way.
    public init(content: [ContentElement], width: Double, measurer: any TextMeasuring, fill: FillSpace? = nil,
                typography: Typography = .standard, topSpace: Double = 0) {
        self.width = width
        self.typography = typography
        var fonts: [Int: TextFont] = [:]
        var lines: [Int: [String]] = [:]
        var rows: [Int: [RowLayout]] = [:]
        var headers: [Int: HeaderLayout] = [:]
        func row(_ r: RowElement) -> RowLayout {
            Self.row(r, width: width, measurer: measurer, typography: typography)
        }
        // First the natural height of every element.
        var heights: [Double] = []
        for (index, element) in content.enumerated() {
            switch element {
            case .title(let t), .text(let t):
                let isTitle: Bool = { if case .title = element { return true } else { return false } }()
                let font = t.font.map { typography.font($0, weight: t.weight) }
                    ?? typography.font(isTitle ? TextStyle.title : TextStyle.body, weight: t.weight)
                fonts[index] = font
                lines[index] = measurer.lines(of: t.text, font: font, maxWidth: width)
                heights.append(Double(lines[index]!.count) * font.lineHeight)
            case .button(let b):
                let font = Self.font(of: b, typography: typography)
                fonts[index] = font
                let titleLines = measurer.lines(of: b.title, font: font, maxWidth: max(1, width - 2 * b.padding))
                lines[index] = titleLines
                let text = Double(max(1, titleLines.count)) * font.lineHeight
                heights.append(b.size == .compact ? text + 2 * b.padding : max(Self.buttonHeight, text + 2 * Self.buttonVerticalPadding))
            case .spacer(let h):
                heights.append(h)
            case .image(let i):
                heights.append(i.height)
            case .row(let r):
                let layout = row(r)
                rows[index] = [layout]
                heights.append(layout.height)
            case .list(let l):
                let layouts = l.rows.map(row)
                rows[index] = layouts
                var header = 0.0
                if let title = l.title {
                    let font = typography.font(.header)
                    let wrapped = measurer.lines(of: title.uppercased(), font: font, maxWidth: max(1, width - 2 * Self.rowPadding))
                    headers[index] = HeaderLayout(lines: wrapped, font: font)
                    header = Self.listHeaderHeight - TextStyle.header.lineHeight + Double(max(1, wrapped.count)) * font.lineHeight
                }
                heights.append(header + layouts.reduce(0) { $0 + $1.height })
            case .textField:
                let font = typography.font(TextStyle.body)
                fonts[index] = font
                heights.append(max(Self.fieldHeight, font.lineHeight + 2 * Self.fieldVerticalPadding))
            }
        }
        let gaps = content.enumerated().map { Self.space(above: $0.element, at: $0.offset, top: topSpace) }
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
                    let widest = (lines[index] ?? [b.title]).map { measurer.width(of: $0, font: font) }.max() ?? 0
                    let w = min(width, widest + 2 * b.padding)
                    frame = Rect(x: b.align.offset(lineWidth: w, in: width), y: y, width: w, height: height)
                }
                targets.append(Target(kind: .button, frame: frame, action: b.action, element: index))
            case .row(let r):
                targets.append(Target(kind: .row, frame: frame, action: r.action, element: index))
            case .list(let l):
                var h = height - (rows[index] ?? []).reduce(0) { $0 + $1.height }
                for (rowIndex, r) in l.rows.enumerated() {
                    let rh = rows[index]?[rowIndex].height ?? Self.rowHeight
                    targets.append(Target(kind: .row, frame: Rect(x: 0, y: y + h, width: width, height: rh), action: r.action,
                                          element: index, row: rowIndex))
                    h += rh
                }
            case .textField:
                targets.append(Target(kind: .field, frame: frame, action: .none, element: index))
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
        self.rows = rows
        self.headers = headers
        self.textTops = textTops
        contentHeight = y + Self.bottomPadding
    }

    /// A row laid out in a column `width` wide. Its title and detail wrap in the room left beside the icon and the
    /// chevron, and the row grows with them as a self-sizing `UITableViewCell` does: the text's height plus the
    /// same insets it has at the default size (13 pt, or 9 pt with a detail), never shorter than 44 pt nor than the
    /// icon with 8 pt around it. At the default size that is the 48 and 60 pt rows.
    public static func row(_ r: RowElement, width: Double, measurer: any TextMeasuring, typography: Typography) -> RowLayout {
        let textX = rowPadding + (r.icon == nil ? 0 : rowIconSize + rowIconGap)
        let chevronFont = r.action == .none ? nil : typography.font(FontStyle.title2, weight: .semibold)
        let trailing = rowPadding + (chevronFont.map { measurer.width(of: chevron, font: $0) + chevronGap } ?? 0)
        let room = max(1, width - textX - trailing)
        let titleFont = typography.font(.rowTitle)
        let detailFont = typography.font(.rowDetail)
        let titleLines = measurer.lines(of: r.title, font: titleFont, maxWidth: room)
        let detailLines = r.detail.map { measurer.lines(of: $0, font: detailFont, maxWidth: room) } ?? []
        let text = Double(max(1, titleLines.count)) * titleFont.lineHeight + Double(detailLines.count) * detailFont.lineHeight
        let inset = r.detail == nil ? rowTitleInset : rowDetailInset
        var height = max(minimumRowHeight, text + 2 * inset)
        if r.icon != nil { height = max(height, rowIconSize + 16) }
        return RowLayout(titleLines: titleLines, detailLines: detailLines, titleFont: titleFont, detailFont: detailFont,
                         chevronFont: chevronFont, height: height, textX: textX)
    }

    /// A button's title font: its text style, else Body in semibold (17 pt at the default size), with its weight,
    /// at the text size and Bold Text of `typography`.
    public static func font(of b: ButtonElement, typography: Typography = .standard) -> TextFont {
        b.font.map { typography.font($0, weight: b.weight) } ?? typography.font(.button, weight: b.weight)
    }

    /// The space above the element at `index`: its `spaceAbove`, else `spacing` (`top` above the first).
    static func space(above element: ContentElement, at index: Int, top: Double = 0) -> Double {
        switch element {
        case .title(let t), .text(let t): if let s = t.spaceAbove { return s }
        case .button(let b): if let s = b.spaceAbove { return s }
        case .textField(let f): if let s = f.spaceAbove { return s }
        default: break
        }
        return index == 0 ? top : spacing
    }

    static func fillHeight(_ element: ContentElement) -> FillHeight? {
        switch element {
        case .title(let t), .text(let t): return t.fillHeight
        default: return nil
        }
    }
}
