/// A file dropped on the window (issue 37): it is measured, the measured config written beside it becomes the live,
/// watched config, and the picture stays as the reference (`Reference`). A failed drop says why in the banner and
/// changes nothing.
extension Designer {
    /// A file dropped on the window: measure it, unless edits would be lost or a measurement is under way.
    mutating func dropped(_ path: String) -> [DesignerEffect] {
        let name = Self.fileName(path)
        if let busy = measuring {
            show("Still measuring \(Self.fileName(busy)); drop \(name) again when it is done")
            return []
        }
        if hasUnsavedChanges {
            show("Unsaved edits: save them (Ctrl+S) or undo them before dropping \(name)")
            return []
        }
        measuring = path
        show("Measuring \(name)…")
        // The measured config names its own device: a `--device` override ends here, as when D picks one.
        var overrides = self.overrides
        overrides.device = nil
        return [.measure(path: path, overrides: overrides)]
    }

    /// What the shell measured for a drop.
    mutating func measured(_ outcome: DropMeasurement) -> [DesignerEffect] {
        measuring = nil
        switch outcome {
        case .failed(let picture, let reason):
            banner = "Cannot measure \(Self.fileName(picture)): \(reason). The config stays as it was."
            return [.stderr("sheetlab: \(picture): cannot measure it: \(reason)")]
        case .measured(let picture, let path, let editor, let overrides, let derived, let summary, let shown):
            var effects = commit(editor, overrides: overrides, derived, message: nil)
            guard case .success = derived else { return effects }
            configPath = path
            reference = Reference(path: shown ?? picture)
            // Two lines, wrapped to the canvas: file names can be long.
            show("Measured \(Self.fileName(picture))\nNow watching \(Self.fileName(path)) · C: side by side")
            effects += [.watch(path), .stdout("measured \(picture) into \(path), now the live config")]
            effects += summary.split(separator: "\n", omittingEmptySubsequences: false).map { .stdout(String($0)) }
            return effects
        }
    }

    /// C: the reference's next view (onion skin, side by side, hidden).
    mutating func cycleReference() {
        guard var shown = reference else {
            show("No reference: drop a screenshot on the window to measure it")
            return
        }
        shown.view = shown.view.next
        reference = shown
        show("Reference: \(shown.view.title)")
    }
}
