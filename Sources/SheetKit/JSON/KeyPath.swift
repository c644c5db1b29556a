/// A path into a JSON document, printed the way designers read it: `sheet.detents[1].height`.
public struct KeyPath: Sendable, Hashable, CustomStringConvertible, Comparable {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    public init(codingPath: [any CodingKey]) {
        components = codingPath.map(Self.component(of:))
    }

    /// A coding key as a component: an index when it is one (`Index 3` or `3` with that int value), else a key.
    static func component(of key: any CodingKey) -> Component {
        if let i = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(i) { return .index(i) }
        return .key(key.stringValue)
    }

    public static let root = KeyPath()

    public func appending(_ key: String) -> KeyPath { KeyPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> KeyPath { KeyPath(components + [.index(index)]) }
    public static func / (lhs: KeyPath, rhs: String) -> KeyPath { lhs.appending(rhs) }
    public static func / (lhs: KeyPath, rhs: Int) -> KeyPath { lhs.appending(rhs) }
    /// `lhs` then a schema key as the config's types declare it (their `CodingKeys`), so that a path written in code
    /// follows a renamed key instead of drifting from it.
    public static func / (lhs: KeyPath, rhs: some CodingKey) -> KeyPath { lhs.appending(rhs.stringValue) }

    public func hasPrefix(_ other: KeyPath) -> Bool {
        components.count >= other.components.count && Array(components.prefix(other.components.count)) == other.components
    }

    public var description: String {
        var out = ""
        for component in components {
            switch component {
            case .key(let k): out += out.isEmpty ? k : ".\(k)"
            case .index(let i): out += "[\(i)]"
            }
        }
        return out.isEmpty ? "(root)" : out
    }

    public static func < (lhs: KeyPath, rhs: KeyPath) -> Bool { lhs.description < rhs.description }
}

extension JSONNode {
    /// The node at `path`, or the deepest existing ancestor when the path runs past the document.
    public func nearestNode(at path: KeyPath) -> JSONNode {
        var node = self
        for component in path.components {
            switch (component, node.value) {
            case (.key(let k), .object(let members)):
                guard let next = members.first(where: { $0.key == k }) else { return node }
                node = next.value
            case (.index(let i), .array(let items)):
                guard items.indices.contains(i) else { return node }
                node = items[i]
            default:
                return node
            }
        }
        return node
    }

    /// Where the key itself is written, when `path` ends in a key: errors about a key point at the key.
    public func keyPosition(at path: KeyPath) -> SourcePosition? {
        guard case .key(let last)? = path.components.last else { return nil }
        let parent = nearestNode(at: KeyPath(Array(path.components.dropLast())))
        if case .object(let members) = parent.value { return members.first { $0.key == last }?.keyPosition }
        return nil
    }
}
