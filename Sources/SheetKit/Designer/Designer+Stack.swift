/// Sheets over sheets in the window: the topmost sheet that is up is the selected one. The inspector, the guides and
/// their handles, the digit keys, F (next feel) and the motion overlay act on it; its edits go to its object in
/// `sheets`, so that undo, save and the live reload treat them as any other edit.
extension Designer {
    /// The id of the selected stacked sheet; `nil` when the first sheet is selected (nothing is stacked over it).
    public var selectedSheet: String? { engine.topLevel.map { engine.stack[$0].id } }

    /// The selected sheet's engine: the topmost one that takes input.
    public var selectedEngine: SheetEngine { engine.engine(atLevel: engine.topLevel) }

    /// The config as the selected sheet sees it: its sheet object in `sheet`, the rest of the config around it.
    public var selectedConfig: SheetLabConfig {
        guard let id = selectedSheet, let sheet = workspace.config.stackedSheet(id) else { return workspace.config }
        return workspace.config.presenting(sheet)
    }

    /// The selected sheet's setup, as the config resolves it.
    public var selectedSetup: SheetSetup { selectedSheet.flatMap { setup.stackSetups[$0] } ?? setup }

    /// Where the selected sheet's object is in the file: `sheet`, or `sheets.<id>`.
    public var selectedSheetPath: KeyPath { selectedSheet.map { KeyPath.root / SheetLabConfig.CodingKeys.sheets / $0 } ?? InspectorRows.sheetPath }

    /// The document as the edit helpers (`DetentEdits`, `ContentEdits`) read it: the selected sheet's object in `sheet`.
    var selectedDocument: JSONNode {
        let document = workspace.editor.document
        guard let id = selectedSheet, let node = document[SheetLabConfig.CodingKeys.sheets.stringValue]?[id] else { return document }
        return ConfigEditor.Edit.set(InspectorRows.sheetPath, node).applied(to: document)
    }

    /// Edits written against `sheet` moved to the selected sheet's object.
    func retargeted(_ edits: [ConfigEditor.Edit]) -> [ConfigEditor.Edit] {
        guard selectedSheet != nil else { return edits }
        let from = InspectorRows.sheetPath, to = selectedSheetPath
        func move(_ p: KeyPath) -> KeyPath {
            p.hasPrefix(from) ? KeyPath(to.components + p.components.dropFirst(from.components.count)) : p
        }
        return edits.map { edit in
            switch edit {
            case .set(let p, let v): return .set(move(p), v)
            case .remove(let p): return .remove(move(p))
            }
        }
    }

    /// The HUD's stack lines while sheets are stacked: the stack bottom up, and each stacked sheet's rule.
    public var stackHUDLines: [String] {
        guard !engine.stack.isEmpty else { return [] }
        func pt(_ x: Double) -> String { String(Int(x.rounded())) }
        var lines = ["stack " + (["sheet"] + engine.stack.map(\.id)).joined(separator: " → ")]
        for entry in engine.stack {
            let e = entry.engine
            let state = e.phase == .idle ? (e.restingDetent ?? "") : e.phase.rawValue
            lines.append("  \(entry.id): top \(pt(e.top)) pt, \(state), \(entry.behavior.title)")
        }
        return lines
    }
}
