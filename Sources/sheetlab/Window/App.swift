import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// The window: a shell around `Designer`. It turns SDL events into the designer's inputs, carries
/// out the effects it returns (files, the console, the renderer), and draws what the designer holds.
@MainActor
final class App {
    struct Options {
        var configPath: String?
        var device: String?
        var zoom: Double = 1
        var logPath: String?
    }

    /// How long the loop waits for an event when nothing moves, in ms.
    static let idleWaitMS = 250
    /// Without vsync (a virtual display), frames are paced to one every 16 ms rather than spun.
    static let framePacingMS = 16.0

    let options: Options
    let window: Window
    let text: TextEngine
    let source: ConfigSource
    var designer: Designer
    /// The sheet the designer's workspace was derived into, with its scene and images; `renderer` draws it.
    var sheet: ResolvedSheet
    var renderer: StackRenderer
    /// Inputs waiting for the reducer: effects hand their outcomes back through here, never straight into it.
    var inbox: [(input: DesignerInput, time: Double)] = []
    var draining = false
    var watcher: FileWatcher?
    var log: EventLog?
    let origin: Double
    var timing = FrameTiming()
    /// For tests that drive the window: what it has done, and whether it is idle (`SHEETLAB_STATUS_FILE`).
    var status = StatusReport.fromEnvironment()
    /// What the screen shows: the designer's generation last drawn, the title and size last set.
    var drawnGeneration = -1
    var shownTitle = ""
    var requestedSize: (width: Int, height: Int)
    /// Shift+F5: the clip being recorded, and the outcomes of clips encoded off the UI thread.
    var clip: WindowClip?
    let clipOutcomes = ClipOutcomes()
    /// A dropped file to measure once the frame that says "Measuring…" is on screen (`DesignerEffect.measure`).
    var pendingMeasure: (path: String, overrides: ConfigOverrides)?
    /// The dropped reference's picture, as drawn (`Designer.reference`).
    let referencePicture = ReferencePicture()

    init(options: Options) throws {
        self.options = options
        source = ConfigSource()
        let overrides = ConfigOverrides(device: try Inputs.device(options.device), displayCornersByDefault: true)
        let document = try source.load(options.configPath)
        text = try RenderResources.text()
        sheet = try ResolvedSheet.resolve(document, overrides: overrides)
        let workspace = Workspace(editor: ConfigEditor(document: try source.editableRoot(of: document)), document: sheet.document,
                                  setup: sheet.setup)
        designer = Designer(workspace: workspace, configPath: options.configPath, overrides: overrides)
        requestedSize = App.windowSize(designer.layout, zoom: options.zoom)
        do {
            window = try Window(title: designer.title, width: requestedSize.width, height: requestedSize.height)
        } catch {
            // The advice runs as printed: this binary by the path it was started with (`make run` starts
            // .build/release/sheetlab, which is not on PATH), the same arguments, and `-a` so that a taken :99 is no error.
            throw PlatformFailure("run", "no display: \(error)", hint: [
                "SheetLab needs a display. On a machine without one, run it under a virtual X server:",
                "  xvfb-run -a -s \"-screen 0 1280x1024x24\" " + App.invocation,
            ])
        }
        shownTitle = designer.title
        renderer = App.windowRenderer(sheet, scale: App.renderScale(window: window, canvas: sheet.setup.canvas))
        watcher = options.configPath.flatMap { FileWatcher(path: $0) }
        if let path = options.configPath { AtomicFile.removeStaleTemporaries(of: path) }
        log = try options.logPath.map { path throws(PlatformFailure) in try EventLog(path: path) }
        origin = EventQueue.ticks
        Console.warnings(document.warnings)
    }

    /// The window's renderer of `sheet`: it shows its first frame before it prepares for motion (`drawFrame` prepares
    /// it once that frame is on screen), so that a launch, a reload or a new density is seen sooner.
    static func windowRenderer(_ sheet: ResolvedSheet, scale: Int) -> StackRenderer {
        let renderer = sheet.renderer(scale: scale)
        renderer.preparesAfterFirstFrame = false
        return renderer
    }

    static func windowSize(_ layout: WindowLayout, zoom: Double) -> (width: Int, height: Int) {
        (Int((layout.width * zoom).rounded()), Int((layout.canvasHeight * zoom).rounded()))
    }

    /// Frames are drawn at the display's pixel density: 1 on ordinary screens at zoom 1, more on HiDPI or zoomed.
    /// The height is the canvas's alone (the inspector sits beside it), so it sets the density.
    static func renderScale(window: Window, canvas: Canvas) -> Int {
        let ratio = Double(window.pixelSize.height) / canvas.height
        return min(3, max(1, Int(ratio.rounded())))
    }

    var now: Double { EventQueue.ticks - origin }

    /// For `sheetlab bench`: launch to first frame, then leave.
    let exitsAfterFirstFrame = ProcessInfo.processInfo.environment["SHEETLAB_EXIT_AFTER_FIRST_FRAME"] == "1"

    /// Whether the screen is behind the designer: its state moved, or the sheet is in motion.
    var needsDraw: Bool {
        designer.generation != drawnGeneration || !designer.engine.isAtRest || designer.engine.isTracking
    }

    // MARK: - The loop

    func run() -> Int32 {
        QuitSignals.install()
        // SDL starts with text input on; it is on only while something is typed into (a field, the inspector).
        matchTextInput()
        while designer.running && !QuitSignals.received {
            let waits = !(needsDraw || designer.isBusy)
            status?.update(idle: waits && inbox.isEmpty)
            let events = EventQueue.next(timeoutMS: waits ? idleWait : 0)
            status?.handled(events: events.count)
            for e in events {
                if e.event == .windowChanged || e.event == .windowExposed { matchRenderScale() }
                send(InputMapping.input(for: e.event, layout: designer.layout, window: window.size), at: e.time - origin)
                // A click that focuses a field turns text input on before the next key is read.
                matchTextInput()
            }
            status?.passed()
            if watcher?.poll() == true, let path = designer.configPath {
                send(.fileLoaded(source.reload(path), reason: "saved"), at: now)
                status?.loaded()
            }
            for outcome in clipOutcomes.take() { clipDone(outcome) }
            send(.tick, at: now)
            matchTextInput()
            matchWindow()
            if needsDraw {
                drawnGeneration = designer.generation
                status?.drew()
                do { try drawFrame() } catch {
                    // A window that cannot show its frames is of no use: say why and leave.
                    Console.error(PlatformFailure("run", error.description).description)
                    return 1
                }
                if exitsAfterFirstFrame { return 0 }
            }
            if let drop = pendingMeasure {
                pendingMeasure = nil
                measureDrop(drop.path, overrides: drop.overrides)
            }
        }
        // A clip still recording is written, and quitting waits for clips being encoded.
        if clip != nil { toggleClip() }
        clipOutcomes.pending.wait()
        for outcome in clipOutcomes.take() { clipDone(outcome) }
        return 0
    }

    /// Hands `input` to the reducer, after the inputs already waiting. An effect that has an outcome sends it here,
    /// so it reaches the reducer only once the effects before it have run: `Designer.handle` is the one entry point
    /// and never runs inside an effect.
    func send(_ input: DesignerInput, at time: Double) {
        inbox.append((input, time))
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while !inbox.isEmpty {
            let next = inbox.removeFirst()
            for effect in designer.handle(next.input, at: next.time) { perform(effect) }
        }
    }

    /// How long the loop sleeps waiting for an event when nothing moves, in ms: `idleWaitMS`, or less so as to wake at
    /// the focused field's next caret blink (a timeout, not frames: an idle window with no focus draws nothing).
    var idleWait: Int {
        guard let wait = designer.timeUntilScreenChanges(at: now) else { return App.idleWaitMS }
        // One ms past the edge, so that the tick after the wake finds the caret changed.
        return min(App.idleWaitMS, max(1, Int(wait.rounded(.up)) + 1))
    }

    /// SDL's text input follows the designer: on while a field is focused or the inspector types.
    func matchTextInput() {
        let wanted = designer.wantsTextInput
        if EventQueue.textInput != wanted { EventQueue.textInput = wanted }
    }

    /// The title and the window's size follow the designer's (the inspector widens it, a rotation turns it).
    func matchWindow() {
        if designer.title != shownTitle {
            shownTitle = designer.title
            window.title = shownTitle
        }
        let size = App.windowSize(designer.layout, zoom: options.zoom)
        if size != requestedSize {
            requestedSize = size
            window.resize(width: size.width, height: size.height)
        }
    }

    /// A window moved to a denser display, or zoomed: a renderer at the new density, same config and scene.
    func matchRenderScale() {
        let scale = App.renderScale(window: window, canvas: designer.canvas)
        guard scale != renderer.scale else { return }
        renderer = App.windowRenderer(sheet, scale: scale)
    }

    // MARK: - Effects

    func perform(_ effect: DesignerEffect) {
        switch effect {
        case .derive(let next, let overrides, let message):
            // Derived here, committed by the designer: a derived sheet is always committed, so the renderer swaps now.
            send(.derived(next, overrides: overrides, derive(next.document, path: designer.configPath, overrides: overrides),
                          message: message), at: now)
        case .reloadFile(let reason):
            if let path = designer.configPath {
                send(.fileLoaded(source.reload(path), reason: reason), at: now)
                status?.loaded()
            }
        case .saveConfig(let text, let path):
            // The built-in default is saved to sheet.json here, which the window then watches.
            let path = path ?? FileManager.default.currentDirectoryPath + "/sheet.json"
            write(text, to: path, what: .config, done: .config(path: path))
        case .writeRecording(let scenario, let steps):
            let name = freshName(stem: "recording-\(App.stamp(withSeparators: false))", suffix: ".scenario.json")
            let path = (outputDirectory as NSString).appendingPathComponent(name)
            if write(JSONWriter.write(scenario), to: path, what: .named(name), done: .recording(name: name, steps: steps)) { Console.out(path) }
        case .screenshot:
            screenshot()
        case .writeExport(let text, let stem, let suffix, let summary):
            let name = freshName(stem: stem, suffix: suffix)
            let path = (outputDirectory as NSString).appendingPathComponent(name)
            if write(text, to: path, what: .named(name), done: .export(name: name, summary: summary)) { Console.out(path) }
        case .toggleClip:
            toggleClip()
        case .stdout(let line):
            Console.out(line)
        case .stderr(let line):
            Console.error(line)
        case .warnings(let warnings):
            Console.warnings(warnings)
        case .log(let events):
            do { try log?.write(events) } catch {
                log = nil
                send(.wrote(.failed(what: .eventLog, path: options.logPath ?? "", error: Console.reason(error))), at: now)
            }
        case .watch(let path):
            watcher = FileWatcher(path: path)
        case .measure(let path, let overrides):
            pendingMeasure = (path, overrides)
        }
    }

    /// Derives `root` (read from `path`) under `overrides` and swaps the renderer for the new sheet's; the designer
    /// commits the outcome it is handed, so that a derived sheet is always committed.
    func derive(_ root: JSONNode, path: String?, overrides: ConfigOverrides) -> Result<Workspace.Derived<Void>, InputError> {
        do {
            let fresh = try source.derive(root, path: path, overrides: overrides, current: sheet)
            sheet = fresh
            let next = App.windowRenderer(fresh, scale: App.renderScale(window: window, canvas: fresh.setup.canvas))
            // Warm: the scene already drawn is kept when the edit left it as it was (issue 34).
            next.adoptScene(from: renderer)
            renderer = next
            return .success(Workspace.Derived(document: fresh.document, setup: fresh.setup, output: ()))
        } catch {
            return .failure(error)
        }
    }

    /// Writes `text` atomically and tells the designer how it went.
    @discardableResult
    func write(_ text: String, to path: String, what: WrittenFile, done: WriteOutcome) -> Bool {
        do {
            try AtomicFile.write(text, to: path)
            send(.wrote(done), at: now)
            return true
        } catch {
            send(.wrote(.failed(what: what, path: path, error: "\(error)")), at: now)
            return false
        }
    }

    /// Screenshots and recordings land beside the config (or here, for the built-in default).
    var outputDirectory: String {
        designer.configPath.map { Inputs.directory(of: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "."
    }

    /// A name in the output folder that no file has yet: captures within one second get `-2`, `-3`…
    func freshName(stem: String, suffix: String) -> String {
        let directory = outputDirectory
        return CaptureName.fresh(stem: stem, suffix: suffix) { name in
            FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name))
        }
    }

    static func stamp(withSeparators: Bool) -> String {
        let options: ISO8601DateFormatter.Options = withSeparators ? [.withFullDate, .withTime, .withDashSeparatorInDate] : [.withFullDate, .withTime]
        return ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: options).replacingOccurrences(of: ":", with: "")
    }

    func screenshot() {
        let name = freshName(stem: "sheetlab-\(App.stamp(withSeparators: true))", suffix: ".png")
        let path = (outputDirectory as NSString).appendingPathComponent(name)
        do {
            try ImageFiles.writePNG(renderer.frame, to: path)
            Console.out(path)
            send(.wrote(.screenshot(name: name)), at: now)
        } catch {
            send(.wrote(.failed(what: .screenshot, path: path, error: "\(error)")), at: now)
        }
    }

    // MARK: - Drawing

    func drawFrame() throws(PlatformError) {
        let started = EventQueue.ticks
        let clock = ContinuousClock()
        let renderTime = clock.measure { renderer.render(designer.engine) }
        timing.rendered(renderTime)
        if let clip, !clip.capture(renderer.frame, at: now) { toggleClip(reason: "Clip memory full") }
        var frame = renderer.frame
        // A dropped reference: under the overlays in the onion skin, left of everything side by side.
        if let onion = reference(shownAs: .onionSkin) { frame.draw(onion, x: 0, y: 0, opacity: Reference.onionOpacity) }
        if designer.hasOverlays { frame = drawOverlays(on: frame) }
        if designer.inspector.isOpen { frame = InspectorPanel.beside(frame, panel: inspectorPanel()) }
        if let picture = reference(shownAs: .sideBySide) { frame = InspectorPanel.beside(picture, panel: frame) }
        try window.present(frame, at: designer.layout.destination(pixels: window.pixelSize))
        timing.presented(at: EventQueue.ticks)
        // What a sheet on the move needs, once the frame is on screen (nothing after the first time).
        renderer.prepareForMotion()
        let spent = EventQueue.ticks - started
        if spent < App.framePacingMS && !designer.engine.isAtRest { EventQueue.delay(ms: Int(App.framePacingMS - spent)) }
    }

    /// The HUD, help, banner, toast and the designer's guides, motion plot and badges, from the designer's state.
    func drawOverlays(on frame: Pixmap) -> Pixmap {
        var display = frame
        let overlay = Overlay(text: text, scale: renderer.scale)
        let canvas = designer.canvas
        overlay.designerTools(designer, into: &display)
        if let banner = designer.banner { overlay.banner(banner, canvas: canvas, into: &display) }
        else if designer.panels.hud {
            let lines = timing.hudLines(engine: designer.engine, scale: renderer.scale, settings: designer.setup.settings) + designer.stackHUDLines + designer.keyboardHUDLines
            overlay.hud(lines, canvas: canvas, belowBadges: !designer.badges.isEmpty, into: &display)
        }
        if designer.panels.help { overlay.help(canvas: canvas, into: &display) }
        if let toast = designer.toast { overlay.toast(toast.message, canvas: canvas, into: &display) }
        return display
    }
}

extension App {
    /// How this process was started, as a shell would take it back: argv[0] and its arguments, quoted where needed.
    static var invocation: String {
        let args = CommandLine.arguments.isEmpty ? ["sheetlab"] : CommandLine.arguments
        return args.map(shellQuoted).joined(separator: " ")
    }

    /// `word` as one shell word: as it is when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,")
        if !word.isEmpty && word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
