/// A tap that reached the background, with everything a scene needs to mark it: which tap it was,
/// where and when it landed, and how far the background was panned at that moment.
public struct BackgroundTap: Sendable, Equatable {
    /// Where the tap landed, in canvas points.
    public var point: Point
    /// When, in milliseconds on the engine's clock.
    public var time: Double
    /// Which tap this is: 1 for the first the background received, then counting up, so that a
    /// second tap at the same point is still a new tap.
    public var sequence: Int
    /// How far the background was panned when the tap happened, in points. What the tap marks
    /// (a dropped pin, a selected row) sits at `point − pan` on the background's content, and so
    /// moves with any pan that follows.
    public var pan: Point

    public init(point: Point, time: Double, sequence: Int, pan: Point) {
        self.point = point; self.time = time; self.sequence = sequence; self.pan = pan
    }
}
