/// The sheet's state at one frame, as `simulate` prints it.
public struct FrameState: Sendable, Equatable {
    /// Milliseconds on the virtual clock.
    public var time: Double
    public var top: Double
    public var height: Double
    public var phase: SheetPhase
    public var detent: String?
    public var dim: Double
    public var alpha: Double
    public var scroll: Double

    public init(engine: SheetEngine, time: Double) {
        self.time = time
        top = engine.top
        height = engine.height
        phase = engine.phase
        detent = engine.phase == .idle ? engine.restingDetent : nil
        dim = engine.dim
        alpha = engine.alpha
        scroll = engine.contentOffset
    }
}

public enum SimulationRecord: Sendable, Equatable {
    case frame(FrameState)
    case event(TimedEvent)
}

/// An input at a time, with the step it came from.
public struct TimedInput: Sendable, Equatable {
    public var time: Double
    public var input: SheetInput
    public var step: Int
}

/// Plays a script on a virtual clock through the engine (SPEC §6).
public struct Simulation: Sendable {
    public var setup: SheetSetup
    public var script: Script
    /// Frames per second of the virtual clock.
    public var fps: Double
    /// Configs for `reload` steps, by the path the step names.
    public var reloads: [String: SheetSetup]

    /// How long a simulation may run on after its last step while waiting for rest, in ms. The slowest
    /// spring the config allows (response 5 s, ζ 10 or ζ 0.1) settles in under 200 s.
    public static let restTimeout = 600_000.0
    /// The longest script a simulation plays, in ms: an hour of virtual time.
    public static let maxScriptLength = 3_600_000.0

    public init(setup: SheetSetup, script: Script, fps: Double = 60, reloads: [String: SheetSetup] = [:]) {
        self.setup = setup
        self.script = script
        self.fps = fps
        self.reloads = reloads
    }

    public var frameInterval: Double { 1000 / fps }

    /// The steps in time order; steps at the same time keep their order in the file.
    public var orderedSteps: [Step] {
        script.steps.sorted { $0.at != $1.at ? $0.at < $1.at : $0.index < $1.index }
    }

    /// The inputs the steps expand to, in time order. A drag moves at every frame strictly inside it.
    public func timeline() -> [TimedInput] {
        var out: [(TimedInput, Int)] = []
        var sequence = 0
        func add(_ time: Double, _ input: SheetInput, _ step: Int) {
            out.append((TimedInput(time: time, input: input, step: step), sequence))
            sequence += 1
        }
        for step in orderedSteps {
            let i = step.index
            switch step.action {
            case .down(let p): add(step.at, .pointerDown(p), i)
            case .move(let p): add(step.at, .pointerMove(p), i)
            case .up(let p): add(step.at, .pointerUp(p), i)
            case .tap(let p):
                add(step.at, .pointerDown(p), i)
                add(step.at + Step.tapLength, .pointerUp(p), i)
            case .drag(let from, let to, let duration):
                add(step.at, .pointerDown(from), i)
                var k = (step.at / frameInterval).rounded(.down) + 1
                while k * frameInterval < step.at + duration - 1e-9 {
                    let t = k * frameInterval
                    if t > step.at + 1e-9 {
                        let f = (t - step.at) / duration
                        add(t, .pointerMove(Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)), i)
                    }
                    k += 1
                }
                add(step.at + duration, .pointerUp(to), i)
            case .select(let id): add(step.at, .select(id), i)
            case .dismiss: add(step.at, .dismiss, i)
            case .present: add(step.at, .present, i)
            case .reload(let path):
                if let s = reloads[path] { add(step.at, .reload(s), i) }
            case .wait: break
            }
        }
        return out.sorted { $0.0.time != $1.0.time ? $0.0.time < $1.0.time : $0.1 < $1.1 }.map(\.0)
    }

    /// Problems a config cannot reveal: pointer events out of order, detents that do not exist.
    public func validate() -> [Diagnostic] {
        var issues: [Diagnostic] = []
        func path(_ step: Int, _ key: String) -> KeyPath { KeyPath.root / "steps" / step / key }
        for step in script.steps where step.end > Self.maxScriptLength {
            issues.append(Diagnostic(path: KeyPath.root / "steps" / step.index,
                                     message: "ends at \(step.end.clean) ms; scripts may last at most \(Self.maxScriptLength.clean) ms (one hour)"))
        }
        if !issues.isEmpty { return issues }
        var downSince: (step: Int, time: Double)?
        let stepsByIndex = Dictionary(script.steps.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        for input in timeline() {
            let key = stepsByIndex[input.step]?.key ?? "at"
            switch input.input {
            case .pointerDown:
                if let since = downSince {
                    issues.append(Diagnostic(path: path(input.step, key),
                                             message: "the pointer is already down at \(input.time.clean) ms (pressed by steps[\(since.step)]); release it with an up step first"))
                } else {
                    downSince = (input.step, input.time)
                }
            case .pointerMove, .pointerUp:
                if downSince == nil {
                    issues.append(Diagnostic(path: path(input.step, key),
                                             message: "the pointer is not down at \(input.time.clean) ms; start with a down step"))
                } else if case .pointerUp = input.input {
                    downSince = nil
                }
            default:
                break
            }
        }
        var current = setup
        for step in orderedSteps {
            switch step.action {
            case .select(let id) where current.detent(id) == nil:
                let ids = current.detents.map(\.id)
                issues.append(Diagnostic(path: path(step.index, "select"),
                                         message: "no detent \"\(id)\"\(Suggest.didYouMean(id, in: ids)) (detents: \(ids.joined(separator: ", ")))"))
            case .reload(let file):
                if let s = reloads[file] { current = s }
            default:
                break
            }
        }
        // Report in the order of the file, once per step and key.
        var seen = Set<String>()
        return issues.filter { seen.insert($0.description).inserted }
            .sorted { ($0.path?.components.count ?? 0, $0.path?.description ?? "") < ($1.path?.components.count ?? 0, $1.path?.description ?? "") }
    }

    /// The time after which the run may stop: 1 s after the last step ends.
    public var minimumEnd: Double { (script.steps.map(\.end).max() ?? 0) + 1000 }

    /// The engine as it stands at `time` ms: every input up to then applied, animations advanced to it.
    public func engine(at time: Double) -> SheetEngine {
        var engine = SheetEngine(setup: setup)
        for input in timeline() where input.time <= time + 1e-9 {
            _ = engine.handle(input.input, at: input.time)
        }
        _ = engine.advance(to: time)
        return engine
    }

    /// When `run` stops: the time of its last frame.
    public func endTime() -> Double {
        var last = 0.0
        run { if case .frame(let f) = $0 { last = f.time } }
        return last
    }

    /// Plays the script, handing every frame and event to `emit` in time order.
    public func run(_ emit: (SimulationRecord) -> Void) {
        var engine = SheetEngine(setup: setup)
        let inputs = timeline()
        let end = minimumEnd
        var next = 0
        var frame = 0.0
        while true {
            let t = frame * frameInterval
            while next < inputs.count && inputs[next].time <= t + 1e-9 {
                for e in engine.handle(inputs[next].input, at: inputs[next].time) { emit(.event(e)) }
                next += 1
            }
            for e in engine.advance(to: t) { emit(.event(e)) }
            emit(.frame(FrameState(engine: engine, time: t)))
            if next >= inputs.count && t >= end - 1e-9 && engine.isAtRest { break }
            if t > end + Self.restTimeout { break }
            frame += 1
        }
    }
}
