/// Edits, adoption and files: how a change reaches the workspace, and what the shell reports back.
extension Designer {
    /// The edits as one step (or one step of a drag) on a copy of the editor; a refused edit says
    /// why, an accepted one is handed to the shell to adopt.
    mutating func edit(_ edits: [ConfigEditor.Edit], gesture: Inspector.Gesture = .single, message: String? = nil,
                       overrides: ConfigOverrides? = nil) -> [DesignerEffect] {
        guard !edits.isEmpty else { return [] }
        var next = workspace.editor
        let file = configPath ?? ConfigDocument.builtInDefault.file
        let problems = gesture == .continues
            ? next.applyContinuing(edits, startsGesture: false, file: file)
            : next.apply(edits, file: file)
        if let first = problems.first {
            show("Refused: \(first.path?.description ?? edits[0].path.description): \(first.message)")
            return []
        }
        return [.derive(next, overrides: overrides ?? self.overrides, message: message)]
    }

    mutating func inspectorActions(_ actions: [Inspector.Action]) -> [DesignerEffect] {
        var effects: [DesignerEffect] = []
        // The detent and content helpers read the selected sheet as `sheet`; their edits go back to its object.
        let document = selectedDocument, config = selectedConfig, setup = selectedSetup
        for action in actions {
            switch action {
            case .edit(.set(let path, let value), _) where path == InspectorRows.exportTargetPath:
                chooseExportTarget(value.stringValue ?? "")
            case .edit(let e, let gesture):
                effects += edit([e], gesture: gesture)
            case .detentHeight(let id, let height, let gesture):
                effects += edit(retargeted(DetentEdits.setHeight(id, height, document: document, config: config)), gesture: gesture)
            case .addDetent:
                let added = DetentEdits.add(document: document, setup: setup)
                effects += edit(retargeted(added.edits), message: "Added \(added.id)")
            case .removeDetent(let id):
                effects += edit(retargeted(DetentEdits.remove(id, document: document, config: config)))
            case .contentText(let path, let text):
                effects += edit(retargeted(ContentEdits.setText(text, at: path, document: document, config: config)))
            case .toast(let message):
                show(message)
            }
        }
        return effects
    }

    /// Commits what the shell derived for `next` (`.derived`), all or nothing. On success the workspace takes the
    /// document and setup, the overrides they were derived under stand, and the engine moves to the new detents; on
    /// failure the last good config stays everywhere, the banner shows why, and so does stderr.
    mutating func commit(_ next: ConfigEditor, overrides: ConfigOverrides, _ outcome: Result<Workspace.Derived<Void>, InputError>,
                         message: String?) -> [DesignerEffect] {
        switch workspace.adopt(next, derive: { (_: JSONNode) throws(InputError) in try outcome.get() }) {
        case .success:
            self.overrides = overrides
            banner = nil
            let events = engine.handle(.reload(workspace.setup), at: engine.time)
            if let message { show(message) }
            return events.isEmpty ? [] : [.log(events)]
        case .failure(let error):
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            banner = text.replacingOccurrences(of: "sheetlab: ", with: "")
            return [.stderr(text)]
        }
    }

    mutating func fileLoaded(_ load: FileLoad, reason: String) -> [DesignerEffect] {
        switch load {
        case .failed(let diagnostics):
            // Keep the last good config on screen; say what is wrong, here and on stderr.
            let text = diagnostics.map(\.description).joined(separator: "\n")
            banner = text.replacingOccurrences(of: "sheetlab: ", with: "")
            return [.stderr(text)]
        case .loaded(let fresh):
            guard let root = fresh.root else { return [] }
            let editor = workspace.editor
            // Our own save coming back: nothing to do.
            if root.sameValue(as: editor.document) && !editor.hasUnsavedChanges {
                banner = nil
                return []
            }
            var next = editor
            var effects: [DesignerEffect]
            switch next.adoptExternal(root, file: fresh.file) {
            case .replaced:
                effects = [.derive(next, overrides: overrides, message: "Config \(reason)")]
            case .merged:
                effects = [.derive(next, overrides: overrides, message: "The file changed on disk; your unsaved edits stay on top (Ctrl+S saves, Ctrl+Z undoes)")]
            case .conflict(let problems):
                let why = problems.first.map { "\($0.path?.description ?? "config"): \($0.message)" } ?? "invalid"
                effects = [.derive(next, overrides: overrides, message: "The file changed on disk and your edits do not apply on top of it; yours stay (Ctrl+S overwrites it)"),
                           .stderr("sheetlab: \(fresh.file): changed on disk, but the unsaved edits in the window do not apply on top of it (\(why)); the window keeps its version, the file keeps its own")]
            }
            return effects + [.warnings(fresh.warnings)]
        }
    }

    mutating func wrote(_ outcome: WriteOutcome) -> [DesignerEffect] {
        switch outcome {
        case .config(let path):
            workspace.markSaved()
            var effects: [DesignerEffect] = [.stdout("saved \(path)")]
            if configPath == nil {
                configPath = path
                effects.append(.watch(path))
            }
            show("Saved \(Self.fileName(path))")
            return effects
        case .recording(let name, let steps):
            show("Recorded \(steps) steps into \(name)" + (hasUnsavedChanges ? " (save the config so the replay matches)" : ""))
        case .screenshot(let name):
            show("Saved \(name)")
        case .export(let name, let summary):
            showExport(name: name, summary: summary)
        case .clipStarted:
            recordingClip = true
            show("Recording a clip… press Shift+F5 to stop")
        case .clipStopped(let frames, let reason):
            recordingClip = false
            show("\(reason.map { "\($0): " } ?? "")encoding \(frames) frames…")
        case .clip(let name, let frames, let seconds):
            show("Saved \(name): \(frames) frames, \(JSONWriter.number((seconds * 10).rounded() / 10)) s")
        case .failed(let file, let path, let error):
            let what = file.what
            show("Could not save \(what): \(error)")
            switch file {
            // A config that cannot be saved (read-only, say) stays unsaved: say so until a load replaces it.
            case .config: banner = "Cannot save \(what): \(error)"
            // The event log stops at its first failed write: say so until the window closes.
            case .eventLog: banner = "Cannot write \(what) (logging stopped): \(error)"
            case .screenshot, .clip, .named: break
            }
            return [.stderr("sheetlab: \(path): cannot save \(what): \(error)")]
        }
        return []
    }
}
