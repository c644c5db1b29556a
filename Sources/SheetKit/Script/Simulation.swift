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
    /// The keyboard's visible height in points, 0 when hidden.
    public var keyboard: Double
    /// The sheets presented over the first one, bottom up.
    public var stack: [StackFrame]

    public init(engine: SheetEngine, time: Double) {
        self.time = time
        top = engine.top
        height = engine.height
        phase = engine.phase
        detent = engine.phase == .idle ? engine.restingDetent : nil
        dim = engine.dim
        alpha = engine.alpha
        scroll = engine.contentOffset
        keyboard = engine.keyboard.visible
        stack = engine.stack.map { StackFrame(sheet: $0.id, engine: $0.engine) }
    }
}

/// A sheet presented over the first one, as a frame's `stack` shows it (SPEC §3.3).
public struct StackFrame: Sendable, Equatable {
    public var sheet: String
    public var top: Double
    public var height: Double
    public var detent: String?
    public var phase: SheetPhase

    public init(sheet: String, engine: SheetEngine) {
        self.sheet = sheet
        top = engine.top
        height = engine.height
        detent = engine.phase == .idle ? engine.restingDetent : nil
        phase = engine.phase
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
    /// The finger of a pointer input, before `TouchGroup` merges the fingers into one pointer.
    public var finger = 0
}

/// Plays a script on a virtual clock through the engine.
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

    /// The inputs the steps expand to, in time order, made one at a time as they are needed (a long drag at a
    /// high frame rate is millions of moves). A drag moves at every frame strictly inside it.
    public func inputs() -> TimedInputs {
        TimedInputs(orderedSteps: orderedSteps, frameInterval: frameInterval, reloads: reloads)
    }

    /// Every input at once: for tests and short scripts only; `inputs()` streams them.
    public func timeline() -> [TimedInput] { Array(inputs()) }

    /// Problems a config cannot reveal: pointer events out of order, detents that do not exist.
    public func validate() -> [Diagnostic] {
        var issues: [Diagnostic] = []
        func path(_ step: Int, _ key: String) -> KeyPath { KeyPath.root / "steps" / step / key }
        for step in script.steps where step.end > Self.maxScriptLength {
            issues.append(Diagnostic(path: KeyPath.root / "steps" / step.index,
                                     message: "ends at \(step.end.clean) ms; scripts may last at most \(Self.maxScriptLength.clean) ms (one hour)"))
        }
        if !issues.isEmpty { return issues }
        // Each finger on its own: down before it moves or lifts, up before it lands again.
        var downSince: [Int: (step: Int, time: Double)] = [:]
        let stepsByIndex = Dictionary(script.steps.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        // One problem per step: a drag whose pointer was released under it would otherwise be reported at every frame.
        var reported = Set<Int>()
        func report(_ input: TimedInput, _ message: String) {
            guard reported.insert(input.step).inserted else { return }
            issues.append(Diagnostic(path: path(input.step, stepsByIndex[input.step]?.key ?? "at"), message: message))
        }
        // A drag's moves cannot change whether the pointer is down: its down and up are enough, and an hour-long
        // drag is checked in two inputs.
        for input in TimedInputs(orderedSteps: orderedSteps, frameInterval: frameInterval, reloads: reloads, dragMoves: false,
                                 mergeFingers: false) {
            let who = input.finger == 0 ? "the pointer" : "finger \(input.finger)"
            switch input.input {
            case .pointerDown:
                if let since = downSince[input.finger] {
                    report(input, "\(who) is already down at \(input.time.clean) ms (pressed by steps[\(since.step)]); release it with an up step first")
                } else {
                    downSince[input.finger] = (input.step, input.time)
                }
            case .pointerMove, .pointerUp:
                if downSince[input.finger] == nil {
                    report(input, "\(who) is not down at \(input.time.clean) ms; start with a down step")
                } else if case .pointerUp = input.input {
                    downSince[input.finger] = nil
                }
            default:
                break
            }
        }
        issues += validateTyping()
        var current = setup
        for step in orderedSteps {
            switch step.action {
            case .select(let id) where current.detent(id) == nil:
                let ids = current.detents.map(\.id)
                issues.append(Diagnostic(path: path(step.index, "select"),
                                         message: "no detent \"\(id)\"\(Suggest.didYouMean(id, in: ids)) (detents: \(ids.joined(separator: ", ")))"))
            case .presentSheet(let id) where current.stackSetups[id] == nil:
                let ids = current.config.sheets.map(\.id)
                let known = ids.isEmpty ? "the config has no \"sheets\"" : "sheets: \(ids.joined(separator: ", "))"
                issues.append(Diagnostic(path: path(step.index, "present"),
                                         message: "no sheet \"\(id)\"\(Suggest.didYouMean(id, in: ids)) (\(known))"))
            case .reload(let file):
                if let s = reloads[file] { current = s }
            default:
                break
            }
        }
        if issues.isEmpty { issues += validateStack() }
        // Report in the order of the file, once per step and key.
        var seen = Set<String>()
        return issues.filter { seen.insert($0.description).inserted }
            .sorted { ($0.path?.components.count ?? 0, $0.path?.description ?? "") < ($1.path?.components.count ?? 0, $1.path?.description ?? "") }
    }

    /// `type` steps need a focused field, and `keyboard` steps a text field: the script is replayed through the engine
    /// (focus comes from taps, `keyboard` steps and `focus: true`, and goes with drags, taps and dismissals).
    func validateTyping() -> [Diagnostic] {
        guard script.steps.contains(where: { if case .type = $0.action { true } else if case .keyboard(true) = $0.action { true } else { false } })
        else { return [] }
        var issues: [Diagnostic] = []
        var engine = SheetEngine(setup: setup)
        let steps = Dictionary(script.steps.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        var reported = Set<Int>()
        for input in inputs() {
            switch input.input {
            case .type where engine.focusedField == nil:
                if reported.insert(input.step).inserted {
                    let (at, _) = (steps[input.step]?.at ?? input.time, 0)
                    issues.append(Diagnostic(path: KeyPath.root / "steps" / input.step / "type",
                                             message: "no text field is focused at \(at.clean) ms; tap one, or add a {\"keyboard\": \"show\"} step before it"))
                }
            case .keyboard(true) where engine.baseSetup.textFields.isEmpty:
                if reported.insert(input.step).inserted {
                    issues.append(Diagnostic(path: KeyPath.root / "steps" / input.step / "keyboard",
                                             message: "the sheet has no text field to show the keyboard for; add {\"type\": \"textField\"} to sheet.content"))
                }
            default:
                break
            }
            _ = engine.handle(input.input, at: input.time)
        }
        return issues
    }

    /// A `present` of a sheet already up, or over a stack already `StackLimits.maxDepth` deep, would do nothing: the
    /// script is replayed through the engine to say so.
    func validateStack() -> [Diagnostic] {
        guard script.steps.contains(where: { if case .presentSheet = $0.action { true } else { false } }) else { return [] }
        var issues: [Diagnostic] = []
        var engine = SheetEngine(setup: setup)
        for input in inputs() {
            if case .presentSheet(let id) = input.input {
                _ = engine.advance(to: input.time)
                let route = (["sheet"] + engine.stack.map { "\"\($0.id)\"" }).joined(separator: " → ")
                if engine.stack.contains(where: { $0.id == id }) {
                    issues.append(Diagnostic(path: KeyPath.root / "steps" / input.step / "present",
                                             message: "\"\(id)\" is already up at \(input.time.clean) ms (\(route)); a sheet cannot be presented over itself"))
                } else if engine.depth >= StackLimits.maxDepth {
                    issues.append(Diagnostic(path: KeyPath.root / "steps" / input.step / "present",
                                             message: "stack deeper than \(StackLimits.maxDepth): at \(input.time.clean) ms \(route) is up; at most \(StackLimits.maxDepth) sheets may be up at once"))
                }
            }
            _ = engine.handle(input.input, at: input.time)
        }
        return issues
    }

    /// The time after which the run may stop: 1 s after the last step ends.
    public var minimumEnd: Double { (script.steps.map(\.end).max() ?? 0) + 1000 }

    /// The script's `reload` steps in time order, to ask which is in force at a time as `engine(at:)` applies them (a
    /// reload at `time` is in force); `file(at:)` is a binary search.
    public struct ReloadTimeline: Sendable {
        public private(set) var entries: [(time: Double, file: String)]

        public init(_ simulation: Simulation) {
            entries = simulation.orderedSteps.compactMap { step in
                if case .reload(let path) = step.action { (step.at, path) } else { nil }
            }
        }

        /// The file of the last reload at or before `time` ms; nil before the first.
        public func file(at time: Double) -> String? {
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].time <= time + 1e-9 { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? nil : entries[low - 1].file
        }
    }

    /// The engine as it stands at `time` ms: every input up to then applied, animations advanced to it.
    public func engine(at time: Double) -> SheetEngine {
        var engine = SheetEngine(setup: setup)
        for input in inputs() {
            guard input.time <= time + 1e-9 else { break }
            _ = engine.handle(input.input, at: input.time)
        }
        _ = engine.advance(to: time)
        return engine
    }

    /// A cursor that gives `engine(at:)` for times in ascending order in one pass through the inputs: what a clip
    /// needs frame after frame, linear in the script instead of a replay per frame.
    public func cursor() -> Cursor { Cursor(simulation: self) }

    /// `engine(at:)` for ascending times, in one forward pass. The engine that takes the inputs is never advanced
    /// between them, as in `engine(at:)`; each answer is a copy advanced to its time, so the two agree exactly.
    public struct Cursor {
        var engine: SheetEngine
        var inputs: TimedInputs
        var next: TimedInput?
        var last = -Double.infinity

        init(simulation: Simulation) {
            engine = SheetEngine(setup: simulation.setup)
            inputs = simulation.inputs()
            next = inputs.next()
        }

        /// The engine as it stands at `time` ms; `time` may not be earlier than the last one asked for.
        public mutating func engine(at time: Double) -> SheetEngine {
            precondition(time >= last, "a cursor only moves forward")
            last = time
            while let input = next, input.time <= time + 1e-9 {
                _ = engine.handle(input.input, at: input.time)
                next = inputs.next()
            }
            var now = engine
            _ = now.advance(to: time)
            return now
        }
    }

    /// When `run` stops: the time of its last frame.
    public func endTime() -> Double {
        var last = 0.0
        run { if case .frame(let f) = $0 { last = f.time } }
        return last
    }

    /// Plays the script, handing every frame and event to `emit` in time order.
    /// `frameLimit` stops it after that many frames (the fuzzer's bound); by default it runs to rest or the timeout.
    public func run(frameLimit: Int = .max, _ emit: (SimulationRecord) -> Void) {
        var engine = SheetEngine(setup: setup)
        var inputs = inputs()
        var next = inputs.next()
        let end = minimumEnd
        var frame = 0.0
        while true {
            let t = frame * frameInterval
            while let input = next, input.time <= t + 1e-9 {
                for e in engine.handle(input.input, at: input.time) { emit(.event(e)) }
                next = inputs.next()
            }
            for e in engine.advance(to: t) { emit(.event(e)) }
            emit(.frame(FrameState(engine: engine, time: t)))
            if next == nil && t >= end - 1e-9 && engine.isAtRest { break }
            if t > end + Self.restTimeout || frame + 1 >= Double(frameLimit) { break }
            frame += 1
        }
    }
}
