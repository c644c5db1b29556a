import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// The window: a designer drags, flicks and taps the sheet while the config file is watched.
/// Everything goes through `SheetEngine`, exactly as `simulate` does, on the window's clock.
@MainActor
final class App {
    struct Options {
        var configPath: String?
        var device: String?
        var zoom: Double = 1
        var logPath: String?
    }

    var options: Options
    let window: Window
    let text: TextEngine
    var document: ConfigDocument
    var engine: SheetEngine
    var renderer: FrameRenderer
    var watcher: FileWatcher?
    let log: EventLog?
    let origin: Double

    var running = true
    var needsRedraw = true
    var showHUD = false
    var showHelp = false
    var banner: String?
    var toast: (message: String, until: Double)?
    var wheel: WheelDrag?
    /// Frame times in ms, for the HUD.
    var frameTimes: [Double] = []
    var presentTimes: [Double] = []
    var display = Pixmap(width: 0, height: 0)
    /// Whether the next renderer may reuse the current scene (and its cached drawing).
    var keepScene = true

    // Designer tools (App+Designer.swift).
    var editor: ConfigEditor
    var showGuides = false
    var showMotion = false
    var handleDrag: HandleDrag?
    var showInspector = false
    var inspectorSelection: Int?
    var inspectorTyping: String?
    var inspectorScroll = 0.0
    var scrub: (row: Int, startX: Double, startValue: Double, started: Bool)?
    var recording: Recording?
    /// Heights over time of the latest settle, for the motion overlay's plot.
    var settlePlot: [(time: Double, height: Double)] = []
    var plotting = false

    struct HandleDrag {
        var detentID: String
        var started = false
    }

    struct Recording {
        var start: Double
        var steps: [String] = []
    }

    /// A scroll gesture turned into a drag: it presses where the pointer is, moves with the scroll,
    /// and lets go, with its velocity, once the scrolling stops.
    struct WheelDrag {
        var start: Point
        var position: Point
        var lastEvent: Double
    }

    static let wheelPointsPerUnit = 12.0
    static let wheelReleaseAfter = 90.0

    init(options: Options) throws(Inputs.Failure) {
        self.options = options
        document = try Inputs.config(options.configPath, device: options.device)
        text = try Rendering.text()
        let setup = try Rendering.setup(document)
        engine = SheetEngine(setup: setup)
        let canvas = setup.canvas
        do {
            window = try Window(title: App.title(for: options.configPath, dirty: false),
                                width: Int((canvas.width * options.zoom).rounded()), height: Int((canvas.height * options.zoom).rounded()))
        } catch {
            throw Inputs.Failure(file: "run", """
            no display: \(error)
            SheetLab needs a display. On a machine without one, run it under a virtual X server:
              xvfb-run -s "-screen 0 1280x1024x24" sheetlab run
            """)
        }
        renderer = try Rendering.renderer(document, setup: setup, scale: App.renderScale(window: window, canvas: canvas))
        watcher = options.configPath.flatMap { FileWatcher(path: $0) }
        log = try options.logPath.map { path throws(Inputs.Failure) in try EventLog(path: path) }
        editor = ConfigEditor(document: document.root ?? App.defaultDocument())
        origin = EventQueue.ticks
        CommandSupport.printWarnings(document.warnings)
    }

    static func title(for path: String?, dirty: Bool) -> String {
        "SheetLab — " + (path.map { ($0 as NSString).lastPathComponent } ?? "built-in default") + (dirty ? " •" : "")
    }

    /// Frames are drawn at the display's pixel density: 1 on ordinary screens at zoom 1, more on HiDPI or zoomed.
    static func renderScale(window: Window, canvas: Canvas) -> Int {
        let pixels = window.pixelSize
        // The height is the canvas's alone (the inspector sits beside it), so it sets the density.
        let ratio = Double(pixels.height) / canvas.height
        return min(3, max(1, Int(ratio.rounded())))
    }

    var now: Double { EventQueue.ticks - origin }

    // MARK: - The loop

    func run() -> Int32 {
        // For `sheetlab bench`: launch to first frame, then leave.
        let exitAfterFirstFrame = ProcessInfo.processInfo.environment["SHEETLAB_EXIT_AFTER_FIRST_FRAME"] == "1"
        QuitSignals.install()
        while running && !QuitSignals.received {
            let busy = needsRedraw || !engine.isAtRest || engine.isTracking || wheel != nil || toast != nil
            let events = EventQueue.next(timeoutMS: busy ? 0 : 250)
            for e in events { handle(e.event, at: e.time - origin) }
            if watcher?.poll() == true { reload(reason: "saved") }
            endWheelIfIdle()
            if let t = toast, now > t.until { toast = nil; needsRedraw = true }
            record(engine.advance(to: max(engine.time, now)))
            trackSettle()
            if needsRedraw || !engine.isAtRest || engine.isTracking {
                drawFrame()
                needsRedraw = false
                if exitAfterFirstFrame { return 0 }
            }
        }
        return 0
    }

    func record(_ events: [TimedEvent]) {
        guard !events.isEmpty else { return }
        log?.write(events)
        needsRedraw = true
    }

    func apply(_ input: SheetInput, at time: Double) {
        let t = max(engine.time, time)
        if recording != nil { recordStep(input, at: t) }
        record(engine.handle(input, at: t))
        needsRedraw = true
    }

    // MARK: - Input

    /// Window points to canvas points, through the letterboxed frame.
    /// The width in points of what the window shows: the canvas, and the inspector beside it.
    var layoutWidth: Double { engine.setup.canvas.width + (showInspector ? Inspector.width : 0) }

    /// Window points to layout points (the canvas, then the inspector at x ≥ canvas width), letterboxed.
    func canvasPoint(x: Double, y: Double) -> Point {
        let size = window.size
        let canvas = engine.setup.canvas
        let k = min(Double(size.width) / layoutWidth, Double(size.height) / canvas.height)
        let ox = (Double(size.width) - layoutWidth * k) / 2, oy = (Double(size.height) - canvas.height * k) / 2
        return Point((x - ox) / k, (y - oy) / k)
    }

    func handle(_ event: InputEvent, at time: Double) {
        let canvas = engine.setup.canvas
        switch event {
        case .quit:
            running = false
        case .mouseDown(let x, let y):
            let p = canvasPoint(x: x, y: y)
            if showInspector && p.x >= canvas.width { inspectorPress(at: Point(p.x - canvas.width, p.y)) }
            else if !beginHandleDrag(at: p) { apply(.pointerDown(p), at: time) }
        case .mouseMove(let x, let y, let down):
            let p = canvasPoint(x: x, y: y)
            if scrub != nil { inspectorScrub(to: p.x - canvas.width) }
            else if handleDrag != nil { moveHandle(to: p) } else if down { apply(.pointerMove(p), at: time) }
        case .mouseUp(let x, let y):
            let p = canvasPoint(x: x, y: y)
            if scrub != nil { scrub = nil; needsRedraw = true }
            else if handleDrag != nil { endHandleDrag() } else if engine.isPointerDown { apply(.pointerUp(p), at: time) }
        case .fingerDown(let x, let y):
            apply(.pointerDown(Point(x * canvas.width, y * canvas.height)), at: time)
        case .fingerMove(let x, let y):
            apply(.pointerMove(Point(x * canvas.width, y * canvas.height)), at: time)
        case .fingerUp(let x, let y):
            apply(.pointerUp(Point(x * canvas.width, y * canvas.height)), at: time)
        case .wheel(_, let dy, let mx, let my):
            let p = canvasPoint(x: mx, y: my)
            if showInspector && p.x >= canvas.width { scrollInspector(by: dy) } else { scroll(dy: dy, at: p, time: time) }
        case .key(let key, let shift, let control):
            if control { pressWithControl(key, shift: shift) }
            else if !inspectorKey(key, shift: shift), !pressDesignerKey(key, at: time) { press(key, at: time) }
        case .windowChanged, .windowExposed:
            let scale = App.renderScale(window: window, canvas: canvas)
            if scale != renderer.scale { rebuildRenderer() }
            needsRedraw = true
        case .text(let string):
            inspectorText(string)
        }
    }

    func scroll(dy: Double, at point: Point, time: Double) {
        guard !engine.isPointerDown || wheel != nil else { return }
        if wheel == nil {
            wheel = WheelDrag(start: point, position: point, lastEvent: time)
            apply(.pointerDown(point), at: time)
        }
        // Scrolling up (away from you) lifts the sheet, like pushing it with two fingers.
        wheel!.position.y -= dy * App.wheelPointsPerUnit
        wheel!.lastEvent = time
        apply(.pointerMove(wheel!.position), at: time)
    }

    func endWheelIfIdle() {
        guard let w = wheel, now - w.lastEvent > App.wheelReleaseAfter else { return }
        wheel = nil
        // Release at the last scroll's time: the pause before noticing it is not part of the gesture.
        apply(.pointerUp(w.position), at: w.lastEvent + 16)
    }

    func press(_ key: InputEvent.Key, at time: Double) {
        switch key {
        case .escape, .character("q"), .character("Q"):
            running = false
        case .digit(let n) where n >= 1:
            let detents = engine.setup.detents
            if n <= detents.count { apply(.select(detents[n - 1].id), at: time) }
        case .space:
            let dismissed = engine.phase == .dismissed || engine.settleTarget == .dismiss
            apply(dismissed ? .present : .dismiss, at: time)
        case .character("h"), .character("H"):
            showHUD.toggle()
            needsRedraw = true
        case .character("?"):
            showHelp.toggle()
            needsRedraw = true
        case .character("p"), .character("P"):
            screenshot()
        case .character("r"), .character("R"):
            reload(reason: "reloaded")
        default:
            break
        }
    }

    // MARK: - Reload

    func reload(reason: String) {
        guard let path = options.configPath else {
            show("The built-in default has no file to reload")
            return
        }
        do {
            let fresh = try Inputs.config(path, device: options.device)
            // Our own save coming back: nothing to do.
            if let root = fresh.root, root.sameValue(as: editor.document), !editor.hasUnsavedChanges {
                banner = nil
                needsRedraw = true
                return
            }
            banner = nil
            if let root = fresh.root, editor.adoptExternal(root) != .replaced {
                applyEditorDocument(message: "The file changed on disk; your unsaved edits stay on top (Ctrl+S saves, Ctrl+Z undoes)")
            } else {
                applyEditorDocument(message: "Config \(reason)")
            }
            CommandSupport.printWarnings(fresh.warnings)
        } catch {
            // Keep the last good config on screen; say what is wrong, here and on stderr.
            let message = error.diagnostics.map(\.description).joined(separator: "\n")
            Console.error(message)
            banner = message.replacingOccurrences(of: "sheetlab: ", with: "")
            needsRedraw = true
        }
    }

    func rebuildRenderer() {
        do {
            let scale = App.renderScale(window: window, canvas: engine.setup.canvas)
            renderer = try Rendering.renderer(document, setup: engine.setup, scale: scale,
                                              scene: keepScene ? renderer.scene : nil)
            keepScene = true
            needsRedraw = true
        } catch {
            banner = error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    // MARK: - Output

    func show(_ message: String) {
        toast = (message, now + 1500)
        needsRedraw = true
    }

    func screenshot() {
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current,
                                                formatOptions: [.withFullDate, .withTime, .withDashSeparatorInDate])
        let name = "sheetlab-\(stamp.replacingOccurrences(of: ":", with: "")).png"
        let directory = options.configPath.map { Inputs.directory(of: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let path = (directory as NSString).appendingPathComponent(name)
        do {
            try ImageFiles.writePNG(renderer.frame, to: path)
            Console.out(path)
            show("Saved \(name)")
        } catch {
            Console.error("sheetlab: \(error)")
            show("Could not save the screenshot")
        }
    }

    func drawFrame() {
        let started = EventQueue.ticks
        let clock = ContinuousClock()
        let renderTime = clock.measure { renderer.render(SheetVisual(engine: engine)) }
        frameTimes.append(Double(renderTime.components.attoseconds) * 1e-15 + Double(renderTime.components.seconds) * 1e3)
        if frameTimes.count > 120 { frameTimes.removeFirst(frameTimes.count - 120) }

        let overlays = showHUD || showHelp || banner != nil || toast != nil || showGuides || showMotion || engine.timeScale != 1
            || recording != nil || editor.hasUnsavedChanges || showInspector
        if overlays {
            display = renderer.frame
            let overlay = Overlay(text: text, scale: renderer.scale)
            let canvas = engine.setup.canvas
            drawDesignerOverlays(overlay, into: &display)
            if let banner { overlay.banner(banner, canvas: canvas, into: &display) } else if showHUD { overlay.hud(hudLines(), canvas: canvas, into: &display) }
            if showHelp { overlay.help(canvas: canvas, into: &display) }
            if let toast { overlay.toast(toast.message, canvas: canvas, into: &display) }
        }
        if showInspector { display = Inspector.beside(display, panel: inspectorPanel(), scale: renderer.scale) }
        let pixels = window.pixelSize
        let canvas = engine.setup.canvas
        let k = min(Double(pixels.width) / layoutWidth, Double(pixels.height) / canvas.height)
        let w = Int((layoutWidth * k).rounded()), h = Int((canvas.height * k).rounded())
        window.present(overlays ? display : renderer.frame, at: ((pixels.width - w) / 2, (pixels.height - h) / 2, w, h))
        presentTimes.append(EventQueue.ticks)
        if presentTimes.count > 61 { presentTimes.removeFirst(presentTimes.count - 61) }
        // Without vsync (a virtual display), pace to 60 frames a second rather than spin.
        let spent = EventQueue.ticks - started
        if spent < 16 && !engine.isAtRest { EventQueue.delay(ms: Int(16 - spent)) }
    }

    func hudLines() -> [String] {
        // Frames per second over the latest unbroken run of frames (an idle window draws none).
        var start = presentTimes.count - 1
        while start > 0 && presentTimes[start] - presentTimes[start - 1] <= 100 { start -= 1 }
        let run = presentTimes[start...]
        let fps = run.count > 1 && run.last! > run.first! ? Double(run.count - 1) * 1000 / (run.last! - run.first!) : 0
        let sorted = frameTimes.sorted()
        let p50 = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
        func f(_ x: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", x) }
        return [
            "fps \(f(fps, 0))   frame p50 \(f(p50, 2)) p99 \(f(p99, 2)) ms",
            "phase \(engine.phase.rawValue)   detent \(engine.restingDetent ?? "–")",
            "height \(f(engine.height)) pt   top \(f(engine.top))",
            "velocity \(f(engine.velocity, 0)) pt/s",
            "dim \(f(engine.dim, 2))   scale \(renderer.scale)×",
        ]
    }
}
