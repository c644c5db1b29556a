/// Small constructors, so edits build their values as trees rather than as text to parse.
extension JSONNode {
    public static let null = JSONNode(.null)
    public static func number(_ x: Double) -> JSONNode { JSONNode(.number(x)) }
    public static func string(_ s: String) -> JSONNode { JSONNode(.string(s)) }
    public static func bool(_ b: Bool) -> JSONNode { JSONNode(.bool(b)) }
    public static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    /// An object with its members in the order given.
    public static func object(_ members: KeyValuePairs<String, JSONNode>) -> JSONNode {
        object(members.map { ($0.key, $0.value) })
    }
    public static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        let origin = SourcePosition(line: 0, column: 0)
        return JSONNode(.object(members.map { JSONMember(key: $0.0, keyPosition: origin, value: $0.1) }))
    }

    /// The string, when this node is one.
    public var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// Equal values, ignoring where they were written.
    public func sameValue(as other: JSONNode) -> Bool {
        switch (value, other.value) {
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.sameValue(as: $1.value) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        default:
            return value == other.value
        }
    }

    /// The value at `path`, if present.
    public func value(at path: KeyPath) -> JSONNode? {
        var node = self
        for c in path.components {
            switch (c, node.value) {
            case (.key(let k), .object(let members)):
                guard let next = members.first(where: { $0.key == k })?.value else { return nil }
                node = next
            case (.index(let i), .array(let items)):
                guard items.indices.contains(i) else { return nil }
                node = items[i]
            default:
                return nil
            }
        }
        return node
    }
}
