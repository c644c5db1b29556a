/// A kind of input document that `DocumentLoader` reads: a config, a script, a scenario.
public protocol LoadableDocument: Decodable, Sendable {
    /// What the whole document must be, for the error when it is something else: "a config is a JSON object".
    static var shape: String { get }

    /// Checks beyond the schema (references between keys, files the document names), with key paths
    /// relative to `root`. `value` is nil when decoding failed; `fileExists` answers for paths as written.
    static func check(_ value: Self?, root: JSONNode, fileExists: (String) -> Bool) -> [Diagnostic]

    /// The value to hand back when decoding gave none but nothing was reported (never, in practice).
    static var fallback: Self? { get }

    /// The largest file of this kind, in bytes, refused before it is parsed (a parsed tree costs many times its text).
    static var maxBytes: Int { get }
}

extension LoadableDocument {
    public static func check(_ value: Self?, root: JSONNode, fileExists: (String) -> Bool) -> [Diagnostic] { [] }
    public static var fallback: Self? { nil }
    public static var maxBytes: Int { Int.max }
}

/// A document that loaded: its value, the parsed source (for positions), where it sits, and its warnings.
public struct LoadedDocument<Value: LoadableDocument>: Sendable {
    public var value: Value
    public var root: JSONNode
    /// The file name used in messages.
    public var file: String
    /// Where `root` sits in its file: `script` for a scenario's inline script, the root for a whole file.
    public var prefix: KeyPath
    public var warnings: [Diagnostic]

    public init(value: Value, root: JSONNode, file: String, prefix: KeyPath = .root, warnings: [Diagnostic] = []) {
        self.value = value; self.root = root; self.file = file; self.prefix = prefix; self.warnings = warnings
    }

    /// Places diagnostics that know only a key path relative to `root` (found later, such as a script's
    /// detent names checked against a config) in the file.
    public func locate(_ issues: [Diagnostic]) -> [Diagnostic] {
        DocumentLoader.locate(issues, in: root, file: file, prefix: prefix)
    }
}

/// Reads configs, scripts and scenarios the same way: syntax, shape, schema, checks; every problem
/// with its file, line:column and key path, in file order. No file system: the caller reads the text
/// and says which referenced paths exist.
public enum DocumentLoader {
    /// Loads a whole file's text.
    public static func load<Document: LoadableDocument>(_ type: Document.Type, text: String, file: String,
                                                         fileExists: (String) -> Bool = { _ in true })
        -> Result<LoadedDocument<Document>, InputError> {
        let size = text.utf8.count
        if size > Document.maxBytes {
            return .failure(InputError(file: file, "is \(size) bytes; the largest allowed is \(Document.maxBytes) bytes (\(Document.maxBytes >> 20) MB)"))
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            return .failure(InputError([Diagnostic(file: file, position: error.position, path: error.path, message: error.message)]))
        }
        return load(type, root: root, file: file, fileExists: fileExists)
    }

    /// Loads an already parsed node: a whole file, or an object inside another document (a scenario's
    /// inline config or script), in which case `prefix` is its key path there.
    public static func load<Document: LoadableDocument>(_ type: Document.Type, root: JSONNode, file: String, at prefix: KeyPath = .root,
                                                         fileExists: (String) -> Bool = { _ in true })
        -> Result<LoadedDocument<Document>, InputError> {
        guard case .object = root.value else {
            return .failure(InputError([Diagnostic(file: file, position: root.position, path: prefix,
                                                   message: "\(Document.shape), found \(root.kindName)")]))
        }
        let decoded = TreeDecoder().decodeCounting(Document.self, from: root)
        let issues = locate(decoded.issues + Document.check(decoded.value, root: root, fileExists: fileExists),
                            in: root, file: file, prefix: prefix)
        let errors = issues.filter { $0.severity == .error }
        guard errors.isEmpty, decoded.unlisted == 0, let value = decoded.value ?? Document.fallback else {
            // Keep the first `maxIssues` in the file's order; count the rest.
            let kept = errors.isEmpty ? issues : errors
            let listed = Array(kept.prefix(TreeDecoder.maxIssues))
            return .failure(InputError(listed, unlisted: decoded.unlisted + kept.count - listed.count))
        }
        return .success(LoadedDocument(value: value, root: root, file: file, prefix: prefix,
                                       warnings: issues.filter { $0.severity == .warning }))
    }

    /// Gives each diagnostic the file, a line:column from its key path when it has none, and the full key
    /// path from the file's root; then sorts them by place (those without one keep their order).
    public static func locate(_ issues: [Diagnostic], in root: JSONNode, file: String, prefix: KeyPath) -> [Diagnostic] {
        let placed = issues.map { issue in
            var d = issue
            d.file = file
            if let path = d.path, d.position == nil { d.position = root.keyPosition(at: path) ?? root.nearestNode(at: path).position }
            if !prefix.components.isEmpty { d.path = KeyPath(prefix.components + (d.path?.components ?? [])) }
            return d
        }
        return placed.enumerated().sorted { a, b in
            let pa = a.element.position, pb = b.element.position
            if let pa, let pb, pa != pb { return (pa.line, pa.column) < (pb.line, pb.column) }
            return a.offset < b.offset
        }.map(\.element)
    }
}
