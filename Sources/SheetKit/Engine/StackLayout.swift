/// How a sheet under another is drawn: moved, scaled, or hidden, as the rule of the sheet over it says.
///
/// The pose is applied to the sheet's own picture (its outline, material and content), never to what is behind it:
/// a point p of the sheet is drawn at `origin + (p − origin)·scale + (0, dy)`.
public struct SheetPose: Sendable, Equatable {
    /// Points the sheet moves down (negative: up), after scaling.
    public var dy = 0.0
    /// The scale about `origin`.
    public var scale = 1.0
    /// The point the scale is about, in canvas points.
    public var originX = 0.0
    public var originY = 0.0
    /// Whether none of it shows: it is behind the sheet over it.
    public var hidden = false

    public static let identity = SheetPose()
    public var isIdentity: Bool { self == .identity }

    public init(dy: Double = 0, scale: Double = 1, originX: Double = 0, originY: Double = 0, hidden: Bool = false) {
        self.dy = dy; self.scale = scale; self.originX = originX; self.originY = originY; self.hidden = hidden
    }

    /// Where `p` of the sheet is drawn.
    public func apply(_ p: Point) -> Point {
        Point(originX + (p.x - originX) * scale, originY + (p.y - originY) * scale + dy)
    }

    /// The sheet's own point drawn at `p`: for hit testing what is seen.
    public func inverse(_ p: Point) -> Point {
        guard scale > 0 else { return p }
        return Point(originX + (p.x - originX) / scale, originY + (p.y - dy - originY) / scale)
    }
}

/// The poses of a stack's levels, from the rules of the sheets over them (docs/stacks.md; the numbers' sources are in
/// docs/stack-reference.md and docs/ios-reference.md "Sheets over sheets").
public enum StackLayout {
    /// vaul's `NESTED_DISPLACEMENT` (`src/constants.ts:14` @ 3e97aac): the parent drawer moves up 16 px and comes in
    /// 16 px across its width while a nested drawer is open.
    public static let nestedDisplacement = 16.0
    /// The classic card's inset across the width: the first-level recede's W − 32 (docs/recede.md).
    public static let cardInset = 32.0

    /// One pose per level: `[0]` the first sheet, `[n]` the stacked sheet `stack[n − 1]`. The top level's is identity.
    public static func poses(_ engine: SheetEngine) -> [SheetPose] {
        var poses = [SheetPose](repeating: .identity, count: engine.depth)
        for n in 0..<engine.stack.count {
            let upper = engine.stack[n]
            let lower = engine.engine(atLevel: n == 0 ? nil : n - 1)
            poses[n] = pose(of: lower, under: upper.engine, behavior: upper.behavior)
        }
        return poses
    }

    /// How far the sheet over another has come in, 0…1: its height over its reference, the detent it is presented to
    /// while it rises and its smallest detent after. So the one below moves back only as the top one goes below its
    /// lowest detent, and has moved all the way once the top one rests.
    public static func progress(of upper: SheetEngine) -> Double {
        guard upper.phase != .dismissed else { return 0 }
        let reference = upper.awaitingPresented ? upper.setup.initialDetent.height : upper.setup.smallest.height
        guard reference > 0 else { return 0 }
        return min(max(upper.height / reference, 0), 1)
    }

    /// The pose of `lower` under `upper` presented by `behavior`.
    public static func pose(of lower: SheetEngine, under upper: SheetEngine, behavior: StackBehavior) -> SheetPose {
        guard lower.phase != .dismissed || lower.height > 0 else { return .identity }
        let p = progress(of: upper)
        let canvas = lower.setup.canvas
        switch behavior {
        case .push, .switch, .replace:
            // gorhom: `push` leaves it be; `switch` and `replace` move the sheet itself (its engine minimises or dismisses it).
            return .identity
        case .nested:
            // vaul `onNestedOpenChange` / `onNestedDrag`: scale(s) translateY(t) about the drawer's centre, with
            // s = s0 + (1 − pU)(1 − s0), s0 = (W − 16)/W, and t = −16·pU.
            let w = canvas.width
            let s0 = (w - nestedDisplacement) / w
            let shape = lower.setup.shape(atHeight: lower.height).frame
            return SheetPose(dy: -nestedDisplacement * p, scale: 1 - p * (1 - s0),
                             originX: shape.x + shape.width / 2, originY: shape.y + shape.height / 2)
        case .system:
            let expanded = lower.height >= lower.setup.canvas.maxSheetHeight - 0.5
            if expanded {
                // At large, glass stays where it is (TrueSheet: "when expanded, the new sheet simply presents on top");
                // classic recedes into the first level's card, scale (W − 32)/W about its top centre, its top at the safe
                // area (unmeasured: the first-level recede repeated, docs/stack-reference.md §1b).
                guard lower.setup.sheet.style == .classic else { return .identity }
                let w = canvas.width
                let s = 1 - p * cardInset / w
                let top = lower.top
                return SheetPose(dy: -p * (top - canvas.safeTop), scale: s, originX: w / 2, originY: top)
            }
            // Below large (measured, iOS 26.1, G-S2): it slides down, whole, to where the top one comes to rest, in step
            // with it, and is hidden behind it from then on.
            let upperTop = canvas.height - (upper.awaitingPresented ? upper.setup.initialDetent.height : upper.setup.smallest.height)
            let travel = max(0, upperTop - lower.top)
            return SheetPose(dy: p * travel, hidden: p >= 1 - 1e-9)
        }
    }
}
