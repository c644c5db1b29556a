/// A position in a source text, 1-based, as editors count it.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it came from, so errors can name a line and column.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in source order; keys are unique (the parser rejects duplicates).
    case object([JSONMember])
}

public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONNode
}

public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var position: SourcePosition

    public init(_ value: JSONValue, at position: SourcePosition = SourcePosition(line: 0, column: 0)) {
        self.value = value
        self.position = position
    }

    public subscript(key: String) -> JSONNode? {
        if case .object(let members) = value { return members.first { $0.key == key }?.value }
        return nil
    }

    public var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
