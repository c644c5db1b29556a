/// JSX both targets write alike.
enum JSX {
    /// A text field's value and focus props after the ones each target writes first.
    static func fieldValueProps(_ field: TextFieldElement) -> [String] {
        (field.text.isEmpty ? [] : ["defaultValue=\(ExportEscaping.jsxAttribute(field.text))"]) + (field.focus ? ["autoFocus"] : [])
    }
}
