import Foundation
import XCTest

// End-to-end support: the built `sheetlab` binary, run in a fresh temporary directory.

/// What one run of the binary did.
struct RunResult {
    var status: Int32
    /// True when the process died of a signal (a trap, a crash): `status` is then the signal number.
    var signaled: Bool
    /// True when the run outlived its timeout and was killed.
    var timedOut: Bool
    var stdout: String
    var stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// The `sheetlab` executable the test target depends on. SwiftPM builds it into the same products
/// directory as the test bundle, so it is found by walking up from the bundle (or the runner).
/// `SHEETLAB_BIN` overrides the search.
let sheetlabBinary: URL? = {
    let fm = FileManager.default
    func isTool(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return fm.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && fm.isExecutableFile(atPath: url.path)
    }
    if let path = ProcessInfo.processInfo.environment["SHEETLAB_BIN"] {
        let url = URL(fileURLWithPath: path)
        return isTool(url) ? url : nil
    }
    var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        starts.append(bundle.bundleURL.deletingLastPathComponent())
    }
    for start in starts {
        var dir = start.standardizedFileURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("sheetlab")
            if isTool(candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
    }
    return nil
}()

/// The repository root, for `Assets/Examples`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Runs `sheetlab args` in `cwd` and collects its exit status and output.
/// Output goes through files, so a chatty process never blocks on a full pipe; a run that outlives
/// `timeout` seconds is killed and reported as `timedOut`.
func runSheetlab(_ args: [String], cwd: URL, timeout: TimeInterval = 600, environment: [String: String]? = nil) -> RunResult {
    guard let binary = sheetlabBinary else {
        return RunResult(status: -1, signaled: false, timedOut: false, stdout: "", stderr: "sheetlab binary not found")
    }
    let fm = FileManager.default
    let outDir = fm.temporaryDirectory.appendingPathComponent("sheetlab-cli-out-\(UUID().uuidString)")
    try? fm.createDirectory(at: outDir, withIntermediateDirectories: true)
    defer { try? fm.removeItem(at: outDir) }
    let outURL = outDir.appendingPathComponent("stdout"), errURL = outDir.appendingPathComponent("stderr")
    _ = fm.createFile(atPath: outURL.path, contents: nil)
    _ = fm.createFile(atPath: errURL.path, contents: nil)

    let process = Process()
    process.executableURL = binary
    process.arguments = args
    process.currentDirectoryURL = cwd
    if let environment { process.environment = environment }
    process.standardInput = FileHandle.nullDevice
    var timedOut = false
    do {
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
    } catch {
        return RunResult(status: -1, signaled: false, timedOut: false, stdout: "", stderr: "could not run sheetlab: \(error)")
    }
    let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? "<stdout is not UTF-8>"
    let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? "<stderr is not UTF-8>"
    return RunResult(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                     timedOut: timedOut, stdout: stdout, stderr: stderr)
}

/// A test case with a fresh temporary directory, which is also the working directory of every run.
class CLITestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        let binary = try XCTUnwrap(sheetlabBinary, "cannot find the built sheetlab next to the test bundle; set SHEETLAB_BIN")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary.path))
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let dir { try? FileManager.default.removeItem(at: dir) }
        try super.tearDownWithError()
    }

    /// Writes `text` to `name` inside the test directory (creating folders) and returns `name`.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let url = dir.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
        return name
    }

    func run(_ args: String..., timeout: TimeInterval = 600) -> RunResult {
        runSheetlab(args, cwd: dir, timeout: timeout)
    }

    /// Runs `script` with `sh -c` (`$0` is `argument`) in the test's folder; its status and output.
    func shell(_ script: String, _ argument: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let out = dir.appendingPathComponent("sh.out"), err = dir.appendingPathComponent("sh.err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script, argument]
        p.currentDirectoryURL = dir
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        p.waitUntilExit()
        return (p.terminationStatus, (try? String(contentsOf: out, encoding: .utf8)) ?? "", (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

// MARK: - Failing runs

/// The caret that marks, in a table's JSON, where an error must be reported. It is removed before the file is written.
let here: Character = "‸"

/// `text` without the caret, and the 1-based line and column (in characters) where the caret stood.
func stripCaret(_ text: String) -> (text: String, position: String?) {
    guard let index = text.firstIndex(of: here) else { return (text, nil) }
    let before = text[..<index]
    let line = before.filter { $0 == "\n" }.count + 1
    let column = (before.lastIndex(of: "\n").map { before.distance(from: before.index(after: $0), to: before.endIndex) }
        ?? before.count) + 1
    var stripped = text
    stripped.remove(at: index)
    return (stripped, "\(line):\(column)")
}

/// Asserts a clean failure: exit status exactly 1 (no signal, no hang), nothing on stdout, every stderr
/// line starting `sheetlab: `, and one line reading `sheetlab: <file>[:<line>:<col>]: [<key path>: ]<message…>`.
/// - `position` "L:C" must be the reported place; nil accepts any place, or none.
/// - `keyPath` must follow the place; nil (or "") does not check it.
func assertFailure(_ result: RunResult, file name: String, position: String?, keyPath: String?, message: String,
                   context: String = "", line: UInt, sourceFile: StaticString = #filePath) {
    let what = context.isEmpty ? "" : "[\(context)] "
    XCTAssertFalse(result.timedOut, "\(what)sheetlab hung", file: sourceFile, line: line)
    XCTAssertFalse(result.signaled, "\(what)sheetlab died of signal \(result.status)\n\(result.stderr)", file: sourceFile, line: line)
    XCTAssertEqual(result.status, 1, "\(what)exit status\nstderr: \(result.stderr)", file: sourceFile, line: line)
    XCTAssertEqual(result.stdout, "", "\(what)a failing run prints nothing on stdout", file: sourceFile, line: line)
    for l in result.stderrLines {
        XCTAssertTrue(l.hasPrefix("sheetlab: "), "\(what)stderr line without the sheetlab: prefix: \(l)", file: sourceFile, line: line)
    }
    let hit = result.stderrLines.contains { l in
        matches(l, file: name, position: position, keyPath: keyPath, message: message)
    }
    let shape = "sheetlab: \(name)" + (position.map { ":\($0)" } ?? "[:L:C]") + ": "
        + (keyPath.map { $0.isEmpty ? "" : "\($0): " } ?? "[key path: ]") + "…\(message)…"
    XCTAssertTrue(hit, "\(what)expected a line \(shape); stderr was:\n\(result.stderr)", file: sourceFile, line: line)
}

/// Whether one stderr line is `sheetlab: <file>[:L:C]: [<key path>: ]…<message>…` as `assertFailure` describes.
func matches(_ line: String, file name: String, position: String?, keyPath: String?, message: String) -> Bool {
    let head = "sheetlab: \(name)"
    guard line.hasPrefix(head) else { return false }
    var rest = Substring(line.dropFirst(head.count))
    var found: String?
    if rest.hasPrefix(":"), let end = rest.range(of: ": "), end.lowerBound > rest.startIndex {
        let place = rest[rest.index(after: rest.startIndex)..<end.lowerBound]
        let parts = place.split(separator: ":")
        if parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            found = String(place)
            rest = rest[end.lowerBound...]
        }
    }
    if let position, found != position { return false }
    guard rest.hasPrefix(": ") else { return false }
    rest = rest.dropFirst(2)
    if let keyPath, !keyPath.isEmpty {
        guard rest.hasPrefix(keyPath + ": ") else { return false }
        rest = rest.dropFirst(keyPath.count + 2)
    }
    return rest.contains(message)
}

// MARK: - simulate output

/// One parsed line of `simulate` output, with its raw text.
struct Record {
    var raw: String
    var object: [String: Any]

    var type: String { object["type"] as? String ?? "" }
    var t: Double { number("t") ?? .nan }
    func number(_ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }
    func string(_ key: String) -> String? { object[key] as? String }
}

/// Parses `simulate` output, failing the test for every line that is not one JSON object.
func records(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [Record] {
    var out: [Record] = []
    for (i, text) in result.stdoutLines.enumerated() {
        guard let data = text.data(using: .utf8),
              let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
              let object = json as? [String: Any] else {
            XCTFail("stdout line \(i + 1) is not a JSON object: \(text)", file: file, line: line)
            continue
        }
        out.append(Record(raw: text, object: object))
    }
    return out
}

/// Asserts a successful `simulate` run and returns its records.
func simulated(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [Record] {
    XCTAssertFalse(result.timedOut, "simulate hung", file: file, line: line)
    XCTAssertFalse(result.signaled, "simulate died of signal \(result.status)", file: file, line: line)
    XCTAssertEqual(result.status, 0, "simulate failed:\n\(result.stderr)", file: file, line: line)
    let list = records(result, file: file, line: line)
    XCTAssertFalse(list.isEmpty, "simulate printed nothing", file: file, line: line)
    return list
}

/// Waits until the app's event log at `log` satisfies `condition`, polling; on a timeout, fails with the log and the
/// app's stderr (`app.stderr` in `dir`) and skips the rest of the test.
func waitForLog(_ what: String, log: URL, stderrIn dir: URL, timeout: TimeInterval, _ condition: (String) -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let text = try? String(contentsOf: log, encoding: .utf8), condition(text) { return }
        Thread.sleep(forTimeInterval: 0.05)
    }
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? "(no log)"
    let stderr = (try? String(contentsOf: dir.appendingPathComponent("app.stderr"), encoding: .utf8)) ?? ""
    XCTFail("timed out waiting for \(what); the log has:\n\(text)\nthe app's stderr:\n\(stderr)")
    throw XCTSkip("timed out")
}
