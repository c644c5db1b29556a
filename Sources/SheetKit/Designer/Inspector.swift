/// The inspector beside the canvas: which row is selected, what is being typed, the scroll, a scrub
/// in progress. Its reducer turns presses, drags, keys, text and the wheel into actions; it never
/// edits the document itself.
public struct Inspector: Sendable, Equatable {
    /// The panel's width in points.
    public static let width = 300.0
    public static let rowHeight = 22.0
    /// The first row's top, in points.
    public static let top = 12.0
    /// The strip at the bottom that holds the hint; rows stop above it.
    public static let hintHeight = 36.0
    /// Points of sideways drag per step of a number, and per point of a detent's height.
    public static let scrubPointsPerStep = 4.0
    public static let scrubPointsPerDetentPoint = 2.0
    /// How far ↑/↓ move with Shift held, in steps.
    public static let shiftMultiplier = 10.0

    public struct Scrub: Sendable, Equatable {
        public var row: Int
        public var startX: Double
        public var startValue: Double
        public var started = false
    }

    /// One edit, possibly part of a drag that undoes in one step.
    public enum Gesture: Sendable, Equatable { case single, begins, continues }

    public enum Action: Sendable, Equatable {
        case edit(ConfigEditor.Edit, Gesture)
        case detentHeight(id: String, height: Double, Gesture)
        case addDetent
        case removeDetent(String)
        /// Content text: `sheet.content` is made explicit first.
        case contentText(KeyPath, String)
        case toast(String)
    }

    public var isOpen = false
    public var selection: Int?
    /// What is being typed into the selected row, while typing.
    public var typing: String?
    public var scroll = 0.0
    public var scrub: Scrub?

    public init() {}

    /// The panel's width in the window's layout: 0 when closed.
    public var layoutWidth: Double { isOpen ? Self.width : 0 }

    public func row(atY y: Double, count: Int) -> Int? {
        let i = Int(((y + scroll - Self.top) / Self.rowHeight).rounded(.down))
        return (0..<count).contains(i) ? i : nil
    }

    /// A press at `p`, in the panel's own points.
    public mutating func press(at p: Point, rows: [InspectorRows.Row]) -> [Action] {
        typing = nil
        guard let i = row(atY: p.y, count: rows.count) else { return [] }
        selection = i
        switch rows[i] {
        case .number(_, _, let value, _, _): scrub = Scrub(row: i, startX: p.x, startValue: value)
        case .detent(_, let height): scrub = Scrub(row: i, startX: p.x, startValue: height)
        case .addDetent: return [.addDetent]
        case .choice: return cycle(rows[i], by: 1)
        case .toggle(_, let path, let value): return [.edit(.set(path, .bool(!value)), .single)]
        default: break
        }
        return []
    }

    /// The pointer moved to `x` (panel points) with the button down.
    public mutating func drag(toX x: Double, rows: [InspectorRows.Row]) -> [Action] {
        guard var s = scrub, rows.indices.contains(s.row) else { return [] }
        let dx = x - s.startX
        let gesture: Gesture = s.started ? .continues : .begins
        let action: Action
        switch rows[s.row] {
        case .number(_, let path, _, let step, _):
            let value = ((s.startValue + (dx / Self.scrubPointsPerStep).rounded() * step) / step).rounded() * step
            action = .edit(.set(path, .number(value)), gesture)
        case .detent(let id, _):
            action = .detentHeight(id: id, height: s.startValue + (dx / Self.scrubPointsPerDetentPoint).rounded(), gesture)
        default:
            return []
        }
        s.started = true
        scrub = s
        return [action]
    }

    public mutating func release() { scrub = nil }

    /// Tab or I opens and closes the panel (not while typing).
    public mutating func toggle() {
        isOpen.toggle()
        typing = nil
    }

    /// A key while the panel may be open: the actions, or nil for keys it does not take.
    public mutating func key(_ key: DesignerKey, shift: Bool, rows: [InspectorRows.Row]) -> [Action]? {
        // Tab and I open and close the panel through the key table, except while typing.
        if typing == nil && KeyTable.command(for: KeyChord(key, shift: shift)) == .inspector { return nil }
        guard isOpen, let i = selection, rows.indices.contains(i) else { return nil }
        let row = rows[i]
        if let typed = typing { return typingKey(key, typed: typed, row: row) }
        switch key {
        case .left, .right:
            if case .toggle(_, let path, let value) = row { return [.edit(.set(path, .bool(!value)), .single)] }
            if case .choice = row { return cycle(row, by: key == .right ? 1 : -1) }
            return nil
        case .up, .down:
            let sign = key == .up ? 1.0 : -1.0
            let times = shift ? Self.shiftMultiplier : 1
            switch row {
            case .number(_, _, let value, let step, _): return set(row, to: value + sign * step * times)
            case .detent(_, let height): return set(row, to: height + sign * times)
            default: return []
            }
        case .enter:
            switch row {
            // Typing replaces the value; Esc keeps it.
            case .number, .detent, .color: typing = ""
            case .text(_, _, let value): typing = value
            case .choice: return cycle(row, by: 1)
            case .toggle(_, let path, let value): return [.edit(.set(path, .bool(!value)), .single)]
            case .addDetent: return [.addDetent]
            default: break
            }
            return []
        case .backspace, .delete:
            if case .detent(let id, _) = row {
                selection = nil
                return [.removeDetent(id)]
            }
            return []
        case .escape:
            selection = nil
            return []
        default:
            return nil
        }
    }

    /// Keys while typing: digits and hex for values (letters of content text arrive as `text`).
    private mutating func typingKey(_ key: DesignerKey, typed: String, row: InspectorRows.Row) -> [Action] {
        var typed = typed
        switch key {
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
        case .escape:
            typing = nil
            return []
        case .enter:
            typing = nil
            return committed(typed, row: row)
        case .digit(let d) where !row.isText:
            typed.append(String(d))
        case .character(let c) where !row.isText && (c == "." || c == "-" || c == "#" || c.isHexDigit):
            typed.append(c)
        default:
            return []
        }
        typing = typed
        return []
    }

    private func committed(_ typed: String, row: InspectorRows.Row) -> [Action] {
        switch row {
        case .text(_, let path, _):
            return [.contentText(path, typed)]
        case .color(_, let path, _) where typed.isEmpty && path.components.last == .key("fill"):
            return [.edit(.remove(path), .single)]
        case .color(_, let path, _):
            let hex = typed.hasPrefix("#") ? typed : "#" + typed
            return [.edit(.set(path, .string(hex.uppercased())), .single)]
        default:
            guard let v = Double(typed) else { return [.toast("“\(typed)” is not a number")] }
            return set(row, to: v)
        }
    }

    /// Text typed into the selected content row.
    public mutating func text(_ string: String, rows: [InspectorRows.Row]) {
        guard isOpen, let typed = typing, let i = selection, rows.indices.contains(i), rows[i].isText else { return }
        typing = typed + string
    }

    /// The wheel over the panel scrolls it, within its rows.
    public mutating func scroll(by dy: Double, rowCount: Int, canvasHeight: Double) {
        let content = Self.top + Double(rowCount) * Self.rowHeight
        let visible = canvasHeight - Self.hintHeight
        scroll = min(max(0, scroll - dy * Self.rowHeight), max(0, content - visible))
    }

    func cycle(_ row: InspectorRows.Row, by step: Int) -> [Action] {
        guard case .choice(_, let path, let options, let current) = row, !options.isEmpty else { return [] }
        let index = options.firstIndex(where: { $0 == current }) ?? 0
        let next = options[(index + step + options.count) % options.count]
        return [.edit(.set(path, next.map { .string($0) } ?? .null), .single)]
    }

    func set(_ row: InspectorRows.Row, to value: Double) -> [Action] {
        switch row {
        case .number(_, let path, _, _, _): return [.edit(.set(path, .number((value * 1000).rounded() / 1000)), .single)]
        case .detent(let id, _): return [.detentHeight(id: id, height: value, .single)]
        default: return []
        }
    }
}
