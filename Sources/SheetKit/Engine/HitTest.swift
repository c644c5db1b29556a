/// What a pointer lands on.
public enum HitTarget: Sendable, Equatable {
    /// The band at the sheet's top that holds the grabber.
    case grabber
    /// The sheet's content area, and the tappable element under the point, if any.
    case content(ContentLayout.Target?)
    /// Outside the sheet while the background is dimmed.
    case dimming
    /// Outside the sheet while nothing is dimmed: the background gets it.
    case background

    public var isSheet: Bool {
        switch self {
        case .grabber, .content: return true
        case .dimming, .background: return false
        }
    }
}

public enum HitTest {
    /// Routes a point given the sheet's height, content scroll offset and dimming at that moment.
    public static func target(at p: Point, setup: SheetSetup, height: Double, contentOffset: Double, dim: Double) -> HitTarget {
        let shape = setup.shape(atHeight: height)
        // The bottom edge counts as on the sheet (a finger at the very bottom of the screen).
        let onSheet = height > 0 && (shape.contains(p) || p.y == shape.frame.maxY && p.x >= shape.frame.x && p.x < shape.frame.maxX)
        guard onSheet else { return dim > 0 ? .dimming : .background }
        let top = shape.frame.y
        if p.y < top + setup.bandHeight { return .grabber }
        let local = Point(p.x - setup.contentX(in: shape), p.y - top - setup.bandHeight + contentOffset)
        return .content(setup.layout.targets.first { $0.frame.contains(local) })
    }
}
