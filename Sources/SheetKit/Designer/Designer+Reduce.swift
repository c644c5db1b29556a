/// The reducer: one input at a time, on the window's clock.
extension Designer {
    /// `sheet.motion.feel`, which the Feel key cycles.
    static let feelPath = InspectorRows.sheetPath / SheetConfig.CodingKeys.motion / MotionConfig.CodingKeys.feel

    public mutating func handle(_ input: DesignerInput, at time: Double) -> [DesignerEffect] {
        now = max(now, time)
        var effects: [DesignerEffect] = []
        // Every input but a hover and a tick changes something on screen; `tick` decides for itself.
        var changesScreen = true
        defer { if changesScreen { generation += 1 } }
        switch input {
        case .quit:
            running = false
        case .pointerDown(let p):
            if inspector.isOpen && p.x >= canvas.width {
                effects += inspectorActions(inspector.press(at: Point(p.x - canvas.width, p.y), rows: inspectorRows))
            } else if p.x < 0 {
                // On the reference shown side by side: a picture, nothing to press.
                changesScreen = false
            } else if panels.guides, let id = DetentHandles.hit(p, setup: selectedSetup) {
                handleDrag = HandleDrag(detentID: id)
            } else {
                // A press on the canvas leaves the inspector's typing, as Esc does, so that a field it focuses gets the keys.
                inspector.typing = nil
                effects += apply(.pointerDown(p), at: time)
            }
        case .pointerMove(let p, let down):
            if inspector.scrub != nil {
                effects += inspectorActions(inspector.drag(toX: p.x - canvas.width, rows: inspectorRows))
            } else if var drag = handleDrag {
                let height = DetentHandles.height(atY: p.y, canvas: canvas)
                effects += edit(retargeted(DetentEdits.setHeight(drag.detentID, height, document: selectedDocument, config: selectedConfig)),
                                gesture: drag.started ? .continues : .begins)
                drag.started = true
                handleDrag = drag
            } else if down {
                effects += apply(.pointerMove(p), at: time)
            } else {
                changesScreen = false
            }
        case .pointerUp(let p):
            if inspector.scrub != nil {
                inspector.release()
            } else if let drag = handleDrag {
                handleDrag = nil
                if let detent = setup.detent(drag.detentID) { show("\(drag.detentID): \(JSONWriter.number(detent.height)) pt") }
            } else if engine.isPointerDown {
                effects += apply(.pointerUp(p), at: time)
            }
        case .fingerDown(let p): effects += apply(.pointerDown(p), at: time)
        case .fingerMove(let p): effects += apply(.pointerMove(p), at: time)
        case .fingerUp(let p): effects += apply(.pointerUp(p), at: time)
        case .wheel(let dy, let p):
            if inspector.isOpen && p.x >= canvas.width {
                inspector.scroll(by: dy, rowCount: inspectorRows.count, canvasHeight: canvas.height)
            } else {
                effects += scroll(dy: dy, at: p, time: time)
            }
        case .key(let key, let shift, let control):
            effects += press(key, shift: shift, control: control, at: time)
        case .text(let string):
            // SDL's text input: into the focused field, unless the inspector is typing a value.
            if inspector.typing == nil && isEditingField { effects += apply(.type(string), at: time) }
            else { inspector.text(string, rows: inspectorRows) }
        case .tick:
            changesScreen = false
            effects += tick(at: time)
        case .windowChanged:
            break
        case .fileLoaded(let load, let reason):
            effects += fileLoaded(load, reason: reason)
        case .derived(let next, let overrides, let outcome, let message):
            effects += commit(next, overrides: overrides, outcome, message: message)
        case .wrote(let outcome):
            effects += wrote(outcome)
        case .dropped(let path):
            effects += dropped(path)
        case .measured(let outcome):
            effects += measured(outcome)
        }
        return effects
    }

    // MARK: - The engine

    mutating func apply(_ input: SheetInput, at time: Double) -> [DesignerEffect] {
        let t = max(engine.time, time)
        recorder?.record(input, at: t)
        let events = engine.handle(input, at: t)
        showDismissAttempt(events)
        return events.isEmpty ? [] : [.log(events)]
    }

    mutating func tick(at time: Double) -> [DesignerEffect] {
        var effects: [DesignerEffect] = []
        var changed = false
        if let t = toast, time > t.until { toast = nil; changed = true }
        if let w = wheel, time - w.lastEvent > Self.wheelReleaseAfter {
            wheel = nil
            // Release at the last scroll's time: the pause before noticing it is not part of the gesture.
            effects += apply(.pointerUp(w.position), at: w.lastEvent + Self.wheelReleaseDelay)
            changed = true
        }
        let caret = selectedEngine.caretVisible(at: engine.time)
        let events = engine.advance(to: max(engine.time, time))
        showDismissAttempt(events)
        if !events.isEmpty { effects.append(.log(events)); changed = true }
        // The focused field's caret blinks: an edge it crossed is a change on screen.
        if selectedEngine.caretVisible(at: engine.time) != caret { changed = true }
        let plot = settlePlot
        settlePlot.track(selectedEngine)
        if changed || plot != settlePlot { generation += 1 }
        return effects
    }

    mutating func scroll(dy: Double, at point: Point, time: Double) -> [DesignerEffect] {
        guard !engine.isPointerDown || wheel != nil else { return [] }
        var effects: [DesignerEffect] = []
        if wheel == nil {
            wheel = WheelDrag(position: point, lastEvent: time)
            effects += apply(.pointerDown(point), at: time)
        }
        // Scrolling up (away from you) lifts the sheet, like pushing it with two fingers.
        wheel!.position.y -= dy * Self.wheelPointsPerUnit
        wheel!.lastEvent = time
        return effects + apply(.pointerMove(wheel!.position), at: time)
    }

    // MARK: - Keys

    /// A key: the inspector's editing keys first while it has a row selected (or is being typed into), then the
    /// key table (`KeyTable`), which the help overlay and the README show too.
    /// While a text field is focused its keys come first (`KeyTable.fieldKey`): letters, digits and Space type (their
    /// characters arrive as `.text`), ⌫ deletes, Return and Esc hide the keyboard; Ctrl chords, F5, Tab and the arrows go
    /// on as usual. The inspector typing a value keeps its own keys.
    mutating func press(_ key: DesignerKey, shift: Bool, control: Bool, at time: Double) -> [DesignerEffect] {
        if inspector.typing == nil && isEditingField, let fieldKey = KeyTable.fieldKey(for: KeyChord(key, shift: shift, control: control)) {
            switch fieldKey {
            case .typesText, .nothing: return []
            case .deleteBackward: return apply(.type("\u{8}"), at: time)
            case .endEditing: return apply(.keyboard(show: false), at: time)
            }
        }
        if !control, let actions = inspector.key(key, shift: shift, rows: inspectorRows) { return inspectorActions(actions) }
        guard let command = KeyTable.command(for: KeyChord(key, shift: shift, control: control)) else { return [] }
        return run(command, key: key, at: time)
    }

    /// What a key command does.
    mutating func run(_ command: KeyCommand, key: DesignerKey, at time: Double) -> [DesignerEffect] {
        switch command {
        case .quit:
            running = false
        case .goToDetent:
            let detents = selectedSetup.detents
            if case .digit(let n) = key, n >= 1, n <= detents.count { return apply(.select(detents[n - 1].id), at: time) }
        case .presentOrDismiss:
            // Over a stack, Space dismisses the top sheet.
            if selectedSheet != nil { return apply(.dismiss, at: time) }
            let dismissed = engine.phase == .dismissed || engine.settleTarget == .dismiss
            return apply(dismissed ? .present : .dismiss, at: time)
        case .hud: panels.hud.toggle()
        case .help: panels.help.toggle()
        case .guides: panels.guides.toggle()
        case .motionOverlay: panels.motion.toggle()
        case .inspector: inspector.toggle()
        case .screenshot: return [.screenshot]
        case .export: return exportEffects()
        case .reload:
            guard configPath != nil else { show("The built-in default has no file to reload"); return [] }
            return [.reloadFile(reason: "reloaded")]
        case .slowMotion:
            engine.timeScale = SlowMotion.toggled(engine.timeScale)
            show(SlowMotion.toast(for: engine.timeScale))
        case .nextDevice:
            // The device after the one shown; picking one in the window ends a `--device` override.
            let next = DeviceEdits.nextDevice(after: workspace.config.device)
            var overrides = self.overrides
            overrides.device = nil
            return edit([next.edit], message: "Device: \(next.name)", overrides: overrides)
        case .rotate:
            let rotation = DeviceEdits.rotation(device: workspace.config.device, canvas: canvas)
            return edit([rotation.edit], message: rotation.message)
        case .appearance:
            let next = workspace.config.appearance.toggled
            return edit([.set(KeyPath.root / SheetLabConfig.CodingKeys.appearance, .string(next.rawValue))], message: "Appearance: \(next.rawValue)")
        case .nextFeel:
            let next = selectedSetup.feel.next
            let edit: ConfigEditor.Edit = next == .uikit ? .remove(Self.feelPath)
                : .set(Self.feelPath, .string(next.rawValue))
            return self.edit(retargeted([edit]), message: "Feel: \(next.title)")
        case .recordClip:
            return [.toggleClip]
        case .recordGestures:
            return recorder == nil ? startRecording(at: time) : stopRecording()
        case .undo, .redo:
            var next = workspace.editor
            let redo = command == .redo
            if redo ? next.redo() : next.undo() { return [.derive(next, overrides: overrides, message: redo ? "Redone" : "Undone")] }
            show(redo ? "Nothing to redo" : "Nothing to undo")
        case .save:
            return [.saveConfig(text: workspace.editor.text, path: configPath)]
        case .reference:
            cycleReference()
        }
        return []
    }

    // MARK: - Recording

    /// Steps count from the key press, on the engine's clock.
    mutating func startRecording(at time: Double) -> [DesignerEffect] {
        let start = max(engine.time, time)
        recorder = GestureRecorder(start: start)
        // A field focused before the recording began is focused in the replay too, so that its typing replays.
        if selectedEngine.focusedField != nil { recorder?.record(.keyboard(show: true), at: start) }
        show("Recording… press F5 to stop")
        return []
    }

    mutating func stopRecording() -> [DesignerEffect] {
        guard let r = recorder else { return [] }
        recorder = nil
        // The snapshot is where the replay comes to rest.
        let end = Simulation(setup: setup, script: r.script).endTime()
        return [.writeRecording(r.scenario(configName: configPath.map(Self.fileName), end: end), steps: r.steps.count)]
    }

    // MARK: - Messages

    mutating func show(_ message: String) {
        toast = Toast(message: message, until: now + Self.toastDuration)
    }

    static let dismissAttemptMessage = "Dismiss attempt: this sheet is not dismissible"

    /// A `dismissAttempt` among `events` shows briefly, while the sheet bounces back.
    mutating func showDismissAttempt(_ events: [TimedEvent]) {
        if events.contains(where: { $0.event == .dismissAttempt }) { show(Self.dismissAttemptMessage) }
    }
}
