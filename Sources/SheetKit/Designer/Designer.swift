/// The window's decisions as a value: the config workspace, the engine, the panels and tools.
/// `handle(_:at:)` is its one reducer; it returns the effects the shell carries out (files, the
/// console) and never touches a window, a clock or a file.
public struct Designer: Sendable {
    /// How long a toast stays, in ms.
    public static let toastDuration = 1500.0
    /// Scroll units to points for a wheel drag.
    public static let wheelPointsPerUnit = 12.0
    /// A wheel drag lets go when no scroll came for this long, in ms.
    public static let wheelReleaseAfter = 90.0
    /// The release is dated one frame after the last scroll, in ms.
    public static let wheelReleaseDelay = 16.0
    /// How long the motion overlay shows the latest release, in ms.
    public static let releaseShownFor = 1500.0

    public struct Panels: Sendable, Equatable {
        public var hud = false
        public var help = false
        public var guides = false
        public var motion = false
    }

    public struct Toast: Sendable, Equatable {
        public var message: String
        public var until: Double
    }

    /// A scroll gesture turned into a drag: it presses where the pointer is, moves with the scroll,
    /// and lets go, with its velocity, once the scrolling stops.
    public struct WheelDrag: Sendable, Equatable {
        public var position: Point
        public var lastEvent: Double
    }

    public struct HandleDrag: Sendable, Equatable {
        public var detentID: String
        public var started = false
    }

    /// Heights over time of the latest settle, for the motion overlay's plot.
    public struct SettlePlot: Sendable, Equatable {
        public var points: [(time: Double, height: Double)] = []
        var plotting = false

        mutating func track(_ engine: SheetEngine) {
            if engine.phase == .settling {
                if !plotting { points = []; plotting = true }
                points.append((engine.time, engine.height))
            } else if plotting {
                points.append((engine.time, engine.height))
                plotting = false
            }
        }

        public static func == (a: SettlePlot, b: SettlePlot) -> Bool {
            a.plotting == b.plotting && a.points.count == b.points.count
                && zip(a.points, b.points).allSatisfy { $0.time == $1.time && $0.height == $1.height }
        }
    }

    public internal(set) var workspace: Workspace
    public internal(set) var engine: SheetEngine
    /// The watched config file; nil for the built-in default until Ctrl+S writes one.
    public internal(set) var configPath: String?
    public internal(set) var panels = Panels()
    public internal(set) var inspector = Inspector()
    public internal(set) var handleDrag: HandleDrag?
    public internal(set) var recorder: GestureRecorder?
    /// What X exports to; chosen in the inspector's Export row.
    public internal(set) var exportTarget = ExportTarget.swiftui
    /// Whether the shell is recording a clip (Shift+F5), as its outcomes said.
    public internal(set) var recordingClip = false
    public internal(set) var settlePlot = SettlePlot()
    public internal(set) var banner: String?
    public internal(set) var toast: Toast?
    public internal(set) var wheel: WheelDrag?
    /// The picture dropped and measured last, and how it is shown beside the live sheet (C cycles it).
    public internal(set) var reference: Reference?
    /// The dropped file being measured, until its outcome comes back.
    public internal(set) var measuring: String?
    public internal(set) var running = true
    /// Bumped by the reducer whenever what is on screen changes; the shell draws when it moved.
    public internal(set) var generation = 0
    /// The latest time the reducer saw, in ms on the window's clock.
    public internal(set) var now = 0.0
    /// What the user set over the config (`--device`, the window's display corners): every derive applies them.
    public internal(set) var overrides: ConfigOverrides

    /// `workspace` must have been derived under `overrides`.
    public init(workspace: Workspace, configPath: String?, overrides: ConfigOverrides = .none) {
        self.workspace = workspace
        self.configPath = configPath
        self.overrides = overrides
        engine = SheetEngine(setup: workspace.setup)
    }

    // MARK: - Derived

    public var setup: SheetSetup { workspace.setup }
    public var canvas: Canvas { workspace.setup.canvas }
    public var hasUnsavedChanges: Bool { workspace.editor.hasUnsavedChanges }
    public var layout: WindowLayout {
        WindowLayout(canvasWidth: canvas.width, canvasHeight: canvas.height, inspectorWidth: inspector.layoutWidth,
                     referenceWidth: reference?.view == .sideBySide ? canvas.width + Reference.sideBySideGap : 0)
    }
    public var inspectorRows: [InspectorRows.Row] {
        InspectorRows.rows(for: selectedConfig, setup: selectedSetup, exportTarget: exportTarget, sheetPath: selectedSheetPath)
    }

    /// The window's title: the file's name, and • while there are unsaved edits.
    public var title: String {
        "SheetLab — " + (configPath.map(Self.fileName) ?? "built-in default") + (hasUnsavedChanges ? " •" : "")
    }

    /// Badges at the top right: slow motion, recording, unsaved edits.
    public var badges: [String] {
        var out: [String] = []
        if engine.timeScale != 1 { out.append(SlowMotion.badge) }
        if selectedSetup.feel != .uikit { out.append("Feel: \(selectedSetup.feel.title)") }
        if !setup.settings.isStandard { out.append(setup.settings.badge) }
        if recorder != nil { out.append("● Recording") }
        if recordingClip { out.append("● Clip") }
        if let reference, reference.view != .hidden { out.append("Reference: \(reference.view.title)") }
        if hasUnsavedChanges { out.append("Unsaved") }
        return out
    }

    /// Whether the frame needs anything drawn over it.
    public var hasOverlays: Bool {
        panels != Panels() || banner != nil || toast != nil || !badges.isEmpty || inspector.isOpen
    }

    /// Whether time alone will change the screen from frame to frame: motion, a held pointer, a wheel drag. (A toast
    /// and the caret change it once, at a time known ahead: `timeUntilScreenChanges`.)
    public var isBusy: Bool { !engine.isAtRest || engine.isTracking || wheel != nil }

    /// Whether a text field in the sheet is being edited: the keys type into it (`KeyTable.fieldKey`).
    public var isEditingField: Bool { selectedEngine.focusedField != nil }

    /// Whether the shell should have the system's text input on (SDL's): while a field is focused, or the inspector is
    /// typing a value.
    public var wantsTextInput: Bool { isEditingField || inspector.typing != nil }

    /// How long, in ms from `time`, the screen stays as it is when nothing happens and nothing moves: until the focused
    /// field's caret blinks (`SheetEngine.nextCaretChange`) or the toast goes; `nil` when only an event can change it.
    /// The shell sleeps this long rather than spinning through frames.
    public func timeUntilScreenChanges(at time: Double) -> Double? {
        let next = [selectedEngine.nextCaretChange(after: max(time, engine.time)), toast?.until].compactMap { $0 }.min()
        return next.map { max(0, $0 - time) }
    }

    /// The HUD's keyboard lines when the content has a text field: how much of the keyboard shows, of its full height,
    /// and the behaviour in force (`SheetSetup.keyboardBehavior`).
    public var keyboardHUDLines: [String] {
        let engine = selectedEngine, setup = selectedSetup
        guard !setup.textFields.isEmpty else { return [] }
        func pt(_ x: Double) -> String { String(Int(x.rounded())) }
        let field = engine.focusedField.map { "   field \($0)" } ?? ""
        return ["keyboard \(pt(engine.keyboard.visible)) of \(pt(engine.setup.keyboardHeight)) pt\(field)",
                "  \(setup.keyboardBehavior.title)"]
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
