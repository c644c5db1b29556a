#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall time per stage of a frame, for `sheetlab bench`'s breakdown. Off unless a bench sets one on a renderer
/// (`FrameRenderer.stageClock`, `StackRenderer.stageClock`): with none set a stage costs one nil check.
///
/// Times are exclusive: a stage begun inside another (a lower level's render inside the stack's picture step) pauses
/// the outer one, so a frame's stages add up to the time spent inside them, and nothing is counted twice.
public final class StageClock {
    /// The stages of a frame, in drawing order.
    public enum Stage: Int, CaseIterable, Sendable {
        /// The plain scene drawn (`updateScene`; over a stacked sheet, the picture of the levels below copied in).
        case scene
        /// The dimmed backdrop above the sheet (`drawBackdrop`).
        case backdrop
        /// The backdrop blurred and saturated in the sheet's column (`updateBlurredBackdrop`).
        case blur
        /// The finished material kept for a dimming seen twice running (`updateMaterial`).
        case material
        /// The outline bands for the sheet's shape (found kept, or computed).
        case outline
        /// The content layer placed and drawn (`placeContent`, `coverContent`, `drawContent`).
        case content
        /// The body pass: shadow, material, edges and the backdrop beside and below the sheet (`drawSheetBody`).
        case body
        /// The grabber.
        case grabber
        /// The keyboard and the receded status bar (`finishFrame`).
        case keyboard
        /// The display's corners on the frame.
        case corners
        /// The resting outlines prepared after a renderer's first frame.
        case prepare
        /// A stack: the lower sheet lifted off its backdrop (`LayerLift.lift`).
        case stackLift
        /// A stack: the lifted sheet laid back, posed (`LayerLift.lay`).
        case stackLay
        /// A stack: the picture of the levels below handed to the level above (`PictureScene.show`).
        case stackPicture
        /// A stack: the top frame copied out with the display's corners (`StackRenderer.finish`).
        case stackFinish

        /// Its name in the bench's keys.
        public var name: String {
            switch self {
            case .scene: "scene"
            case .backdrop: "backdrop"
            case .blur: "blur"
            case .material: "material"
            case .outline: "outline"
            case .content: "content"
            case .body: "body"
            case .grabber: "grabber"
            case .keyboard: "keyboard"
            case .corners: "corners"
            case .prepare: "prepare"
            case .stackLift: "stack_lift"
            case .stackLay: "stack_lay"
            case .stackPicture: "stack_picture"
            case .stackFinish: "stack_finish"
            }
        }
    }

    /// The stages running, innermost last; the one timed is the innermost.
    private var running: [Stage] = []
    /// When the innermost running stage last started or resumed, in ns.
    private var mark: UInt64 = 0
    /// This frame's nanoseconds per stage.
    private var current = [UInt64](repeating: 0, count: Stage.allCases.count)
    /// How many times each stage ran this frame.
    private var currentCounts = [Int](repeating: 0, count: Stage.allCases.count)
    /// Every frame ended so far: milliseconds per stage (by `Stage.rawValue`).
    public private(set) var frames: [[Double]] = []
    /// Every frame ended so far: how many times each stage ran (a test can tell a stage skipped from one that ran).
    public private(set) var counts: [[Int]] = []

    public init() {}

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }

    /// Starts `stage`, pausing the one running.
    public func begin(_ stage: Stage) {
        let t = Self.now()
        if let outer = running.last { current[outer.rawValue] += t &- mark }
        running.append(stage)
        currentCounts[stage.rawValue] += 1
        mark = t
    }

    /// Ends the innermost stage, resuming the one it paused.
    public func end() {
        let t = Self.now()
        guard let stage = running.popLast() else { return }
        current[stage.rawValue] += t &- mark
        mark = t
    }

    /// Ends a frame: what its stages took is recorded and the next frame starts from nothing.
    public func endFrame() {
        frames.append(current.map { Double($0) / 1_000_000 })
        counts.append(currentCounts)
        for i in current.indices { current[i] = 0; currentCounts[i] = 0 }
    }

    /// Forgets every frame recorded.
    public func reset() {
        frames.removeAll()
        counts.removeAll()
    }

    /// Each frame's milliseconds in `stage`.
    public func times(_ stage: Stage) -> [Double] { frames.map { $0[stage.rawValue] } }
}

/// A renderer whose stages a `StageClock` may time (the bench turns it on; off, a stage costs one nil check).
protocol StageTimed: AnyObject {
    var stageClock: StageClock? { get }
}

extension StageTimed {
    /// `body` timed as `stage` when a stage clock is on.
    @inline(__always)
    func timed<T>(_ stage: StageClock.Stage, _ body: () -> T) -> T {
        guard let clock = stageClock else { return body() }
        clock.begin(stage)
        defer { clock.end() }
        return body()
    }
}

extension FrameRenderer: StageTimed {}
extension StackRenderer: StageTimed {}
