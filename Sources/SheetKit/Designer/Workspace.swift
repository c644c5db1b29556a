/// The config, held once: the editor's JSON document, and what was derived from it when it was
/// adopted (the decoded document and the engine's setup). A change is adopted as one transaction:
/// everything is derived first, then committed together, or nothing changes.
public struct Workspace: Sendable {
    /// What a document turns into; `Output` is whatever else the screen needs (the renderer).
    public struct Derived<Output> {
        public var document: ConfigDocument
        public var setup: SheetSetup
        public var output: Output
        public init(document: ConfigDocument, setup: SheetSetup, output: Output) {
            self.document = document; self.setup = setup; self.output = output
        }
    }

    public private(set) var editor: ConfigEditor
    public private(set) var document: ConfigDocument
    public private(set) var setup: SheetSetup

    public init(editor: ConfigEditor, document: ConfigDocument, setup: SheetSetup) {
        self.editor = editor; self.document = document; self.setup = setup
    }

    public var config: SheetLabConfig { document.config }

    /// Derives everything from `next`'s document and commits it all; on failure nothing changes.
    public mutating func adopt<Output>(_ next: ConfigEditor,
                                       derive: (JSONNode) throws(InputError) -> Derived<Output>) -> Result<Output, InputError> {
        let derived: Derived<Output>
        do { derived = try derive(next.document) } catch { return .failure(error) }
        editor = next
        document = derived.document
        setup = derived.setup
        return .success(derived.output)
    }

    /// The current document was written to disk.
    public mutating func markSaved() { editor.markSaved() }
}

extension Workspace.Derived: Sendable where Output: Sendable {}
