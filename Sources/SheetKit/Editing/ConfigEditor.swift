/// The config as a designer edits it in the window: the JSON document itself, so that saving keeps
/// every key and value nobody touched, with undo and redo over every change.
public struct ConfigEditor: Sendable {
    /// One change: a value set (or added) at a path, or removed.
    public struct Edit: Sendable, Equatable {
        public var path: KeyPath
        public var value: JSONNode?
        public var label: String
        public init(path: KeyPath, value: JSONNode?, label: String) { self.path = path; self.value = value; self.label = label }
    }

    /// The document as it stands now.
    public private(set) var document: JSONNode
    /// The document as last saved or loaded.
    public private(set) var saved: JSONNode
    private var undoStack: [JSONNode] = []
    private var redoStack: [JSONNode] = []

    public init(document: JSONNode) {
        self.document = document
        saved = document
    }

    public var hasUnsavedChanges: Bool { !document.sameValue(as: saved) }
    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Applies `edit` if the result is a valid config; otherwise returns why not and changes nothing.
    @discardableResult
    public mutating func apply(_ edit: Edit, file: String = "edit") -> [Diagnostic] {
        let candidate = Self.setting(edit.value, at: edit.path.components[...], in: document)
        if case .failure(let e) = ConfigLoader.load(root: candidate, file: file) { return e.diagnostics }
        undoStack.append(document)
        redoStack.removeAll()
        document = candidate
        return []
    }

    /// Applies `edit` while a drag goes on: the first call of a gesture records the undo step, the
    /// rest replace the value, so one drag undoes in one step.
    @discardableResult
    public mutating func applyContinuing(_ edit: Edit, startsGesture: Bool, file: String = "edit") -> [Diagnostic] {
        if startsGesture { return apply(edit, file: file) }
        let candidate = Self.setting(edit.value, at: edit.path.components[...], in: document)
        if case .failure(let e) = ConfigLoader.load(root: candidate, file: file) { return e.diagnostics }
        document = candidate
        return []
    }

    public mutating func undo() -> Bool {
        guard let previous = undoStack.popLast() else { return false }
        redoStack.append(document)
        document = previous
        return true
    }

    public mutating func redo() -> Bool {
        guard let next = redoStack.popLast() else { return false }
        undoStack.append(document)
        document = next
        return true
    }

    /// The document as text, for saving.
    public var text: String { JSONWriter.write(document) }

    /// Records that the current document was written to disk.
    public mutating func markSaved() { saved = document }

    /// Takes a document that changed on disk. Unsaved edits are kept: they are replayed on top of the
    /// new file when they still apply, so neither side is lost. Returns whether local edits remain.
    public mutating func adoptExternal(_ external: JSONNode) -> Bool {
        if !hasUnsavedChanges {
            document = external
            saved = external
            return false
        }
        let local = Self.changes(from: saved, to: document)
        var merged = external
        for change in local { merged = Self.setting(change.value, at: change.path.components[...], in: merged) }
        if case .success = ConfigLoader.load(root: merged, file: "merge") {
            undoStack.append(document)
            document = merged
        }
        saved = external
        return true
    }

    /// The value at `path`, if present.
    public func value(at path: KeyPath) -> JSONNode? {
        var node = document
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

    /// `tree` with `value` at `path` (nil removes it), creating objects along the way.
    static func setting(_ value: JSONNode?, at path: ArraySlice<KeyPath.Component>, in tree: JSONNode) -> JSONNode {
        guard let head = path.first else { return value ?? JSONNode(.null) }
        let rest = path.dropFirst()
        switch head {
        case .key(let k):
            var members: [JSONMember]
            if case .object(let m) = tree.value { members = m } else { members = [] }
            if let i = members.firstIndex(where: { $0.key == k }) {
                if rest.isEmpty && value == nil { members.remove(at: i) } else {
                    members[i].value = setting(value, at: rest, in: members[i].value)
                }
            } else if value != nil || !rest.isEmpty {
                members.append(JSONMember(key: k, keyPosition: tree.position, value: setting(value, at: rest, in: JSONNode(.object([]), at: tree.position))))
            }
            return JSONNode(.object(members), at: tree.position)
        case .index(let i):
            var items: [JSONNode]
            if case .array(let a) = tree.value { items = a } else { items = [] }
            if rest.isEmpty && value == nil {
                if items.indices.contains(i) { items.remove(at: i) }
            } else if items.indices.contains(i) {
                items[i] = setting(value, at: rest, in: items[i])
            } else if i == items.count {
                items.append(setting(value, at: rest, in: JSONNode(.object([]), at: tree.position)))
            }
            return JSONNode(.array(items), at: tree.position)
        }
    }

    /// The leaf changes that turn `old` into `new`: values set or added, keys removed.
    static func changes(from old: JSONNode, to new: JSONNode, at path: KeyPath = .root) -> [(path: KeyPath, value: JSONNode?)] {
        switch (old.value, new.value) {
        case (.object(let a), .object(let b)):
            var out: [(KeyPath, JSONNode?)] = []
            for m in b {
                if let o = a.first(where: { $0.key == m.key }) { out += changes(from: o.value, to: m.value, at: path / m.key) } else { out.append((path / m.key, m.value)) }
            }
            for m in a where !b.contains(where: { $0.key == m.key }) { out.append((path / m.key, nil)) }
            return out
        default:
            return old.sameValue(as: new) ? [] : [(path, new)]
        }
    }
}

extension JSONNode {
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
}
