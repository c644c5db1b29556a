/// The sheet's content laid out top to bottom, in points relative to the content origin
/// (the sheet's left edge plus the side inset, and the bottom of the grabber band).
public struct ContentLayout: Sendable, Equatable {
    /// Side inset in points.
    public static let sideInset = 16.0
    /// Space between elements in points.
    public static let spacing = 12.0
    /// Space below the last element, before the bottom safe area, in points.
    public static let bottomPadding = 16.0
    public static let buttonHeight = 50.0
    public static let rowHeight = 48.0
    public static let rowWithDetailHeight = 60.0
    public static let listHeaderHeight = 30.0

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

    /// Each element's frame, by content index.
    public var frames: [Rect]
    /// The wrapped lines of each title and text element, by content index.
    public var lines: [Int: [String]]
    public var targets: [Target]
    /// The elements' height plus the bottom padding (not the band, not the safe area).
    public var contentHeight: Double
    /// The width of the content column.
    public var width: Double

    public init(content: [ContentElement], width: Double, measurer: any TextMeasuring) {
        self.width = width
        var y = 0.0
        var frames: [Rect] = []
        var targets: [Target] = []
        var lines: [Int: [String]] = [:]
        for (index, element) in content.enumerated() {
            if index > 0 { y += Self.spacing }
            let height: Double
            switch element {
            case .title(let t):
                lines[index] = measurer.lines(of: t.text, style: .title, maxWidth: width)
                height = Double(lines[index]!.count) * TextStyle.title.lineHeight
            case .text(let t):
                lines[index] = measurer.lines(of: t.text, style: .body, maxWidth: width)
                height = Double(lines[index]!.count) * TextStyle.body.lineHeight
            case .button(let b):
                height = Self.buttonHeight
                targets.append(Target(kind: .button, frame: Rect(x: 0, y: y, width: width, height: height), action: b.action, element: index))
            case .spacer(let h):
                height = h
            case .image(let i):
                height = i.height
            case .row(let r):
                height = r.detail == nil ? Self.rowHeight : Self.rowWithDetailHeight
                targets.append(Target(kind: .row, frame: Rect(x: 0, y: y, width: width, height: height), action: r.action, element: index))
            case .list(let l):
                var h = l.title == nil ? 0 : Self.listHeaderHeight
                for (rowIndex, r) in l.rows.enumerated() {
                    let rh = r.detail == nil ? Self.rowHeight : Self.rowWithDetailHeight
                    targets.append(Target(kind: .row, frame: Rect(x: 0, y: y + h, width: width, height: rh), action: r.action,
                                          element: index, row: rowIndex))
                    h += rh
                }
                height = h
            }
            frames.append(Rect(x: 0, y: y, width: width, height: height))
            y += height
        }
        self.frames = frames
        self.targets = targets
        self.lines = lines
        contentHeight = y + Self.bottomPadding
    }
}
