import Foundation
import XCTest

/// A test that drives the release app in its own Xvfb server.
class XvfbTestCase: CLITestCase {
    var display: VirtualDisplay!

    override func setUpWithError() throws {
        try super.setUpWithError()
        // A debug build draws too slowly for a drag to keep its rhythm; the app ships as a release build.
        if sheetlabBinary?.path.contains("/debug/") == true {
            throw XCTSkip("the window test needs the release app: run `make test`, which builds and tests in release")
        }
        for tool in ["Xvfb", "xdotool", "import", "convert"] {
            guard VirtualDisplay.which(tool) != nil else {
                XCTFail("\(tool) is missing: `make test` installs xvfb, xdotool and imagemagick")
                throw XCTSkip("no \(tool)")
            }
        }
        display = try VirtualDisplay.start()
    }

    override func tearDown() {
        display?.stop()
        super.tearDown()
    }

    /// Takes screenshots until `condition` holds.
    @discardableResult
    func waitForScreen(_ what: String, _ window: VirtualDisplay.Geometry, timeout: TimeInterval = 120,
                       _ condition: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try display.screenshot(of: window)
        while !condition(shot) {
            guard Date() < deadline else {
                XCTFail("timed out waiting for \(what)")
                throw XCTSkip("timed out")
            }
            Thread.sleep(forTimeInterval: 0.15)
            shot = try display.screenshot(of: window)
        }
        return shot
    }
}

/// The real window under Xvfb, driven with xdotool like a person would: drag, tap, type keys,
/// edit the config while it runs, break it, fix it by a rename, and stop it with SIGTERM.
/// Results are read from the event log and from screenshots (`import -window root`).
final class WindowTests: XvfbTestCase {
    func testDragTapLiveReloadBrokenEditAndSigterm() throws {
        let config = dir.appendingPathComponent("live.json")
        let log = dir.appendingPathComponent("events.jsonl")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Assets/Examples/default.json"), to: config)
        // A dark material over the light map, so that the sheet is told from the map by its luminance.
        try edit(config) { $0.replacingOccurrences(of: #""material": "regular""#, with: ##""material": {"blur": 30, "tint": "#1C1C1EB3", "saturation": 1.8}"##) }
        let app = try display.launch(sheetlabBinary!, ["run", "--config", config.path, "--log-events", log.path], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        let window: VirtualDisplay.Geometry
        do { window = try display.waitForWindow(named: "SheetLab") } catch {
            XCTFail("no window; running: \(app.isRunning); stderr: \(app.stderrText)")
            throw error
        }
        // The first frame: the sheet rests at medium, its dark material at y = 600 under the light map.
        try waitForScreen("the first frame", window) { $0.luminance(x: 20, y: 600) < 110 && $0.luminance(x: 20, y: 200) > 120 }

        // A switches the appearance: the map turns dark, and back.
        try display.key("a", in: window)
        try waitForScreen("the dark map", window) { $0.luminance(x: 20, y: 200) < 60 }
        try display.key("a", in: window)
        try waitForScreen("the light map again", window) { $0.luminance(x: 20, y: 200) > 120 }

        // A quick drag up on the sheet flicks it to large; once the app is idle, the sheet is at rest there.
        try app.settle { try display.drag(in: window, from: (196, 520), to: (196, 330), steps: 8, stepMS: 12) }
        try waitFor("a detent event for large", log: log) { $0.contains(#""detent": "large""#) }
        var shot = try display.screenshot(of: window)
        // Under the sheet, at large, glass's opaque systemBackground (white); above its top (y = 59) the map, full
        // size and dimmed: iOS 26 does not recede the view behind a glass sheet.
        XCTAssertGreaterThan(shot.luminance(x: 20, y: 300), 240, "the sheet covers y = 300 at large")
        XCTAssertLessThan(shot.luminance(x: 196, y: 56), shot.luminance(x: 20, y: 300) - 30)
        XCTAssertGreaterThan(shot.luminance(x: 196, y: 56), 20, "the dimmed map shows above the sheet")
        XCTAssertGreaterThan(shot.luminance(x: 100, y: 56), 20, "not receded: the map, not black, towards the side")

        // Key 1 goes to the smallest detent (peek, undimmed); a tap on the map then reaches the background.
        try display.key("1", in: window)
        try waitFor("a detent event for peek", log: log) { $0.contains(#""detent": "peek""#) }
        try display.click(in: window, at: (120, 300))
        try waitFor("a backgroundTap", log: log) { $0.contains(#""type": "backgroundTap""#) }

        // A live edit: the peek detent grows to 300 pt, and the sheet follows within a moment.
        try edit(config) { $0.replacingOccurrences(of: #"{"id": "peek", "height": 120}"#, with: #"{"id": "peek", "height": 300}"#) }
        try waitForScreen("the sheet to reach 300 pt up", window) { $0.luminance(x: 20, y: 852 - 250) < 110 }

        // A broken edit keeps the last good config on screen, shows a red banner and reports on stderr.
        try edit(config) { $0.replacingOccurrences(of: "\"cornerStyle\"", with: "\"cornerStyel\"") }
        shot = try waitForScreen("a red banner", window) { $0.pixel(x: 30, y: 70).r > 150 && $0.pixel(x: 30, y: 70).g < 110 }
        XCTAssertLessThan(shot.luminance(x: 20, y: 852 - 250), 110, "the last good config stays")
        XCTAssertTrue(app.stderrText.contains("sheet.cornerStyel: unknown key; did you mean cornerStyle?"), app.stderrText)

        // Fixed by a rename over the file, as vim saves: the banner goes.
        let fixed = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "\"cornerStyel\"", with: "\"cornerStyle\"")
        let swap = dir.appendingPathComponent(".live.json.swp")
        try fixed.write(to: swap, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(swap.path, config.path), 0)
        try waitForScreen("the banner to go", window) { $0.pixel(x: 30, y: 70).g > 110 }

        // A valid config the renderer cannot build (an image that is not a PNG) that also lowers peek to
        // 200 pt: the banner and stderr say why, and neither the engine nor the renderer takes any of it.
        try Data("not a png".utf8).write(to: dir.appendingPathComponent("x.png"))
        try app.settle(loads: true) {
            try edit(config) {
                $0.replacingOccurrences(of: #"{"id": "peek", "height": 300}"#, with: #"{"id": "peek", "height": 200}"#)
                    .replacingOccurrences(of: #""content": ["#, with: #""content": [{"type": "image", "path": "x.png"},"#)
            }
        }
        shot = try waitForScreen("a red banner for the image", window) { $0.pixel(x: 30, y: 70).r > 150 && $0.pixel(x: 30, y: 70).g < 110 }
        XCTAssertLessThan(shot.luminance(x: 20, y: 852 - 250), 110, "the sheet stays at 300 pt, not 200")
        XCTAssertTrue(app.stderrText.contains("x.png"), app.stderrText)

        // SIGTERM quits cleanly.
        kill(app.processIdentifier, SIGTERM)
        let status = app.waitForExit(timeout: 120)
        XCTAssertEqual(status, 0)
    }

    func testSigintQuitsWithStatus0() throws {
        // Started from a process whose SIGINT may be ignored, Ctrl-C still quits cleanly (Q and Esc: DesignerReducerTests).
        try assertQuitsCleanly(on: SIGINT)
    }

    func testSighupQuitsWithStatus0() throws {
        // A closed terminal (SIGHUP) quits like SIGTERM: cleanly, with status 0, not killed with 129.
        try assertQuitsCleanly(on: SIGHUP)
    }

    func testAnEventLogThatCannotBeWrittenIsABannerNotATrap() throws {
        // Every event fails to append (a full disk): the window says so in its banner and on stderr, keeps
        // running, and still quits cleanly. Before, the first event killed it with "Fatal error: 'try!'".
        let app = try display.launch(sheetlabBinary!, ["run", "--log-events", "/dev/full"], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        let window = try display.waitForWindow(named: "SheetLab")
        try waitForScreen("the first frame", window) { $0.luminance(x: 20, y: 600) > 180 }
        try display.key("1", in: window)
        try waitForScreen("a red banner", window) { $0.pixel(x: 30, y: 70).r > 150 && $0.pixel(x: 30, y: 70).g < 110 }
        XCTAssertTrue(app.isRunning)
        XCTAssertTrue(app.stderrText.contains("cannot save the event log: no space left on the device"), app.stderrText)
        kill(app.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(timeout: 120), 0)
    }

    /// Launches the window, waits for its first frame, sends `signal` and expects a clean exit.
    func assertQuitsCleanly(on signal: Int32, line: UInt = #line) throws {
        let app = try display.launch(sheetlabBinary!, ["run"], cwd: dir)
        defer { if app.isRunning { app.terminate() } }
        let window = try display.waitForWindow(named: "SheetLab")
        try waitForScreen("the first frame", window) { $0.luminance(x: 20, y: 600) > 180 }
        kill(app.processIdentifier, signal)
        XCTAssertEqual(app.waitForExit(timeout: 120), 0, line: line)
    }

    func testNoDisplayExplainsXvfbAndExits1() {
        // No display at all, and no driver asked for: SDL would fall back to its invisible offscreen
        // driver and run forever. With a driver asked for (x11), SDL itself fails to start. SDL_VIDEODRIVER set but
        // empty asks for nothing (SDL reads it as unset): it used to run on, invisible, forever (issue 32).
        for driver in [nil, "x11", ""] {
            var env = ProcessInfo.processInfo.environment
            env["DISPLAY"] = nil
            env["WAYLAND_DISPLAY"] = nil
            env["SDL_VIDEODRIVER"] = driver
            let result = runSheetlab(["run"], cwd: dir, timeout: 120, environment: env)
            XCTAssertFalse(result.timedOut || result.signaled, "still running after 120 s with SDL_VIDEODRIVER=\(driver ?? "(unset)")")
            XCTAssertEqual(result.status, 1, driver ?? "(unset)")
            // The advice is lines of its own, not one line with literal "\\n" escapes in it.
            // It runs as printed (issue 35): `-a` takes a free display number, and the binary is named by the path it was
            // started with, with its arguments (`sheetlab` alone is not on PATH after `make run`).
            let advice = result.stderr.split(separator: "\n").first { $0.hasPrefix("  xvfb-run -a -s") }
            XCTAssertNotNil(advice, result.stderr)
            XCTAssertTrue(advice?.hasSuffix("\(sheetlabBinary!.path) run") ?? false, "\(advice ?? "")")
            XCTAssertFalse(result.stderr.contains("\\n"), result.stderr)
        }
    }

    func edit(_ url: URL, _ change: (String) -> String) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = change(text)
        XCTAssertNotEqual(text, changed, "the edit changed nothing")
        try changed.write(to: url, atomically: false, encoding: .utf8)
    }

    /// `timeout` guards against a hang only.
    func waitFor(_ what: String, log: URL, timeout: TimeInterval = 120, _ condition: (String) -> Bool) throws {
        try waitForLog(what, log: log, stderrIn: dir, timeout: timeout, condition)
    }
}

/// An Xvfb server of our own, and the X tools that act on it.
final class VirtualDisplay {
    let number: Int
    let server: Process
    var env: [String: String] { var e = ProcessInfo.processInfo.environment; e["DISPLAY"] = ":\(number)"; return e }

    struct Geometry { var x: Int; var y: Int; var width: Int; var height: Int }

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    private init(number: Int, server: Process) { self.number = number; self.server = server }

    static func start() throws -> VirtualDisplay {
        for number in (90...130).shuffled() where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: which("Xvfb")!)
            p.arguments = [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            for _ in 0..<100 {
                if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                    // The socket can appear before the server takes clients: wait until one can ask it something.
                    let display = VirtualDisplay(number: number, server: p)
                    for _ in 0..<100 {
                        // Our own server's: another test process may have taken the same number a moment earlier,
                        // and then this one has exited while that one answers.
                        if let size = try? display.run("xdotool", ["getdisplaygeometry"]), !size.isEmpty, p.isRunning { return display }
                        if !p.isRunning { break }
                        Thread.sleep(forTimeInterval: 0.05)
                    }
                    break
                }
                if !p.isRunning { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            p.terminate()
        }
        throw NSError(domain: "VirtualDisplay", code: 1, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start"])
    }

    func stop() {
        server.terminate()
        server.waitUntilExit()
    }

    @discardableResult
    func run(_ tool: String, _ args: [String]) throws -> String {
        String(decoding: try runData(tool, args), as: UTF8.self)
    }

    func launch(_ binary: URL, _ args: [String], cwd: URL) throws -> LaunchedApp {
        let app = try LaunchedApp(binary: binary, args: args, cwd: cwd, env: env)
        for _ in 0..<60 {
            if !app.isRunning { return try LaunchedApp(binary: binary, args: args, cwd: cwd, env: env) }
            if let ids = try? run("xdotool", ["search", "--onlyvisible", "--name", "SheetLab"]), !ids.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return app
    }

    func waitForWindow(named name: String, timeout: TimeInterval = 120) throws -> Geometry {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let ids = try run("xdotool", ["search", "--onlyvisible", "--name", name]).split(separator: "\n")
            if let id = ids.first {
                let shell = try run("xdotool", ["getwindowgeometry", "--shell", String(id)])
                var values: [String: Int] = [:]
                for line in shell.split(separator: "\n") {
                    let parts = line.split(separator: "=")
                    if parts.count == 2, let v = Int(parts[1]) { values[String(parts[0])] = v }
                }
                if let x = values["X"], let y = values["Y"], let w = values["WIDTH"], let h = values["HEIGHT"], w > 0 {
                    // The pointer starts at the screen's centre, inside the window, so the window never saw it
                    // enter; move it out and back in, as a hand would, so that SDL gives the window mouse focus.
                    try run("xdotool", ["mousemove", "1", "1"])
                    Thread.sleep(forTimeInterval: 0.1)
                    try run("xdotool", ["mousemove", "\(x + w / 2)", "\(y + 10)"])
                    Thread.sleep(forTimeInterval: 0.2)
                    return Geometry(x: x, y: y, width: w, height: h)
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw NSError(domain: "VirtualDisplay", code: 2, userInfo: [NSLocalizedDescriptionKey: "no window named \(name)"])
    }

    /// One xdotool command for the whole drag, pacing itself with its own `sleep`s, so that the
    /// moves keep their rhythm however slowly processes start on a busy machine.
    func drag(in w: Geometry, from: (Double, Double), to: (Double, Double), steps: Int, stepMS: Int) throws {
        var args = ["mousemove", "\(w.x + Int(from.0))", "\(w.y + Int(from.1))", "sleep", "0.05", "mousedown", "1"]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let x = from.0 + (to.0 - from.0) * f, y = from.1 + (to.1 - from.1) * f
            args += ["sleep", String(Double(stepMS) / 1000), "mousemove", "\(w.x + Int(x))", "\(w.y + Int(y))"]
        }
        args += ["mouseup", "1"]
        try run("xdotool", args)
    }

    func click(in w: Geometry, at p: (Double, Double)) throws {
        try run("xdotool", ["mousemove", "\(w.x + Int(p.0))", "\(w.y + Int(p.1))"])
        Thread.sleep(forTimeInterval: 0.05)
        try run("xdotool", ["click", "1"])
    }

    func key(_ key: String, in w: Geometry) throws {
        try run("xdotool", ["mousemove", "\(w.x + 5)", "\(w.y + 5)"])
        try run("xdotool", ["key", key])
    }

    /// The window's pixels, via `import -window root` and a crop to raw RGB.
    func screenshot(of w: Geometry) throws -> Screenshot {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-shot-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try run("import", ["-window", "root", file.path])
        let raw = try runData("convert", [file.path, "-crop", "\(w.width)x\(w.height)+\(w.x)+\(w.y)", "-depth", "8", "rgb:-"])
        return Screenshot(width: w.width, height: w.height, rgb: [UInt8](raw))
    }

    /// Runs an X tool (a name on PATH, or an absolute path) on this display; what it prints on stderr is shown, so a
    /// failing step explains itself.
    func runData(_ tool: String, _ args: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : VirtualDisplay.which(tool)!)
        p.arguments = args
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        if !errors.isEmpty { print("\(tool) \(args.joined(separator: " ")): \(String(decoding: errors, as: UTF8.self))") }
        return data
    }
}

struct Screenshot {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 3
        guard i + 2 < rgb.count else { return (0, 0, 0) }
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    func luminance(x: Int, y: Int) -> Int {
        let p = pixel(x: x, y: y)
        return (2126 * p.r + 7152 * p.g + 722 * p.b) / 10000
    }
}

/// What the window reports it has done (`SHEETLAB_STATUS_FILE`, Sources/sheetlab/Window/StatusReport.swift).
struct AppStatus: Equatable {
    var frames = 0, events = 0, loads = 0, passes = 0
    var idle = false
}

/// A process left running while the test drives it; its stderr goes to a file we can read, and its status to
/// another, so that the test waits on what the app did rather than for a number of seconds.
final class LaunchedApp {
    let process = Process()
    let stderrURL: URL
    let statusURL: URL

    init(binary: URL, args: [String], cwd: URL, env: [String: String]) throws {
        stderrURL = cwd.appendingPathComponent("app.stderr")
        statusURL = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-status-\(UUID().uuidString).json")
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = binary
        process.arguments = args
        process.currentDirectoryURL = cwd
        var env = env
        env["SHEETLAB_STATUS_FILE"] = statusURL.path
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
    }

    var isRunning: Bool { process.isRunning }
    var processIdentifier: Int32 { process.processIdentifier }
    var stderrText: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
    func terminate() { process.terminate() }

    /// The last status the app wrote; zeros before its first.
    var status: AppStatus {
        guard let data = try? Data(contentsOf: statusURL),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return AppStatus() }
        return AppStatus(frames: json["frames"] as? Int ?? 0, events: json["events"] as? Int ?? 0,
                         loads: json["loads"] as? Int ?? 0, passes: json["passes"] as? Int ?? 0, idle: json["idle"] as? Bool ?? false)
    }

    /// Waits until the app is idle (nothing moving, no event waiting) having handled more than `before`: more
    /// events (the input the test sent reached it), more file loads when `loads`, and at least `frames` more frames
    /// and `passes` more passes of its loop (each polls the config file: a change on disk has been seen by then).
    /// `timeout` only guards against a hang: it is not how long anything is expected to take.
    @discardableResult
    func waitUntilIdle(after before: AppStatus, events: Bool = true, loads: Bool = false, frames: Int = 0, passes: Int = 0,
                       timeout: TimeInterval = 180, file: StaticString = #filePath, line: UInt = #line) throws -> AppStatus {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let now = status
            if now.idle && (!events || now.events > before.events) && (!loads || now.loads > before.loads)
                && now.frames >= before.frames + frames && now.passes >= before.passes + passes { return now }
            guard isRunning else {
                XCTFail("the app exited while the test waited for it to be idle: \(stderrText)", file: file, line: line)
                throw XCTSkip("the app exited")
            }
            guard Date() < deadline else {
                XCTFail("the app was not idle after \(Int(timeout)) s (status \(now), before \(before))", file: file, line: line)
                throw XCTSkip("not idle")
            }
            usleep(20_000)
        }
    }

    /// Waits until the app is idle: the first frame drawn and nothing moving.
    @discardableResult
    func waitUntilIdle(file: StaticString = #filePath, line: UInt = #line) throws -> AppStatus {
        try waitUntilIdle(after: AppStatus(), events: false, frames: 1, file: file, line: line)
    }

    /// Runs `action` (input sent to the window, an edit of its file) and waits until the app has handled it and is
    /// idle again.
    @discardableResult
    func settle(loads: Bool = false, file: StaticString = #filePath, line: UInt = #line, _ action: () throws -> Void) throws -> AppStatus {
        let before = status
        try action()
        return try waitUntilIdle(after: before, events: !loads, loads: loads, file: file, line: line)
    }

    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }
}

/// The designer's tools in the real window: a detent handle dragged and saved, a gesture recorded and replayed.
final class DesignerWindowTests: XvfbTestCase {
    /// A copy of the default example, open in the app, with its window up.
    func openDefaultCopy(_ name: String) throws -> (config: URL, app: LaunchedApp, window: VirtualDisplay.Geometry) {
        let config = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Assets/Examples/default.json"), to: config)
        let app = try display.launch(sheetlabBinary!, ["run", "--config", config.path], cwd: dir)
        let window = try display.waitForWindow(named: "SheetLab")
        try app.waitUntilIdle()
        return (config, app, window)
    }

    /// The config file as JSON once `condition` holds (a save lands), or as it last was.
    func savedJSON(_ config: URL, until condition: ([String: Any]) -> Bool) -> [String: Any] {
        var last: [String: Any] = [:]
        let deadline = Date().addingTimeInterval(120)  // a guard against a hang, not a wait
        while Date() < deadline {
            if let data = try? Data(contentsOf: config), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                last = json
                if condition(json) { break }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return last
    }

    func testDragAHandleUndoRedoSaveAndRecordAGesture() throws {
        let (config, app, window) = try openDefaultCopy("design.json")
        defer { if app.isRunning { app.terminate() } }

        // Guides on; the medium handle sits at the right edge, at medium's top (y = 392).
        try app.settle { try display.key("g", in: window) }
        try app.settle { try display.drag(in: window, from: (363, 392), to: (363, 272), steps: 6, stepMS: 30) }
        // An undo and a redo bring the same edit back; Ctrl+S writes it.
        try app.settle { try display.run("xdotool", ["key", "ctrl+z"]) }
        try app.settle { try display.run("xdotool", ["key", "ctrl+shift+z"]) }
        try display.run("xdotool", ["key", "ctrl+s"])
        let saved = savedJSON(config) { json in
            let detents = (json["sheet"] as? [String: Any])?["detents"] as? [Any]
            return (detents?.count == 3) && (detents?[1] as? [String: Any])?["height"] != nil
        }
        let sheet = saved["sheet"] as? [String: Any]
        let medium = (sheet?["detents"] as? [Any])?[1] as? [String: Any]
        XCTAssertEqual(medium?["id"] as? String, "medium")
        XCTAssertEqual(medium?["height"] as? Double ?? 0, 580, accuracy: 2, "dragged 120 pt up from 460")
        XCTAssertEqual(sheet?["cornerStyle"] as? String, "continuous", "untouched values stay")
        XCTAssertEqual(saved["device"] as? String, "iphone-15")

        // Record a flick and stop: the scenario lands beside the config, and `sheetlab test` replays it.
        try app.settle { try display.key("g", in: window) }
        try app.settle { try display.run("xdotool", ["key", "F5"]) }
        // The recording ends once the flick has settled (the app idle again).
        try app.settle { try display.drag(in: window, from: (196, 560), to: (196, 420), steps: 5, stepMS: 16) }
        try display.run("xdotool", ["key", "F5"])
        var scenario: URL?
        let deadline = Date().addingTimeInterval(120)  // a guard against a hang, not a wait
        while scenario == nil && Date() < deadline {
            scenario = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
                .first { $0.lastPathComponent.hasSuffix(".scenario.json") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let recorded = try XCTUnwrap(scenario, "no scenario was recorded")
        let text = try String(contentsOf: recorded, encoding: .utf8)
        XCTAssertTrue(text.contains("\"down\"") && text.contains("\"up\""), text)
        kill(app.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(timeout: 120), 0)

        let record = runSheetlab(["test", dir.path, "--update"], cwd: dir, environment: environmentWithoutCI)
        XCTAssertEqual(record.status, 0, record.stdout + record.stderr)
        let replay = runSheetlab(["test", dir.path], cwd: dir)
        XCTAssertEqual(replay.status, 0, replay.stdout)
        XCTAssertEqual(replay.stdoutLines.last, "1 passed, 0 failed")
    }

    func testInspectorSmoke() throws {
        // The panel's rules are unit tables (DesignerInspectorTests); here, that it opens beside the
        // canvas and a typed value reaches the file.
        var (config, app, window) = try openDefaultCopy("inspect.json")
        defer { if app.isRunning { app.terminate() } }
        try app.settle { try display.key("i", in: window) }
        let deadline = Date().addingTimeInterval(120)  // the X server applies the new size; a guard against a hang
        repeat { window = try display.waitForWindow(named: "SheetLab") } while window.width != 393 + 300 && Date() < deadline
        XCTAssertEqual(window.width, 393 + 300, "the window widens for the inspector; the canvas is not covered")
        // Row 10 is the corner radius (rows of 22 pt from y = 12).
        try display.click(in: window, at: (393 + 150, 12 + 10 * 22 + 11))
        try display.run("xdotool", ["key", "Return", "2", "4", "Return", "ctrl+s"])
        let json = savedJSON(config) { ($0["sheet"] as? [String: Any])?["cornerRadius"] as? Double == 24 }
        XCTAssertEqual((json["sheet"] as? [String: Any])?["cornerRadius"] as? Double, 24, "typed")
        kill(app.processIdentifier, SIGTERM)
        XCTAssertEqual(app.waitForExit(timeout: 120), 0)
    }
}
