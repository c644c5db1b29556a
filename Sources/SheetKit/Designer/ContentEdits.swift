/// Words in the content changed from the inspector.
public enum ContentEdits {
    public static let path = InspectorRows.sheetPath / SheetConfig.CodingKeys.content

    /// `text` at `at` (an element's `text` or `title`), with `sheet.content` written out first when
    /// the document leaves it to the default, so the other elements stay as they are.
    public static func setText(_ text: String, at key: KeyPath, document: JSONNode, config: SheetLabConfig) -> [ConfigEditor.Edit] {
        var edits: [ConfigEditor.Edit] = []
        if document.value(at: path) == nil, let node = try? JSONNodeEncoder.encode(config.sheet.content) { edits.append(.set(path, node)) }
        return edits + [.set(key, .string(text))]
    }
}
