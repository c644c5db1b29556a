/// Encodes a value straight into a `JSONNode`, keys in the order they are encoded: no JSON text in
/// between, so nothing can fail to parse and turn into a missing value.
public enum JSONNodeEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> JSONNode {
        let box = NodeBox()
        try value.encode(to: NodeEncoder(box: box, codingPath: []))
        return box.node
    }
}

/// A node being built: encoders write into it through their containers.
final class NodeBox {
    enum Kind { case empty, scalar(JSONValue), object([(String, NodeBox)]), array([NodeBox]) }
    var kind = Kind.empty

    var node: JSONNode {
        switch kind {
        case .empty: return .null
        case .scalar(let v): return JSONNode(v)
        case .object(let members): return .object(members.map { ($0.0, $0.1.node) })
        case .array(let items): return .array(items.map(\.node))
        }
    }

    func child(forKey key: String) -> NodeBox {
        var members: [(String, NodeBox)] = []
        if case .object(let m) = kind { members = m }
        if let existing = members.first(where: { $0.0 == key }) { return existing.1 }
        let box = NodeBox()
        members.append((key, box))
        kind = .object(members)
        return box
    }

    func appendChild() -> NodeBox {
        var items: [NodeBox] = []
        if case .array(let a) = kind { items = a }
        let box = NodeBox()
        items.append(box)
        kind = .array(items)
        return box
    }

    func makeObject() { if case .object = kind {} else { kind = .object([]) } }
    func makeArray() { if case .array = kind {} else { kind = .array([]) } }
}

private struct EncodedIndexKey: CodingKey {
    var stringValue: String { "Index \(intValue!)" }
    var intValue: Int?
    init(_ i: Int) { intValue = i }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct NodeEncoder: Encoder {
    let box: NodeBox
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return Unkeyed(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(box: box, codingPath: codingPath) }
}

private func encodeValue<T: Encodable>(_ value: T, into box: NodeBox, codingPath: [any CodingKey]) throws {
    switch value {
    case let v as Double: box.kind = .scalar(.number(v))
    case let v as String: box.kind = .scalar(.string(v))
    case let v as Bool: box.kind = .scalar(.bool(v))
    case let v as Int: box.kind = .scalar(.number(Double(v)))
    default: try value.encode(to: NodeEncoder(box: box, codingPath: codingPath))
    }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: NodeBox
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.child(forKey: key.stringValue).kind = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = box.child(forKey: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(Keyed<NestedKey>(box: child, codingPath: codingPath + [key]))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = box.child(forKey: key.stringValue)
        child.makeArray()
        return Unkeyed(box: child, codingPath: codingPath + [key])
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(box: box, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key]) }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let box: NodeBox
    var codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = box.kind { return items.count }
        return 0
    }

    mutating func encodeNil() throws { box.appendChild().kind = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try encodeValue(value, into: box.appendChild(), codingPath: codingPath + [EncodedIndexKey(index)])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = box.appendChild()
        child.makeObject()
        return KeyedEncodingContainer(Keyed<NestedKey>(box: child, codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = box.appendChild()
        child.makeArray()
        return Unkeyed(box: child, codingPath: codingPath)
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(box: box.appendChild(), codingPath: codingPath) }
}

private struct Single: SingleValueEncodingContainer {
    let box: NodeBox
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.kind = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: box, codingPath: codingPath) }
}
