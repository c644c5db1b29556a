/// A position in a source text, 1-based, as editors count it.
///
/// Stored in 32 bits each (a document is at most 64 MB, so neither can pass `Int32.max`): a position is kept for
/// every value and key of a parsed document, and its size is most of a small value's.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    public init(line: Int, column: Int) { storedLine = Int32(clamping: line); storedColumn = Int32(clamping: column) }
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it came from, so errors can name a line and column.
///
/// Not `indirect`: arrays and objects already hold their children out of line, and boxing every case cost a heap
/// allocation per value (a number took about 120 bytes; see docs/robustness.md, "Decoding cost").
public enum JSONValue: Sendable, Equatable {
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
