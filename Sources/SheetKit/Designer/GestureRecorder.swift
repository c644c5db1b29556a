/// F5 in the window: the engine's inputs recorded as a `Script`, and the scenario that replays them.
public struct GestureRecorder: Sendable, Equatable {
    /// When recording began, on the engine's clock (ms).
    public let start: Double
    public private(set) var steps: [Step] = []

    public init(start: Double) { self.start = start }

    /// Times keep a thousandth of a millisecond and points a hundredth of a point: enough for the
    /// replay to release at the same velocity.
    public mutating func record(_ input: SheetInput, at time: Double) {
        let at = ((time - start) * 1000).rounded() / 1000
        func point(_ p: Point) -> Point { Point((p.x * 100).rounded() / 100, (p.y * 100).rounded() / 100) }
        let action: Step.Action
        switch input {
        case .pointerDown(let p): action = .down(point(p))
        case .pointerMove(let p): action = .move(point(p))
        case .pointerUp(let p): action = .up(point(p))
        case .select(let id): action = .select(id)
        case .dismiss: action = .dismiss
        case .present: action = .present
        case .presentSheet(let id): action = .presentSheet(id)
        case .keyboard(let show): action = .keyboard(show)
        case .type(let text): action = .type(text)
        case .reload: return
        }
        steps.append(Step(at: at, action: action, index: steps.count))
    }

    public var script: Script { Script(steps: steps) }

    /// The scenario file: the config by name (beside it), scale 1, the script, and a snapshot where
    /// the replay comes to rest (`end`, from `Simulation.endTime`).
    public func scenario(configName: String?, end: Double) -> JSONNode {
        var members: [(String, JSONNode)] = []
        if let configName { members.append(("config", .string(configName))) }
        members += [("scale", .number(1)),
                    ("script", .object(["steps": .array(steps.map(Self.node))])),
                    ("snapshots", .array([.object(["at": .number(end), "name": .string("end")])]))]
        return .object(members)
    }

    static func node(_ step: Step) -> JSONNode {
        func point(_ p: Point) -> JSONNode { .array([.number(p.x), .number(p.y)]) }
        let action: (String, JSONNode)
        switch step.action {
        case .down(let p): action = ("down", point(p))
        case .move(let p): action = ("move", point(p))
        case .up(let p): action = ("up", point(p))
        case .tap(let p): action = ("tap", point(p))
        case .drag(let from, let to, let duration):
            action = ("drag", .object(["from": point(from), "to": point(to), "duration": .number(duration)]))
        case .select(let id): action = ("select", .string(id))
        case .dismiss: action = ("dismiss", .bool(true))
        case .present: action = ("present", .bool(true))
        case .presentSheet(let id): action = ("present", .string(id))
        case .reload(let path): action = ("reload", .string(path))
        case .wait(let ms): action = ("wait", .number(ms))
        case .keyboard(let show): action = ("keyboard", .string(show ? "show" : "hide"))
        case .type(let text): action = ("type", .string(text))
        }
        return .object([("at", .number(step.at)), action])
    }
}
