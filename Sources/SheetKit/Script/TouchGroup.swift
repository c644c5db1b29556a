/// Touches as one gesture: any number of fingers drive one pointer by their centroid.
///
/// UIKit's pan recognizer keeps one gesture for any number of touches (`maximumNumberOfTouches` is unlimited by
/// default) and follows their centroid, so a finger that lands or lifts moves nothing: the pointer is the centroid
/// plus an offset that is reset whenever the set of fingers changes, so that it stays where it was. The first
/// finger down is the pointer's down, the last one up its up; a finger's last move before it lifts counts.
/// The window (`InputMapping`) and `simulate` scripts (a step's `finger`) both go through it.
public struct TouchGroup: Sendable, Equatable {
    /// What the one pointer does.
    public enum Output: Sendable, Equatable {
        case down(Point), move(Point), up(Point)
    }

    /// The fingers down, in the order they landed, with where each last was.
    public private(set) var fingers: [(id: Int, at: Point)] = []
    /// The pointer is the centroid plus this.
    private var offset = Point(0, 0)
    /// Where the pointer last was.
    private var pointer = Point(0, 0)

    public init() {}

    public var isEmpty: Bool { fingers.isEmpty }

    private var centroid: Point {
        let n = Double(fingers.count)
        return Point(fingers.reduce(0) { $0 + $1.at.x } / n, fingers.reduce(0) { $0 + $1.at.y } / n)
    }
    private var placed: Point { Point(centroid.x + offset.x, centroid.y + offset.y) }
    private mutating func keepPointer() { offset = Point(pointer.x - centroid.x, pointer.y - centroid.y) }

    /// Finger `id` lands at `p`: the pointer's down when it is the first, else nothing. A finger that is already
    /// down is taken as a new down of the pointer (a script's validation reports it).
    public mutating func down(_ id: Int, _ p: Point) -> Output? {
        if let i = fingers.firstIndex(where: { $0.id == id }) {
            fingers[i].at = p
            return .down(p)
        }
        fingers.append((id, p))
        if fingers.count == 1 {
            offset = Point(0, 0)
            pointer = p
            return .down(p)
        }
        keepPointer()
        return nil
    }

    /// Finger `id` moves to `p`: the pointer moves by the centroid's motion. A finger that is not down moves the
    /// pointer to `p` as it is (a script's validation reports it).
    public mutating func move(_ id: Int, _ p: Point) -> Output? {
        guard let i = fingers.firstIndex(where: { $0.id == id }) else { return .move(p) }
        fingers[i].at = p
        pointer = placed
        return .move(pointer)
    }

    /// Finger `id` lifts at `p`: its last move counts; the pointer's up when it was the last finger, else the
    /// others carry on from where the pointer is.
    public mutating func up(_ id: Int, _ p: Point) -> Output? {
        guard let i = fingers.firstIndex(where: { $0.id == id }) else { return .up(p) }
        fingers[i].at = p
        let moved = placed
        fingers.remove(at: i)
        if fingers.isEmpty {
            pointer = moved
            return .up(moved)
        }
        let changed = moved != pointer
        pointer = moved
        keepPointer()
        return changed ? .move(moved) : nil
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.fingers.map(\.id) == b.fingers.map(\.id) && zip(a.fingers, b.fingers).allSatisfy { $0.at == $1.at }
            && a.offset == b.offset && a.pointer == b.pointer
    }
}
