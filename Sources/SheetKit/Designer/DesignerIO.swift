/// What the shell hands the designer: events already in layout points, and the outcome of effects.
public enum DesignerInput: Sendable {
    case pointerDown(Point)
    case pointerMove(Point, buttonDown: Bool)
    case pointerUp(Point)
    /// A finger goes straight to the sheet (no handles, no inspector).
    case fingerDown(Point), fingerMove(Point), fingerUp(Point)
    /// Scroll in wheel units at a layout point; positive `dy` scrolls up (away from the user).
    case wheel(dy: Double, at: Point)
    case key(DesignerKey, shift: Bool, control: Bool)
    /// Text from the system's text input (`SDL_TEXTINPUT`): typed into the focused field (`SheetInput.type`), or into
    /// the inspector's value while it is typing one.
    case text(String)
    case quit
    /// Time passes: toasts expire, wheel drags let go, the engine advances.
    case tick
    /// The window changed size or was uncovered: draw again.
    case windowChanged
    /// The config file, read again (after a save on disk, or R).
    case fileLoaded(FileLoad, reason: String)
    /// What the shell derived for a `.derive` effect: the editor, the overrides it was derived under, and the
    /// decoded document and setup, or why it could not be built. The designer commits it, all or nothing.
    case derived(ConfigEditor, overrides: ConfigOverrides, Result<Workspace.Derived<Void>, InputError>, message: String?)
    /// What became of a file the designer asked for.
    case wrote(WriteOutcome)
    /// A file dropped on the window (`SDL_DROPFILE`): a screenshot or a recording to measure (`Designer+Reference`).
    case dropped(String)
    /// What measuring a dropped file gave, for a `.measure` effect.
    case measured(DropMeasurement)
}

public enum FileLoad: Sendable {
    case loaded(ConfigDocument)
    case failed([Diagnostic])
}

public enum WriteOutcome: Sendable, Equatable {
    case config(path: String)
    case recording(name: String, steps: Int)
    case screenshot(name: String)
    /// The export (X) was written: its file name and the capability diff to show.
    case export(name: String, summary: String)
    /// Shift+F5: a clip began recording; it stopped and is being encoded; it was written.
    case clipStarted
    case clipStopped(frames: Int, reason: String?)
    case clip(name: String, frames: Int, seconds: Double)
    case failed(what: WrittenFile, path: String, error: String)
}

/// What a window write was, as a failed one names it: the designer decides by the case, never by the words.
public enum WrittenFile: Sendable, Equatable {
    /// The config (Ctrl+S): a failure leaves it unsaved, with a banner until a load replaces it.
    case config
    /// The event log (`--log-events`): its first failed write stops logging, with a banner.
    case eventLog
    case screenshot
    case clip
    /// A file written under its own name: a recording, an export.
    case named(String)

    /// How messages name it.
    public var what: String {
        switch self {
        case .config: "the config"
        case .eventLog: "the event log"
        case .screenshot: "the screenshot"
        case .clip: "the clip"
        case .named(let name): name
        }
    }
}

/// What the designer asks the shell to do.
public enum DesignerEffect: Sendable, Equatable {
    /// Derive this editor's document under `overrides` (the setup and the renderer, `ResolvedSheet.resolve` in the
    /// shell) and hand the outcome back as `.derived`, which commits it all or nothing and toasts `message`.
    case derive(ConfigEditor, overrides: ConfigOverrides, message: String?)
    /// Read the config file again and hand it back as `fileLoaded`.
    case reloadFile(reason: String)
    /// Write `text` atomically at `path` (nil: sheet.json in the working folder) and watch it.
    case saveConfig(text: String, path: String?)
    /// Write a recorded scenario beside the config, named by the time.
    case writeRecording(JSONNode, steps: Int)
    case screenshot
    /// Write `text` beside the config under a fresh name `stem` + `suffix` (X: the export, `Designer+Export`).
    case writeExport(text: String, stem: String, suffix: String, summary: String)
    /// Start or stop recording a clip of the canvas (Shift+F5); the shell holds the frames.
    case toggleClip
    case stdout(String)
    case stderr(String)
    case warnings([Diagnostic])
    /// Engine events, for the event log.
    case log([TimedEvent])
    /// Watch this file from now on (the built-in default was saved, or a drop was measured into it).
    case watch(String)
    /// Measure the file dropped at `path`, write the config it gives beside it, derive that under `overrides`, and hand
    /// the outcome back as `.measured`. The shell does it once the frame saying so ("Measuring…") is on screen.
    case measure(path: String, overrides: ConfigOverrides)
}

extension ConfigEditor: Equatable {
    public static func == (a: ConfigEditor, b: ConfigEditor) -> Bool {
        a.document == b.document && a.saved == b.saved && a.canUndo == b.canUndo && a.canRedo == b.canRedo
    }
}

/// Names for screenshots and recordings, which must never overwrite one another.
public enum CaptureName {
    /// `stem` + `suffix` (".png", ".scenario.json"), or, when `taken` says that name exists,
    /// `stem-2` + `suffix`, `stem-3` + `suffix`…: the first that is free.
    public static func fresh(stem: String, suffix: String, taken: (String) -> Bool) -> String {
        var name = stem + suffix
        var counter = 2
        while taken(name) {
            name = "\(stem)-\(counter)\(suffix)"
            counter += 1
        }
        return name
    }
}
