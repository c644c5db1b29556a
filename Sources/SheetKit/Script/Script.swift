/// A scripted gesture sequence on the virtual clock.
public struct Script: Sendable, Equatable {
    public var steps: [Step]
    public init(steps: [Step]) { self.steps = steps }

    /// The most steps a script may have: a step every 36 ms for an hour. Parsing costs about 2.5 KB a step.
    public static let maxSteps = 100_000
    /// The largest script file, in bytes: room for `maxSteps` steps written out in full.
    public static let maxBytes = 16 << 20
    /// How far from the canvas's origin a point may lie, in points, either way: far beyond any screen, and small
    /// enough that velocities and projections stay finite.
    public static let maxCoordinate = 100_000.0
    /// Times (`at`, a drag's `duration`, a `wait`) are at most this, in ms: the longest script, an hour.
    public static let maxTime = 3_600_000.0
}

public struct Step: Sendable, Equatable {
    /// Milliseconds on the virtual clock.
    public var at: Double
    public var action: Action
    /// Where the step sits in the file's `steps` array, for error messages.
    public var index: Int
    /// Which finger a `down`, `move` or `up` is (`finger`, default 0). Fingers down together are one gesture that
    /// follows their centroid (`TouchGroup`); drags and taps are finger 0.
    public var finger = 0
    /// The largest finger id.
    public static let maxFinger = 9

    public enum Action: Sendable, Equatable {
        case down(Point)
        case move(Point)
        case up(Point)
        /// A down, moves at every frame at constant speed, then an up; duration in ms.
        case drag(from: Point, to: Point, duration: Double)
        /// A down and an up at the same point, 50 ms apart.
        case tap(Point)
        case select(String)
        case dismiss
        case present
        /// Presents the sheet of the config's `sheets` with this id over the topmost one.
        case presentSheet(String)
        /// A config path, relative to the script.
        case reload(String)
        /// Milliseconds to let the simulation run on.
        case wait(Double)
        /// Shows (focusing the focused or first text field) or hides the keyboard.
        case keyboard(Bool)
        /// Types into the focused field; a backspace character (U+0008, `\b`) deletes one.
        case type(String)
    }

    public static let tapLength = 50.0

    public init(at: Double, action: Action, index: Int = 0, finger: Int = 0) {
        self.at = at; self.action = action; self.index = index; self.finger = finger
    }

    /// When the step's own activity ends.
    public var end: Double {
        switch action {
        case .drag(_, _, let d): return at + d
        case .tap: return at + Self.tapLength
        case .wait(let w): return at + w
        default: return at
        }
    }

    public var key: String {
        switch action {
        case .down: return "down"
        case .move: return "move"
        case .up: return "up"
        case .drag: return "drag"
        case .tap: return "tap"
        case .select: return "select"
        case .dismiss: return "dismiss"
        case .present, .presentSheet: return "present"
        case .reload: return "reload"
        case .wait: return "wait"
        case .keyboard: return "keyboard"
        case .type: return "type"
        }
    }
}

struct PointValue: Decodable {
    var point: Point
    init(from decoder: any Decoder) throws {
        guard var c = try? decoder.unkeyedContainer(), c.count == 2 else {
            throw DecodeIssue("a point is [x, y] in canvas points")
        }
        let x = try c.decode(Double.self), y = try c.decode(Double.self)
        for (name, v) in [("x", x), ("y", y)] where !(abs(v) <= Script.maxCoordinate) {
            throw DecodeIssue("\(name) must be within ±\(Script.maxCoordinate.clean) pt, found \(v.clean)")
        }
        point = Point(x, y)
    }
}

extension Script: LoadableDocument {
    public static let shape = "a script is a JSON object {\"steps\": [...]}"
}

extension Script: Decodable {
    enum CodingKeys: String, CodingKey { case steps }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.contains(.steps) else { throw DecodeIssue("a script needs \"steps\": [ ... ]", subkey: "steps") }
        var list = try c.nestedUnkeyedContainer(forKey: .steps)
        if let n = list.count, n > Self.maxSteps {
            throw DecodeIssue("has \(n) steps; a script may have at most \(Self.maxSteps)", subkey: "steps")
        }
        var steps: [Step] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            if var step = try list.decodeIfPresent(Step.self) {
                step.index = index
                steps.append(step)
            }
        }
        self.steps = steps
    }
}

extension Step: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case at, down, move, up, drag, tap, select, dismiss, present, reload, wait, keyboard, type, finger
    }
    enum DragKeys: String, CodingKey { case from, to, duration }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = 0
        let actions = CodingKeys.allCases.filter { $0 != .at && $0 != .finger && c.contains($0) }
        guard c.contains(.at) else { throw DecodeIssue("every step needs \"at\" (milliseconds)") }
        at = try c.decode(Double.self, forKey: .at)
        if let p = NumberRule.closed(0, Script.maxTime).problem(with: at) { throw DecodeIssue(p + " ms", subkey: "at") }
        guard actions.count == 1 else {
            let names = CodingKeys.allCases.filter { $0 != .at && $0 != .finger }.map(\.rawValue).joined(separator: ", ")
            throw DecodeIssue(actions.isEmpty ? "a step needs one of \(names)"
                                              : "a step takes one action, found \(actions.map(\.rawValue).joined(separator: " and "))")
        }
        switch actions[0] {
        case .down: action = .down(try c.decode(PointValue.self, forKey: .down).point)
        case .move: action = .move(try c.decode(PointValue.self, forKey: .move).point)
        case .up: action = .up(try c.decode(PointValue.self, forKey: .up).point)
        case .tap: action = .tap(try c.decode(PointValue.self, forKey: .tap).point)
        case .drag:
            let d = try c.nestedContainer(keyedBy: DragKeys.self, forKey: .drag)
            let from = try d.decode(PointValue.self, forKey: .from).point
            let to = try d.decode(PointValue.self, forKey: .to).point
            let duration = try d.decodeIfPresent(Double.self, forKey: .duration) ?? 250
            if let p = NumberRule.halfOpenAbove(0, Script.maxTime).problem(with: duration) { throw DecodeIssue(p + " ms", subkey: "drag.duration") }
            action = .drag(from: from, to: to, duration: duration)
        case .select:
            let id = try c.decode(String.self, forKey: .select)
            if id.isEmpty { throw DecodeIssue("names a detent id; it must not be empty", subkey: "select") }
            action = .select(id)
        case .present where (try? c.decode(String.self, forKey: .present)) != nil:
            let id = try c.decode(String.self, forKey: .present)
            if id.isEmpty { throw DecodeIssue("names a sheet of the config's \"sheets\"; it must not be empty", subkey: "present") }
            action = .presentSheet(id)
        case .dismiss, .present:
            let key = actions[0]
            guard try c.decode(Bool.self, forKey: key) else {
                throw DecodeIssue("must be true; leave the step out otherwise", subkey: key.rawValue)
            }
            action = key == .dismiss ? .dismiss : .present
        case .reload:
            let path = try c.decode(String.self, forKey: .reload)
            if path.isEmpty { throw DecodeIssue("names a config file; it must not be empty", subkey: "reload") }
            action = .reload(path)
        case .wait:
            let w = try c.decode(Double.self, forKey: .wait)
            if let p = NumberRule.closed(0, Script.maxTime).problem(with: w) { throw DecodeIssue(p + " ms", subkey: "wait") }
            action = .wait(w)
        case .keyboard:
            let word = try c.decode(String.self, forKey: .keyboard)
            guard word == "show" || word == "hide" else {
                throw DecodeIssue("is \"show\" or \"hide\", found \"\(word)\"", subkey: "keyboard")
            }
            action = .keyboard(word == "show")
        case .type:
            let text = try c.decode(String.self, forKey: .type)
            if text.isEmpty { throw DecodeIssue("types at least one character", subkey: "type") }
            if text.count > TextFieldElement.maxLength {
                throw DecodeIssue("types \(text.count) characters; a step types at most \(TextFieldElement.maxLength)", subkey: "type")
            }
            action = .type(text)
        case .at, .finger:
            throw DecodeIssue("\"\(actions[0].rawValue)\" is no action")
        }
        if c.contains(.finger) {
            guard [.down, .move, .up].contains(actions[0]) else {
                throw DecodeIssue("\"finger\" applies to down, move and up steps (drags and taps are finger 0)", subkey: "finger")
            }
            let f = try c.decode(Double.self, forKey: .finger)
            guard f == f.rounded(), f >= 0, f <= Double(Step.maxFinger) else {
                throw DecodeIssue("must be a whole number from 0 to \(Step.maxFinger)", subkey: "finger")
            }
            finger = Int(f)
        }
    }
}
