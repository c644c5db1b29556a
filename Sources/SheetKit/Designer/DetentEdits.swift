/// Detents changed in the document: made explicit, moved, added and removed. Every edit keeps the
/// document's other detents as they are written.
public enum DetentEdits {
    private typealias Key = DetentSpec.CodingKeys
    public static let path = InspectorRows.sheetPath / SheetConfig.CodingKeys.detents
    /// The lowest a dragged detent goes, in points.
    public static let minimumHeight = 20.0

    /// Heights land on half points.
    public static func rounded(_ height: Double) -> Double { (height * 2).rounded() / 2 }

    /// The edit that writes `sheet.detents` out when the document leaves it to the default.
    public static func materialize(document: JSONNode, config: SheetLabConfig) -> [ConfigEditor.Edit] {
        guard document.value(at: path) == nil, let node = try? JSONNodeEncoder.encode(config.sheet.detents) else { return [] }
        return [.set(path, node)]
    }

    /// The detents as written (after `materialize`).
    static func items(document: JSONNode, config: SheetLabConfig) -> [JSONNode] {
        let explicit = materialize(document: document, config: config).reduce(document) { $1.applied(to: $0) }
        if case .array(let items)? = explicit.value(at: path)?.value { return items }
        return []
    }

    /// Where detent `id` is in the written list: a bare name ("medium") or an object with that id.
    public static func index(of id: String, in items: [JSONNode]) -> Int? {
        items.firstIndex { $0.stringValue == id || $0[Key.id.stringValue]?.stringValue == id }
    }

    /// Detent `id` at `height` (rounded to half points), written as {"id", "height"}.
    public static func setHeight(_ id: String, _ height: Double, document: JSONNode, config: SheetLabConfig) -> [ConfigEditor.Edit] {
        guard let i = index(of: id, in: items(document: document, config: config)) else { return [] }
        return materialize(document: document, config: config)
            + [.set(path / i, .object([(Key.id.stringValue, .string(id)), (Key.height.stringValue, .number(rounded(height)))]))]
    }

    /// A new detent halfway up the widest gap between the detents (or the bottom), where it is most useful.
    public static func add(document: JSONNode, setup: SheetSetup) -> (edits: [ConfigEditor.Edit], id: String) {
        let ids = Set(setup.detents.map(\.id))
        var n = 1
        while ids.contains("detent\(n)") { n += 1 }
        let heights = [0] + setup.detents.map(\.height)
        let gap = zip(heights, heights.dropFirst()).max { ($0.1 - $0.0) < ($1.1 - $1.0) } ?? (0, 200)
        let count = items(document: document, config: setup.config).count
        let id = "detent\(n)"
        let value: JSONNode = .object([(Key.id.stringValue, .string(id)), (Key.height.stringValue, .number(((gap.0 + gap.1) / 2).rounded()))])
        return (materialize(document: document, config: setup.config) + [.set(path / count, value)], id)
    }

    public static func remove(_ id: String, document: JSONNode, config: SheetLabConfig) -> [ConfigEditor.Edit] {
        guard let i = index(of: id, in: items(document: document, config: config)) else { return [] }
        return materialize(document: document, config: config) + [.remove(path / i)]
    }
}

/// The guides' handles: a dot at the right edge of the canvas at each detent's top.
public enum DetentHandles {
    /// Distance of a handle from the canvas's right edge, in points.
    public static let inset = 30.0
    /// How near a press must be to grab a handle, in points.
    public static let grabRadius = 18.0

    public static func point(for detent: ResolvedDetent, canvas: Canvas) -> Point {
        Point(canvas.width - inset, canvas.height - detent.height)
    }

    /// The detent whose handle is under `p`, if any (the first in ascending height).
    public static func hit(_ p: Point, setup: SheetSetup) -> String? {
        setup.detents.first { point(for: $0, canvas: setup.canvas).distance(to: p) <= grabRadius }?.id
    }

    /// The height a handle dragged to `y` gives: within the canvas's room, on half points.
    public static func height(atY y: Double, canvas: Canvas) -> Double {
        DetentEdits.rounded(min(max(canvas.height - y, DetentEdits.minimumHeight), canvas.maxSheetHeight))
    }
}
