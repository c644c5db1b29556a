/// The decision map (`sheetlab map`): for a release at a top and a velocity, where the sheet ends.
///
/// Each cell is the release the engine makes at the end of a steady drag: the finger has moved at `velocity` for
/// `dragTime` ms and lifts with the sheet's top at `top`, so the lift-off velocity and vaul's average are both
/// `velocity`, and the drag began at top − velocity·dragTime. The engine's own `ReleaseRule` (with the config's
/// feel) picks the target, and every settle comes to rest on its target, so the cell is where `simulate` ends.
public struct DecisionMap: Sendable, Equatable {
    /// How long the steady drag of each cell lasts, in ms.
    public static let dragTime = 100.0

    public var setup: SheetSetup
    public var feel: Feel

    public init(setup: SheetSetup, feel: Feel? = nil) {
        self.setup = setup
        self.feel = feel ?? setup.feel
    }

    /// The detents' tops, most expanded first, and the dismiss line of the `uikit` rule.
    public var detentTops: [(id: String, top: Double)] {
        setup.detents.reversed().map { ($0.id, setup.canvas.height - $0.height) }
    }

    /// Where a release at `top` (points from the canvas's top) with `velocity` (pt/s, down positive) ends.
    public func outcome(top: Double, velocity: Double) -> SettleTarget {
        let rule = ReleaseRule(decelerationRate: setup.sheet.motion.decelerationRate, feel: feel)
        return rule.target(top: top, velocity: velocity, detents: setup.detents, canvasHeight: setup.canvas.height,
                           dismissible: setup.sheet.dismissible, startTop: top - velocity * Self.dragTime / 1000)
    }

    /// A grid of outcomes: `rows` tops from 0 to H (cell centres), `columns` velocities over `velocities`.
    /// `cells[row][column]` is the index of the detent (ascending height) or −1 for dismissal.
    public func grid(rows: Int, columns: Int, velocities: ClosedRange<Double>) -> [[Int]] {
        let H = setup.canvas.height
        let ids = setup.detents.map(\.id)
        return (0..<rows).map { r in
            let top = (Double(r) + 0.5) / Double(rows) * H
            return (0..<columns).map { c in
                let v = velocities.lowerBound + (Double(c) + 0.5) / Double(columns) * (velocities.upperBound - velocities.lowerBound)
                switch outcome(top: top, velocity: v) {
                case .dismiss: return -1
                case .detent(let d): return ids.firstIndex(of: d.id) ?? -1
                }
            }
        }
    }
}
