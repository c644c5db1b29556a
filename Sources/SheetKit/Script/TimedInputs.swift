/// The inputs a script expands to, one at a time and in time order, without ever holding them all: a
/// one-hour drag at 1000 fps is 3.6 million moves, made as they are needed. Memory is proportional to the
/// steps that overlap in time, not to the inputs.
///
/// The order is that of `Simulation.timeline()`: by time; at the same time, by the step's place in
/// `orderedSteps`, then by the order the step makes its inputs.
public struct TimedInputs: Sequence, IteratorProtocol {
    private let steps: [Step]
    private let frameInterval: Double
    private let reloads: [String: SheetSetup]
    private let dragMoves: Bool
    /// The next step not yet started.
    private var nextStep = 0
    /// Steps that have started and still have inputs to give, soonest first.
    private var active = MinHeap<StepCursor>()
    /// Merges the fingers' inputs into the one pointer the engine sees (`TouchGroup`).
    private let mergeFingers: Bool
    private var touches = TouchGroup()

    /// Without `dragMoves`, a drag gives only its down and its up: what checking the pointer's order needs.
    /// Without `mergeFingers`, each finger's inputs come as they are, tagged with the finger.
    init(orderedSteps: [Step], frameInterval: Double, reloads: [String: SheetSetup], dragMoves: Bool = true,
         mergeFingers: Bool = true) {
        steps = orderedSteps
        self.dragMoves = dragMoves
        self.mergeFingers = mergeFingers
        self.frameInterval = frameInterval
        self.reloads = reloads
    }

    public mutating func next() -> TimedInput? {
        while true {
            // Start every step whose first input comes before the soonest active one.
            if nextStep < steps.count, active.first.map({ StepCursor.key(steps[nextStep].at, nextStep, 0) < $0.key }) ?? true {
                if let cursor = StepCursor(step: steps[nextStep], order: nextStep, frameInterval: frameInterval, reloads: reloads,
                                             dragMoves: dragMoves) {
                    active.push(cursor)
                }
                nextStep += 1
                continue
            }
            guard var cursor = active.pop() else { return nil }
            let input = cursor.input
            if cursor.advance() { active.push(cursor) }
            guard mergeFingers else { return input }
            guard let merged = merge(input) else { continue }
            return merged
        }
    }

    /// A pointer input through the finger group: nil when it moves nothing (a finger landing or lifting while
    /// others stay down).
    private mutating func merge(_ input: TimedInput) -> TimedInput? {
        let out: TouchGroup.Output?
        switch input.input {
        case .pointerDown(let p): out = touches.down(input.finger, p)
        case .pointerMove(let p): out = touches.move(input.finger, p)
        case .pointerUp(let p): out = touches.up(input.finger, p)
        default: return input
        }
        guard let out else { return nil }
        var merged = input
        merged.finger = 0
        switch out {
        case .down(let p): merged.input = .pointerDown(p)
        case .move(let p): merged.input = .pointerMove(p)
        case .up(let p): merged.input = .pointerUp(p)
        }
        return merged
    }
}

/// Where one step stands in making its inputs.
struct StepCursor: Comparable {
    let step: Step
    let order: Int
    let frameInterval: Double
    let dragMoves: Bool
    /// The input it gives next, and how many it gave before it.
    private(set) var input: TimedInput
    private(set) var local = 0
    /// For a drag: the frame number of the next move.
    private var frame = 0.0
    private var reload: SheetSetup?

    static func key(_ time: Double, _ order: Int, _ local: Int) -> (Double, Int, Int) { (time, order, local) }
    var key: (Double, Int, Int) { Self.key(input.time, order, local) }
    static func < (a: StepCursor, b: StepCursor) -> Bool { a.key < b.key }
    static func == (a: StepCursor, b: StepCursor) -> Bool { a.key == b.key }

    /// Nil for a step that gives no input: a wait, a reload of a config that was not loaded.
    init?(step: Step, order: Int, frameInterval: Double, reloads: [String: SheetSetup], dragMoves: Bool = true) {
        self.step = step; self.order = order; self.frameInterval = frameInterval; self.dragMoves = dragMoves
        let first: SheetInput
        switch step.action {
        case .down(let p), .drag(let p, _, _), .tap(let p): first = .pointerDown(p)
        case .move(let p): first = .pointerMove(p)
        case .up(let p): first = .pointerUp(p)
        case .select(let id): first = .select(id)
        case .dismiss: first = .dismiss
        case .present: first = .present
        case .presentSheet(let id): first = .presentSheet(id)
        case .keyboard(let show): first = .keyboard(show: show)
        case .type(let text): first = .type(text)
        case .reload(let path):
            guard let s = reloads[path] else { return nil }
            first = .reload(s)
        case .wait: return nil
        }
        input = TimedInput(time: step.at, input: first, step: step.index, finger: step.finger)
        frame = (step.at / frameInterval).rounded(.down) + 1
    }

    /// Moves on to the step's next input; false when it has none left.
    mutating func advance() -> Bool {
        local += 1
        switch step.action {
        case .tap(let p):
            guard local == 1 else { return false }
            input = TimedInput(time: step.at + Step.tapLength, input: .pointerUp(p), step: step.index)
            return true
        case .drag(let from, let to, let duration):
            let end = step.at + duration
            if case .pointerUp = input.input { return false }
            // A move at every frame strictly inside the drag, then the up.
            while dragMoves && frame * frameInterval < end - 1e-9 {
                let t = frame * frameInterval
                frame += 1
                if t > step.at + 1e-9 {
                    let f = (t - step.at) / duration
                    input = TimedInput(time: t, input: .pointerMove(Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)),
                                       step: step.index)
                    return true
                }
            }
            input = TimedInput(time: end, input: .pointerUp(to), step: step.index)
            return true
        default:
            return false
        }
    }
}

/// A binary min-heap: the few steps active at once, soonest first.
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    var first: Element? { items.first }
    var isEmpty: Bool { items.isEmpty }

    mutating func push(_ e: Element) {
        items.append(e)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i] < items[parent] else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < items.count && items[l] < items[m] { m = l }
            if r < items.count && items[r] < items[m] { m = r }
            if m == i { break }
            items.swapAt(i, m)
            i = m
        }
        return top
    }
}
