/// The config as a designer edits it in the window: the JSON document itself, so that saving keeps
/// every key and value nobody touched, with undo and redo over every change.
public struct ConfigEditor: Sendable {
    /// One change: a value set (or added) at a path, or a key or array item removed.
    public enum Edit: Sendable, Equatable {
        case set(KeyPath, JSONNode)
        case remove(KeyPath)

        public var path: KeyPath {
            switch self {
            case .set(let p, _), .remove(let p): return p
            }
        }

        /// The edit applied to `tree`; setting creates objects along the way.
        public func applied(to tree: JSONNode) -> JSONNode {
            switch self {
            case .set(let path, let value): return ConfigEditor.setting(value, at: path.components[...], in: tree)
            case .remove(let path): return ConfigEditor.setting(nil, at: path.components[...], in: tree)
            }
        }
    }

    /// What became of a document that changed on disk.
    public enum ExternalChange: Sendable, Equatable {
        /// No local edits: the file's version is now the document.
        case replaced
        /// The local edits were replayed on top of the file's version.
        case merged
        /// The local edits do not apply on top of the file's version (the result would be invalid):
        /// the local document stays current, the file's version is kept as `saved`, nothing is lost.
        case conflict([Diagnostic])
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

    /// Applies `edits` as one step if the result is a valid config; otherwise returns why not and changes nothing.
    @discardableResult
    public mutating func apply(_ edits: [Edit], file: String = "edit") -> [Diagnostic] {
        applying(edits, recordsUndo: true, file: file)
    }

    @discardableResult
    public mutating func apply(_ edit: Edit, file: String = "edit") -> [Diagnostic] { apply([edit], file: file) }

    /// Applies `edits` while a drag goes on: the first call of a gesture records the undo step, the
    /// rest replace the value, so one drag undoes in one step.
    @discardableResult
    public mutating func applyContinuing(_ edits: [Edit], startsGesture: Bool, file: String = "edit") -> [Diagnostic] {
        applying(edits, recordsUndo: startsGesture, file: file)
    }

    private mutating func applying(_ edits: [Edit], recordsUndo: Bool, file: String) -> [Diagnostic] {
        let candidate = edits.reduce(document) { $1.applied(to: $0) }
        if case .failure(let e) = ConfigLoader.load(root: candidate, file: file) { return e.diagnostics }
        if recordsUndo {
            undoStack.append(document)
            redoStack.removeAll()
        }
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
    /// new file when the result is valid; when it is not, both versions are kept and the result says so.
    public mutating func adoptExternal(_ external: JSONNode, file: String = "merge") -> ExternalChange {
        if !hasUnsavedChanges {
            document = external
            saved = external
            return .replaced
        }
        let local = Self.changes(from: saved, to: document)
        let merged = local.reduce(external) { $1.applied(to: $0) }
        saved = external
        if case .failure(let e) = ConfigLoader.load(root: merged, file: file) { return .conflict(e.diagnostics) }
        undoStack.append(document)
        document = merged
        return .merged
    }

    /// The value at `path`, if present.
    public func value(at path: KeyPath) -> JSONNode? { document.value(at: path) }

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

    /// The leaf edits that turn `old` into `new`: values set or added, keys removed.
    static func changes(from old: JSONNode, to new: JSONNode, at path: KeyPath = .root) -> [Edit] {
        switch (old.value, new.value) {
        case (.object(let a), .object(let b)):
            var out: [Edit] = []
            for m in b {
                if let o = a.first(where: { $0.key == m.key }) { out += changes(from: o.value, to: m.value, at: path / m.key) } else { out.append(.set(path / m.key, m.value)) }
            }
            for m in a where !b.contains(where: { $0.key == m.key }) { out.append(.remove(path / m.key)) }
            return out
        default:
            return old.sameValue(as: new) ? [] : [.set(path, new)]
        }
    }
}
