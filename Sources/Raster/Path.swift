/// Closed polygons in pixels, filled by `Pixmap.fill(_:_:)` with exact anti-aliased coverage (signed area).
/// Every contour added as a shape winds the same way, so overlapping shapes union; holes wind the other way.
public struct Path: Sendable, Equatable {
    /// The closed contours, each a list of vertices; the last vertex joins the first.
    public private(set) var contours: [[SIMD2<Double>]] = []

    /// An empty path.
    public init() {}

    /// A path of one closed contour through `points`.
    public init(_ points: [SIMD2<Double>]) { add(points) }

    /// Adds a closed contour; a hole cuts it out of the shapes around it.
    public mutating func add(_ points: [SIMD2<Double>], hole: Bool = false) {
        guard points.count >= 3 else { return }
        let area = Self.signedArea(points)
        if (area < 0) != hole { contours.append(points.reversed()) } else { contours.append(points) }
    }

    /// Adds every contour of `other`, as it winds.
    public mutating func add(_ other: Path) { contours += other.contours }

    /// The signed area of a closed polygon (positive when it winds clockwise on screen, y down).
    public static func signedArea(_ p: [SIMD2<Double>]) -> Double {
        var a = 0.0
        for i in 0..<p.count {
            let q = p[i], r = p[(i + 1) % p.count]
            a += q.x * r.y - r.x * q.y
        }
        return a / 2
    }

    /// This path scaled about the origin, then moved.
    public func transformed(scale s: Double, dx: Double = 0, dy: Double = 0) -> Path {
        var out = Path()
        out.contours = contours.map { $0.map { SIMD2($0.x * s + dx, $0.y * s + dy) } }
        return out
    }

    /// The smallest box holding every vertex; infinite (min > max) for an empty path.
    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var b = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for c in contours {
            for p in c {
                b.0 = min(b.0, p.x); b.1 = min(b.1, p.y); b.2 = max(b.2, p.x); b.3 = max(b.3, p.y)
            }
        }
        return b
    }
}
