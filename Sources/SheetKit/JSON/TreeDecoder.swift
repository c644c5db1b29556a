import Foundation

/// A `Decoder` over a positioned JSON tree that is strict and keeps going.
///
/// - Every key a type does not ask for is reported as unknown, with a "did you mean".
/// - `decodeIfPresent` records a failure and returns `nil`, so one bad value does not hide
///   the next: the caller falls back to its default and every error is listed.
public struct TreeDecoder {
    public init() {}

    /// Decodes `T` from `root`, returning the value (with defaults where input was bad) and every issue.
    public func decode<T: Decodable>(_ type: T.Type, from root: JSONNode) -> (value: T?, issues: [Diagnostic]) {
        let decoded = decodeCounting(type, from: root)
        return (decoded.value, decoded.issues)
    }

    /// `decode`, with the keys the decode asked of each object it opened, by the object's path: what the loader
    /// knows at every place of a document (`SchemaAgreementTests` compares it with the JSON Schema).
    func decodeAsking<T: Decodable>(_ type: T.Type, from root: JSONNode) -> (issues: [Diagnostic], asked: [KeyPath: [String]]) {
        let (_, sink) = run(type, from: root)
        return (sink.issues, sink.askedKeysByPath)
    }

    /// The most issues one decode keeps. Past it they are only counted (`unlisted`): 2 million bad rows are one
    /// problem repeated, and keeping each would cost hundreds of bytes (a path and a message) per input byte.
    public static let maxIssues = 1000

    /// `decode`, with the number of issues found past `maxIssues` and not kept.
    public func decodeCounting<T: Decodable>(_ type: T.Type, from root: JSONNode) -> (value: T?, issues: [Diagnostic], unlisted: Int) {
        let (value, sink) = run(type, from: root)
        return (value, sink.issues, sink.unlisted)
    }

    /// One decode of `T` from `root`: the value, and the sink holding its issues and the keys it asked for.
    private func run<T: Decodable>(_ type: T.Type, from root: JSONNode) -> (value: T?, sink: DecodingSink) {
        let sink = DecodingSink()
        let decoder = NodeDecoder(node: root, path: .root, sink: sink)
        var value: T?
        do {
            value = try T(from: decoder)
        } catch {
            sink.record(error, at: .root, node: root)
        }
        sink.acceptSchemaKey(in: root)
        sink.reportUnknownKeys(in: root, path: KeyPath.root)
        return (value, sink)
    }
}

/// What a `decode` found wrong: thrown by types' own `init(from:)` to reject a value.
public struct DecodeIssue: Error, Sendable {
    /// Rejects a value whose problem is already reported (by an unknown key), without saying it twice.
    public static let alreadyReported = DecodeIssue("")

    public var message: String
    /// A key below the current value that the message is about, if any.
    public var subkey: String?
    public init(_ message: String, subkey: String? = nil) { self.message = message; self.subkey = subkey }
}

final class DecodingSink {
    private(set) var issues: [Diagnostic] = []
    /// Issues found after `TreeDecoder.maxIssues` were kept.
    private(set) var unlisted = 0
    /// Keys each keyed container asked for, by the path of its object.
    ///
    /// Kept small, because there is an entry for every object a document's types open: each key's name is
    /// interned once per decode (`names`), and an object holds the numbers of the names asked of it. A set of
    /// strings per object cost about 700 bytes for a 30-byte spacer.
    /// A container finds its object's slot once, when it opens it, and asks by slot.
    private var slots: [KeyPath: Int] = [:]
    private var askedKeys: [[Int32]] = []
    private var names: [String] = []
    private var nameNumbers: [String: Int32] = [:]

    /// Notes that the object at `path` was opened by a keyed container (so its keys are checked); its slot.
    func opened(_ path: KeyPath) -> Int {
        if let slot = slots[path] { return slot }
        askedKeys.append([])
        slots[path] = askedKeys.count - 1
        return askedKeys.count - 1
    }

    /// Notes that `key` was asked of the object in `slot`.
    func asked(_ key: String, slot: Int) {
        let number: Int32
        if let n = nameNumbers[key] {
            number = n
        } else {
            number = Int32(names.count)
            names.append(key)
            nameNumbers[key] = number
        }
        askedKeys[slot].appendIfAbsent(number)
    }

    /// Accepts the document's `"$schema"` (a path or URL for editors, `DocumentSchema.schemaKey`) at the root, when the
    /// document's type opened the root as an object; anything but a string there is reported.
    func acceptSchemaKey(in root: JSONNode) {
        guard let slot = slots[.root], case .object(let members) = root.value,
              let member = members.first(where: { $0.key == DocumentSchema.schemaKey }) else { return }
        asked(member.key, slot: slot)
        if case .string = member.value.value { return }
        append(Diagnostic(position: member.value.position, path: KeyPath.root / member.key,
                          message: "expected a string (the path or URL of the document's JSON Schema), found \(member.value.kindName)"))
    }

    /// The keys asked of each object a decode opened, by its path (for `SchemaAgreementTests`).
    var askedKeysByPath: [KeyPath: [String]] {
        slots.mapValues { askedKeys[$0].map { names[Int($0)] } }
    }

    /// The numbers of the names asked of the object at `path`, or `nil` when no keyed container opened it.
    private func askedNumbers(at path: KeyPath) -> [Int32]? { slots[path].map { askedKeys[$0] } }

    private func wasAsked(_ key: String, among numbers: [Int32]) -> Bool {
        guard let n = nameNumbers[key] else { return false }
        return numbers.contains(n)
    }
    /// Values the document set for the rest of its decode (`Decoder.setContext`).
    var context: [String: any Sendable] = [:]

    func append(_ diagnostic: Diagnostic) {
        if issues.count < TreeDecoder.maxIssues { issues.append(diagnostic) } else { unlisted += 1 }
    }

    func record(_ error: any Error, at nodePath: KeyPath, node: JSONNode) {
        var path = nodePath
        let message: String
        switch error {
        case let issue as DecodeIssue:
            if issue.message.isEmpty { return }
            message = issue.message
            if let sub = issue.subkey { for part in sub.split(separator: ".") { path = path / String(part) } }
        case let issue as PositionedIssue:
            append(issue.diagnostic)
            return
        default:
            message = "\(error)"
        }
        let target = node.nearestNode(at: KeyPath(Array(path.components.dropFirst(nodePath.components.count))))
        append(Diagnostic(position: target.position, path: path, message: message))
    }

    func reportUnknownKeys(in node: JSONNode, path: KeyPath) {
        switch node.value {
        case .object(let members):
            let asked = askedNumbers(at: path)
            for member in members {
                if let asked, !wasAsked(member.key, among: asked), issues.count >= TreeDecoder.maxIssues {
                    unlisted += 1  // only counted: no path, no "did you mean" (the one costly part, for a million keys)
                    continue
                }
                let childPath = path / member.key
                if let asked, !wasAsked(member.key, among: asked) {
                    // In the order they were asked: a tie in "did you mean" goes the same way every run.
                    let hint = Suggest.didYouMean(member.key, in: asked.map { names[Int($0)] })
                    append(Diagnostic(position: member.keyPosition, path: childPath, message: "unknown key\(hint)"))
                } else {
                    reportUnknownKeys(in: member.value, path: childPath)
                }
            }
        case .array(let items):
            for (i, item) in items.enumerated() { reportUnknownKeys(in: item, path: path / i) }
        default:
            break
        }
    }
}

private extension Array where Element == Int32 {
    mutating func appendIfAbsent(_ n: Int32) { if !contains(n) { append(n) } }
}

/// An issue that already knows its place (a missing key is reported at its parent object).
struct PositionedIssue: Error {
    var diagnostic: Diagnostic
}

struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ i: Int) { stringValue = String(i); intValue = i }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.init(intValue) }
}

/// A coding key for a key path's key component, when `codingPath` is asked for.
struct NameKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

struct NodeDecoder: Decoder {
    let node: JSONNode
    /// Where `node` is, kept as a key path (made once per value) rather than coding keys converted at every ask.
    let path: KeyPath
    let sink: DecodingSink
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var codingPath: [any CodingKey] {
        path.components.map { component -> any CodingKey in
            switch component {
            case .key(let k): NameKey(k)
            case .index(let i): IndexKey(i)
            }
        }
    }

    func mismatch(_ expected: String) -> DecodeIssue {
        DecodeIssue("expected \(expected), found \(node.kindName)")
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else { throw mismatch("an object") }
        let slot = sink.opened(path)
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(decoder: self, members: members, slot: slot))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = node.value else { throw mismatch("an array") }
        return NodeUnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { NodeSingleValue(decoder: self) }

    /// Runs `body`, pinning a `DecodeIssue` it throws to this decoder's own path and position.
    func pinned<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let issue as DecodeIssue where !issue.message.isEmpty {
            var p = path
            if let sub = issue.subkey { for part in sub.split(separator: ".") { p = p / String(part) } }
            let target = node.nearestNode(at: KeyPath(Array(p.components.dropFirst(path.components.count))))
            throw PositionedIssue(diagnostic: Diagnostic(position: target.position, path: p, message: issue.message))
        }
    }

    func child(_ node: JSONNode, key: any CodingKey) -> NodeDecoder {
        NodeDecoder(node: node, path: KeyPath(path.components + [KeyPath.component(of: key)]), sink: sink)
    }

    func child(_ node: JSONNode, index: Int) -> NodeDecoder {
        NodeDecoder(node: node, path: KeyPath(path.components + [.index(index)]), sink: sink)
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Double.Type:
            guard case .number(let d) = node.value else { throw mismatch("a number") }
            return d as! T
        case is Int.Type:
            guard case .number(let d) = node.value else { throw mismatch("a whole number") }
            guard d.rounded() == d, abs(d) < 1e15 else { throw DecodeIssue("expected a whole number, found \(d)") }
            return Int(d) as! T
        case is String.Type:
            guard case .string(let s) = node.value else { throw mismatch("a string") }
            return s as! T
        case is Bool.Type:
            guard case .bool(let b) = node.value else { throw mismatch("true or false") }
            return b as! T
        case is JSONNode.Type:
            return node as! T
        default:
            return try T(from: self)
        }
    }
}

struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let members: [JSONMember]
    /// Where the sink keeps the keys asked of this object.
    let slot: Int
    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    private func ask(_ key: Key) -> JSONNode? {
        decoder.sink.asked(key.stringValue, slot: slot)
        return members.first { $0.key == key.stringValue }?.value
    }

    func contains(_ key: Key) -> Bool { ask(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let node = ask(key) else { return true }
        return node.value == .null
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let node = ask(key) else {
            throw PositionedIssue(diagnostic: Diagnostic(position: decoder.node.position, path: decoder.path / key.stringValue,
                                                         message: "missing required key"))
        }
        // Pin a problem to the value itself, not to the object that required it.
        let child = decoder.child(node, key: key)
        return try child.pinned { try child.decodeValue(type) }
    }

    /// Records a bad value and answers `nil`, so decoding continues with the default.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = ask(key), node.value != .null else { return nil }
        let child = decoder.child(node, key: key)
        do {
            return try child.decodeValue(type)
        } catch {
            decoder.sink.record(error, at: child.path, node: node)
            return nil
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(Box<Bool>.self, forKey: key).value }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(Box<String>.self, forKey: key).value }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(Box<Double>.self, forKey: key).value }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(Box<Int>.self, forKey: key).value }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeIfPresent(Box<Bool>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeIfPresent(Box<String>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeIfPresent(Box<Double>.self, forKey: key)?.value }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeIfPresent(Box<Int>.self, forKey: key)?.value }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        guard let node = ask(key) else { throw DecodeIssue("missing required key", subkey: key.stringValue) }
        let child = decoder.child(node, key: key)
        return try child.pinned { try child.container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let node = ask(key) else { throw DecodeIssue("missing required key", subkey: key.stringValue) }
        let child = decoder.child(node, key: key)
        return try child.pinned { try child.unkeyedContainer() }
    }

    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(ask(key) ?? JSONNode(.null, at: decoder.node.position), key: key)
    }
}

/// Routes primitive decodes through the generic path, where strict type checks live.
struct Box<T: Decodable>: Decodable {
    var value: T
    init(from decoder: any Decoder) throws {
        guard let d = decoder as? NodeDecoder else { value = try T(from: decoder); return }
        value = try d.decodeValue(T.self)
    }
}

struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [JSONNode]
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }
    var currentIndex = 0

    init(decoder: NodeDecoder, items: [JSONNode]) { self.decoder = decoder; self.items = items }

    private mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else { throw DecodeIssue("too few elements") }
        defer { currentIndex += 1 }
        return decoder.child(items[currentIndex], index: currentIndex)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if items[currentIndex].value == .null { currentIndex += 1; return true }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let child = try next()
        return try child.pinned { try child.decodeValue(type) }
    }

    /// Like keyed `decodeIfPresent`: a bad element is recorded and skipped.
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        let child = try next()
        if child.node.value == .null { return nil }
        do { return try child.decodeValue(type) } catch {
            decoder.sink.record(error, at: child.path, node: child.node)
            return nil
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

struct NodeSingleValue: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }
    func decodeNil() -> Bool { decoder.node.value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decoder.decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decoder.decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decoder.decodeValue(type) }
}

extension KeyedDecodingContainer {
    /// Whether the object holds keys this container's type does not know (they are reported as unknown).
    public var hasUnknownKeys: Bool {
        guard let node = (try? superDecoder() as? NodeDecoder)?.node, case .object(let members) = node.value else { return false }
        return members.contains { Key(stringValue: $0.key) == nil }
    }

    /// Marks every known key as asked for, so that a rejected object's other keys are not reported too.
    public func acceptAll() where Key: CaseIterable {
        for key in Key.allCases { _ = contains(key) }
    }

    /// The value at `key`, or `fallback` when it is absent, null or invalid (the issue is recorded).
    public func value<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    /// Elements of the array at `key`; bad elements are recorded and left out.
    public func elements<T: Decodable>(_ key: Key, of type: T.Type) throws -> [T]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeIfPresent(LenientArray<T>.self, forKey: key)?.elements
    }
}

/// An array whose bad elements are reported and skipped instead of failing the whole array.
public struct LenientArray<T: Decodable>: Decodable {
    public var elements: [T]
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var out: [T] = []
        while !container.isAtEnd {
            if let v = try container.decodeIfPresent(T.self) { out.append(v) }
        }
        elements = out
    }
}

/// A raw node, for values decoded later on their own terms (a scenario's inline config).
extension JSONNode: Decodable {
    public init(from decoder: any Decoder) throws {
        guard let d = decoder as? NodeDecoder else { throw DecodeIssue("a raw JSON node decodes only from a parsed document") }
        self = d.node
    }
}

extension Decoder {
    /// A value set earlier in this decode with `setContext(_:for:)`; `nil` when none was, or outside a `TreeDecoder`.
    public func context<T>(_ key: String, as type: T.Type) -> T? {
        (self as? NodeDecoder)?.sink.context[key] as? T
    }

    /// Sets a value every later decode of this document can read with `context(_:as:)`: how a top-level key
    /// (a config's `appearance`) reaches the values below it. Decodes run in the order the types ask for their
    /// keys, so a type sets its context before it decodes the children that read it.
    public func setContext(_ value: any Sendable, for key: String) {
        (self as? NodeDecoder)?.sink.context[key] = value
    }
}
