/// Checks that need the whole config: references between keys, files, and the canvas as a whole.
public enum ConfigValidator {
    public static func validate(_ config: SheetLabConfig, root: JSONNode, fileExists: (String) -> Bool) -> [Diagnostic] {
        var issues: [Diagnostic] = []
        let canvas = config.resolvedCanvas
        if canvas.maxSheetHeight <= 0 {
            issues.append(Diagnostic(path: KeyPath.root / "canvas" / "height",
                                     message: "the canvas (\(canvas.height.clean) pt) leaves no room for a sheet below its top safe area (\(canvas.safeTop.clean) pt)"))
        }
        if case .image(let path) = config.background, !fileExists(path) {
            issues.append(Diagnostic(path: KeyPath.root / "background" / "image", message: "file not found: \(path) (paths are relative to the config file)"))
        }
        issues += validateSheet(config, node: root["sheet"], path: KeyPath.root / "sheet", fileExists: fileExists)
        for entry in config.sheets {
            issues += validateSheet(config.presenting(entry.sheet), node: root["sheets"]?[entry.id],
                                    path: KeyPath.root / "sheets" / entry.id, fileExists: fileExists)
        }
        issues += StackValidator.validate(config)

        // Warnings: detents that land on the same height cannot be told apart.
        if issues.isEmpty {
            for (sheetConfig, path, overSheet) in [(config, KeyPath.root / "sheet", false)]
                + config.sheets.map({ (config.presenting($0.sheet), KeyPath.root / "sheets" / $0.id, true) }) {
                // A `fit` detent's height is the content's, measured as everything else measures it.
                let fits = sheetConfig.sheet.detents.contains { if case .fit = $0 { true } else { false } }
                let setup = SheetSetup(config: sheetConfig, measurer: fits ? InstalledTextMetrics.current : EstimatedTextMetrics(),
                                       stacking: false, overSheet: overSheet)
                for (a, b) in zip(setup.detents, setup.detents.dropFirst()) where abs(a.height - b.height) < 0.5 {
                    issues.append(Diagnostic(path: path / "detents",
                                             message: "detents \"\(a.id)\" and \"\(b.id)\" both resolve to \(a.height.clean) pt",
                                             severity: .warning))
                }
            }
        }
        return issues
    }

    /// The checks of one sheet object, `config.sheet`, whose source is `node` at `sheet`: the first sheet, or one of
    /// the `sheets` map with the rest of the config around it.
    static func validateSheet(_ config: SheetLabConfig, node: JSONNode?, path sheet: KeyPath, fileExists: (String) -> Bool) -> [Diagnostic] {
        var issues: [Diagnostic] = []
        let canvas = config.resolvedCanvas
        // Ids come from the source, so that paths keep the file's indices even when an element failed to decode.
        var ids: [String] = []
        if case .array(let items)? = node?["detents"]?.value {
            if items.isEmpty {
                issues.append(Diagnostic(path: sheet / "detents", message: "needs at least one detent"))
            }
            var firstIndex: [String: Int] = [:]
            for (i, item) in items.enumerated() {
                let id: String?
                switch item.value {
                case .string(let s): id = s
                case .object: if case .string(let s)? = item["id"]?.value { id = s } else { id = nil }
                default: id = nil
                }
                guard let id else { continue }
                if let first = firstIndex[id] {
                    let at = item.value == .string(id) ? sheet / "detents" / i : sheet / "detents" / i / "id"
                    issues.append(Diagnostic(path: at, message: "duplicate detent id \"\(id)\" (first at \(sheet / "detents" / first))"))
                } else {
                    firstIndex[id] = i
                    ids.append(id)
                }
            }
        } else {
            ids = config.sheet.detents.map(\.id)
        }

        func checkReference(_ id: String?, _ path: KeyPath) {
            guard let id, !ids.isEmpty, !ids.contains(id) else { return }
            issues.append(Diagnostic(path: path, message: "no detent \"\(id)\"\(Suggest.didYouMean(id, in: ids)) (detents: \(ids.joined(separator: ", ")))"))
        }
        checkReference(config.sheet.initialDetent, sheet / "initialDetent")
        if node?["dimming"]?["largestUndimmedDetent"] != nil {
            checkReference(config.sheet.dimming.largestUndimmedDetent, sheet / "dimming" / "largestUndimmedDetent")
        }

        // The keyboard must leave room above it below the top safe area, as every iOS keyboard does.
        // Only a sheet that can show it (a text field) or that names its height is held to it: a small canvas without a
        // field never shows a keyboard.
        let keyboard = KeyboardMetrics.height(config: config, canvas: canvas)
        let showsKeyboard = config.sheet.keyboard.height != nil || config.sheet.content.contains { if case .textField = $0 { true } else { false } }
        if showsKeyboard && canvas.maxSheetHeight > 0 && keyboard > canvas.height - canvas.safeTop - KeyboardMetrics.minimumRoomAbove {
            let given = config.sheet.keyboard.height != nil
            issues.append(Diagnostic(path: given ? sheet / "keyboard" / "height" : KeyPath.root / "canvas" / "height",
                                     message: "a \(keyboard.clean) pt keyboard does not fit the canvas: it is \(canvas.height.clean) pt tall with a \(canvas.safeTop.clean) pt top safe area, "
                                        + "so the keyboard may be at most \((canvas.height - canvas.safeTop - KeyboardMetrics.minimumRoomAbove).clean) pt"
                                        + (given ? "" : "; set sheet.keyboard.height")))
        }
        let focused = config.sheet.content.indices.filter { if case .textField(let f) = config.sheet.content[$0] { f.focus } else { false } }
        if focused.count > 1 {
            issues.append(Diagnostic(path: sheet / "content" / focused[1] / "focus",
                                     message: "only one text field can be focused; \(sheet / "content" / focused[0]) already is"))
        }

        if case .array(let items)? = node?["content"]?.value {
            for (i, item) in items.enumerated() {
                let elementPath = sheet / "content" / i
                if case .string(let action)? = item["action"]?.value, case .select(let id)? = ElementAction(action) {
                    checkReference(id, elementPath / "action")
                }
                if case .string(let type)? = item["type"]?.value, type == "image",
                   case .string(let path)? = item["path"]?.value, !path.isEmpty, !fileExists(path) {
                    issues.append(Diagnostic(path: elementPath / "path", message: "file not found: \(path) (paths are relative to the config file)"))
                }
                if case .array(let rows)? = item["rows"]?.value {
                    for (j, row) in rows.enumerated() {
                        if case .string(let action)? = row["action"]?.value, case .select(let id)? = ElementAction(action) {
                            checkReference(id, elementPath / "rows" / j / "action")
                        }
                    }
                }
            }
        }

        return issues
    }
}
