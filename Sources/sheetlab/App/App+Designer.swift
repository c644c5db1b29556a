import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// The designer's tools in the window: detent guides with handles, undo and save, slow motion,
/// the motion overlay, devices and rotation, and recording gestures into a scenario.
extension App {
    static let slowMotionFactor = 5.0
    static let handleInset = 30.0
    static let handleRadius = 18.0

    /// The built-in default as a document the editor can change and save.
    static func defaultDocument() -> JSONNode {
        (try? JSONNodeEncoder.encode(SheetLabConfig())) ?? JSONNode(.object([]))
    }

    // MARK: - Keys

    func pressWithControl(_ key: InputEvent.Key, shift: Bool) {
        switch key {
        case .character("z"), .character("Z"):
            let done = shift ? editor.redo() : editor.undo()
            if done { applyEditorDocument(message: shift ? "Redone" : "Undone") } else { show(shift ? "Nothing to redo" : "Nothing to undo") }
        case .character("y"), .character("Y"):
            if editor.redo() { applyEditorDocument(message: "Redone") }
        case .character("s"), .character("S"):
            save()
        default:
            break
        }
    }

    /// Handles the designer's keys; returns false for keys it does not own.
    func pressDesignerKey(_ key: InputEvent.Key, at time: Double) -> Bool {
        switch key {
        case .character("g"), .character("G"):
            showGuides.toggle()
        case .character("v"), .character("V"):
            showMotion.toggle()
        case .character("s"), .character("S"):
            // Slow motion stretches the settles, not the clock, so gestures keep their real speed.
            engine.timeScale = engine.timeScale == 1 ? App.slowMotionFactor : 1
            show(engine.timeScale == 1 ? "Normal speed" : "Slow motion: 5× slower")
        case .character("d"), .character("D"):
            let names = DevicePreset.all.map(\.name)
            let current = names.firstIndex(of: document.config.device) ?? 0
            edit(KeyPath.root / "device", JSONNode(.string(names[(current + 1) % names.count])), label: "device")
            show("Device: \(document.config.device)")
        case .character("o"), .character("O"):
            rotate()
        case .f5:
            if recording == nil { startRecording() } else { stopRecording() }
        default:
            return false
        }
        needsRedraw = true
        return true
    }

    // MARK: - Editing

    /// Applies an edit through the editor; a refused one says why.
    func edit(_ path: KeyPath, _ value: JSONNode?, label: String, continuing: Bool = false, startsGesture: Bool = true) {
        let file = options.configPath ?? "<built-in default>"
        let change: ConfigEditor.Edit = value.map { .set(path, $0) } ?? .remove(path)
        let problems = continuing
            ? editor.applyContinuing([change], startsGesture: startsGesture, file: file)
            : editor.apply(change, file: file)
        if let first = problems.first {
            show("Refused: \(first.path?.description ?? label): \(first.message)")
            return
        }
        applyEditorDocument(message: nil)
    }

    /// Puts the editor's document on screen: the engine moves to the new detents, the renderer follows.
    func applyEditorDocument(message: String?) {
        let file = options.configPath ?? "<built-in default>"
        let base = options.configPath.map { Inputs.directory(of: $0) } ?? ""
        switch ConfigLoader.load(root: editor.document, file: file,
                                 fileExists: { Inputs.isReadableFile(Inputs.resolve($0, relativeTo: base)) }) {
        case .failure(let e):
            banner = e.diagnostics.map(\.description).joined(separator: "\n")
        case .success(var fresh):
            if let device = options.device, editor.value(at: KeyPath.root / "device") == nil { fresh.config.device = device }
            let sameBackground = fresh.config.background == document.config.background
            let oldCanvas = engine.setup.canvas
            document = fresh
            keepScene = sameBackground
            do {
                let setup = try Rendering.setup(fresh)
                apply(.reload(setup), at: engine.time)
                if setup.canvas.width != oldCanvas.width || setup.canvas.height != oldCanvas.height {
                    window.resize(width: Int((setup.canvas.width * options.zoom).rounded()),
                                  height: Int((setup.canvas.height * options.zoom).rounded()))
                    keepScene = false
                }
                rebuildRenderer()
            } catch {
                banner = error.diagnostics.map(\.description).joined(separator: "\n")
            }
            banner = nil
            if let message { show(message) }
        }
        window.title = App.title(for: options.configPath, dirty: editor.hasUnsavedChanges)
        needsRedraw = true
    }

    /// Writes the config atomically: a temporary file beside it, then a rename.
    func save() {
        // The built-in default is saved to sheet.json here, which the window then watches.
        let path = options.configPath ?? FileManager.default.currentDirectoryPath + "/sheet.json"
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).saving")
        do {
            try editor.text.write(to: temporary, atomically: false, encoding: .utf8)
            guard rename(temporary.path, url.path) == 0 else { throw PlatformError(message: String(cString: strerror(errno))) }
            editor.markSaved()
            if options.configPath == nil {
                options.configPath = path
                watcher = FileWatcher(path: path)
            }
            window.title = App.title(for: path, dirty: false)
            Console.out("saved \(path)")
            show("Saved \(url.lastPathComponent)")
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            Console.error("sheetlab: \(path): cannot save: \(error)")
            show("Could not save: \(error)")
        }
    }

    func rotate() {
        let preset = DevicePreset.named(document.config.device) ?? DevicePreset.named(DevicePreset.defaultName)!
        let canvas = engine.setup.canvas
        if canvas.width > canvas.height {
            // Back to portrait: the device's own canvas.
            edit(KeyPath.root / "canvas", nil, label: "rotate")
            show("Portrait")
        } else {
            let landscape: JSONNode = .object(["width": .number(preset.height), "height": .number(preset.width),
                                               "safeArea": .object(["top": .number(0), "bottom": .number(preset.safeBottom > 0 ? 21 : 0)])])
            edit(KeyPath.root / "canvas", landscape, label: "rotate")
            show("Landscape: the sheet attaches to the bottom edge, at most 500 pt wide")
        }
    }

    // MARK: - Detent handles

    func handlePoint(for detent: ResolvedDetent) -> Point {
        Point(engine.setup.canvas.width - App.handleInset, engine.setup.canvas.height - detent.height)
    }

    func beginHandleDrag(at p: Point) -> Bool {
        guard showGuides else { return false }
        for d in engine.setup.detents where handlePoint(for: d).distance(to: p) <= App.handleRadius {
            materializeDetents()
            handleDrag = HandleDrag(detentID: d.id)
            needsRedraw = true
            return true
        }
        return false
    }

    /// Makes `sheet.detents` explicit in the document, so one of them can be edited.
    func materializeDetents() {
        let path = KeyPath.root / "sheet" / "detents"
        guard editor.value(at: path) == nil,
              let node = try? JSONNodeEncoder.encode(document.config.sheet.detents) else { return }
        edit(path, node, label: "detents")
    }

    func moveHandle(to p: Point) {
        guard var drag = handleDrag else { return }
        let canvas = engine.setup.canvas
        let height = ((min(max(canvas.height - p.y, 20), canvas.maxSheetHeight)) * 2).rounded() / 2
        guard case .array(let items)? = editor.value(at: KeyPath.root / "sheet" / "detents")?.value,
              let index = items.firstIndex(where: { item in
                  if case .string(let s) = item.value { return s == drag.detentID }
                  if case .string(let s)? = item["id"]?.value { return s == drag.detentID }
                  return false
              }) else { return }
        let value: JSONNode = .object(["id": .string(drag.detentID), "height": .number(height)])
        edit(KeyPath.root / "sheet" / "detents" / index, value, label: "detent \(drag.detentID)", continuing: true,
             startsGesture: !drag.started)
        drag.started = true
        handleDrag = drag
    }

    func endHandleDrag() {
        if let d = handleDrag, let detent = engine.setup.detent(d.detentID) {
            show("\(d.detentID): \(JSONWriter.number(detent.height)) pt")
        }
        handleDrag = nil
        needsRedraw = true
    }

    // MARK: - Motion

    func trackSettle() {
        if engine.phase == .settling {
            if !plotting { settlePlot = []; plotting = true }
            settlePlot.append((engine.time, engine.height))
        } else if plotting {
            settlePlot.append((engine.time, engine.height))
            plotting = false
        }
    }

    // MARK: - Recording

    func startRecording() {
        recording = Recording(start: engine.time)
        show("Recording… press F5 to stop")
    }

    func recordStep(_ input: SheetInput, at time: Double) {
        guard let r = recording else { return }
        let at = JSONWriter.number(((time - r.start) * 1000).rounded() / 1000)
        func point(_ p: Point) -> String { "[\(JSONWriter.number((p.x * 100).rounded() / 100)), \(JSONWriter.number((p.y * 100).rounded() / 100))]" }
        let step: String
        switch input {
        case .pointerDown(let p): step = #"{"at": \#(at), "down": \#(point(p))}"#
        case .pointerMove(let p): step = #"{"at": \#(at), "move": \#(point(p))}"#
        case .pointerUp(let p): step = #"{"at": \#(at), "up": \#(point(p))}"#
        case .select(let id): step = #"{"at": \#(at), "select": \#(JSONLines.string(id))}"#
        case .dismiss: step = #"{"at": \#(at), "dismiss": true}"#
        case .present: step = #"{"at": \#(at), "present": true}"#
        case .reload: return
        }
        recording?.steps.append(step)
    }

    func stopRecording() {
        guard let r = recording else { return }
        recording = nil
        let directory = options.configPath.map { Inputs.directory(of: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "."
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate, .withTime])
            .replacingOccurrences(of: ":", with: "")
        let name = "recording-\(stamp).scenario.json"
        let configLine = options.configPath.map { "  \"config\": \(JSONLines.string(($0 as NSString).lastPathComponent)),\n" } ?? ""
        // The snapshot is where the replay comes to rest.
        let scriptText = "{\"steps\": [\n" + r.steps.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]}"
        var end = 1000.0
        if let script = try? JSONParser.parse(scriptText), let decoded = TreeDecoder().decode(Script.self, from: script).value {
            end = Simulation(setup: engine.setup, script: decoded).endTime()
        }
        let text = "{\n" + configLine + "  \"scale\": 1,\n  \"script\": " + scriptText + ",\n"
            + "  \"snapshots\": [{\"at\": \(JSONWriter.number(end)), \"name\": \"end\"}]\n}\n"
        let path = (directory as NSString).appendingPathComponent(name)
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            Console.out(path)
            show("Recorded \(r.steps.count) steps into \(name)" + (editor.hasUnsavedChanges ? " (save the config so the replay matches)" : ""))
        } catch {
            show("Could not write \(name): \(error)")
        }
    }

    // MARK: - Overlays

    func drawDesignerOverlays(_ overlay: Overlay, into frame: inout Pixmap) {
        let setup = engine.setup
        let canvas = setup.canvas
        let s = Double(overlay.scale)
        if showGuides {
            for d in setup.detents {
                let y = canvas.height - d.height
                let accent = d.id == handleDrag?.detentID ? SRGBColor(hex: "#FFD60A")! : SRGBColor(hex: "#0A84FF")!
                overlay.dashedLine(y: y, color: accent, canvas: canvas, into: &frame)
                var label = "\(d.id) · \(JSONWriter.number((d.height * 10).rounded() / 10)) pt"
                if d == setup.largestUndimmed { label += " · undimmed at or below" }
                if d.id == setup.initialDetent.id { label += " · initial" }
                overlay.pill(label, x: 8, y: y - 20, color: accent, into: &frame)
                let h = handlePoint(for: d)
                frame.fillCircle(cx: h.x * s, cy: h.y * s, radius: 9 * s, SRGBColor.white.premultiplied)
                frame.fillCircle(cx: h.x * s, cy: h.y * s, radius: 6 * s, accent.premultiplied)
            }
            if setup.sheet.dismissible {
                let y = (canvas.height - setup.smallest.height + canvas.height) / 2
                let red = SRGBColor(hex: "#FF453A")!
                overlay.dashedLine(y: y, color: red, canvas: canvas, into: &frame)
                overlay.pill("release below: dismiss", x: 8, y: y - 20, color: red, into: &frame)
            }
        }
        if showMotion {
            if let r = engine.lastRelease, engine.time - r.time < 1500 {
                let x = canvas.width / 2
                let yellow = SRGBColor(hex: "#FFD60A")!
                // The velocity as the distance it would cover in 100 ms, then the projection and the target.
                frame.strokeSegment(x0: x * s, y0: r.top * s, x1: x * s, y1: (r.top + r.velocity * 0.1) * s, width: 3 * s, yellow.premultiplied)
                frame.fillCircle(cx: x * s, cy: r.projectedTop * s, radius: 6 * s, SRGBColor(hex: "#FF9F0A")!.premultiplied)
                overlay.pill("v \(Int(r.velocity)) pt/s → \(r.target.detentID ?? "dismiss")", x: x + 12, y: r.top - 10, color: yellow, into: &frame)
                overlay.pill("projected", x: x + 12, y: r.projectedTop - 10, color: SRGBColor(hex: "#FF9F0A")!, into: &frame)
                let targetY = canvas.height - r.target.height
                overlay.dashedLine(y: targetY, color: SRGBColor(hex: "#30D158")!, canvas: canvas, into: &frame)
            }
            overlay.settlePlot(settlePlot, detents: setup.detents, canvas: canvas, into: &frame)
        }
        var badges: [String] = []
        if engine.timeScale != 1 { badges.append("Slow motion 5×") }
        if recording != nil { badges.append("● Recording") }
        if editor.hasUnsavedChanges { badges.append("Unsaved") }
        if !badges.isEmpty {
            overlay.pill(badges.joined(separator: "   "), x: nil, y: canvas.safeTop + 4,
                         color: SRGBColor(hex: "#FF453A")!, canvas: canvas, into: &frame)
        }
    }
}

extension Overlay {
    func dashedLine(y: Double, color: SRGBColor, canvas: Canvas, into frame: inout Pixmap) {
        var x = 0.0
        while x < canvas.width {
            frame.fillRect(RectF(x: x * s, y: (y - 0.5) * s, width: 6 * s, height: max(1, s)), color.premultiplied)
            x += 10
        }
    }

    /// A label on a coloured capsule; with no `x`, it sits at the canvas's right edge.
    func pill(_ label: String, x: Double?, y: Double, color: SRGBColor, canvas: Canvas? = nil, into frame: inout Pixmap) {
        let size = 11.0
        let px = Int((size * s).rounded())
        let width = Double(text.width(label, weight: .semibold, pixelSize: px)) / s + 14
        let x = x ?? ((canvas?.width ?? 0) - width - 8)
        frame.fillRoundedRect(RectF(x: x * s, y: y * s, width: width * s, height: 18 * s), radius: 9 * s, color.premultiplied)
        let line = text.rasterizer.metrics(weight: .semibold, pixelSize: px).lineHeight
        text.draw(label, weight: .semibold, pixelSize: px, color: PremultipliedRGBA8.white, x: Int(((x + 7) * s).rounded()),
                  y: Int((y * s + (18 * s - Double(line)) / 2).rounded()), into: &frame)
    }

    /// Height over time of the last settle, with the detents as lines: a small panel at the bottom right.
    func settlePlot(_ points: [(time: Double, height: Double)], detents: [ResolvedDetent], canvas: Canvas, into frame: inout Pixmap) {
        let w = 150.0, h = 90.0
        let x0 = canvas.width - w - 8, y0 = canvas.height - canvas.safeBottom - h - 40
        frame.fillRoundedRect(RectF(x: x0 * s, y: y0 * s, width: w * s, height: h * s), radius: 10 * s, SRGBColor(hex: "#000000B8")!.premultiplied)
        let top = max(canvas.maxSheetHeight, points.map(\.height).max() ?? 0)
        func py(_ height: Double) -> Double { y0 + h - 8 - (height / max(top, 1)) * (h - 16) }
        for d in detents {
            frame.fillRect(RectF(x: (x0 + 6) * s, y: py(d.height) * s, width: (w - 12) * s, height: max(1, s / 2)), SRGBColor(hex: "#FFFFFF40")!.premultiplied)
        }
        guard let first = points.first, let last = points.last, last.time > first.time else { return }
        func px(_ t: Double) -> Double { x0 + 6 + (t - first.time) / (last.time - first.time) * (w - 12) }
        for (a, b) in zip(points, points.dropFirst()) {
            frame.strokeSegment(x0: px(a.time) * s, y0: py(a.height) * s, x1: px(b.time) * s, y1: py(b.height) * s,
                                width: 1.5 * s, SRGBColor(hex: "#FFD60A")!.premultiplied)
        }
        pill("\(Int(last.time - first.time)) ms", x: x0 + 6, y: y0 + 4, color: SRGBColor(hex: "#3A3A3C")!, into: &frame)
    }
}
