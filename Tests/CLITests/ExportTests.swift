import Foundation
import XCTest

/// `sheetlab export` end to end: every example to every target equals its golden file, every golden type-checks
/// against the declarations in Tests/ExportStubs (so the generated code calls APIs that exist, with their labels),
/// wrong labels fail that check, and the capability diff reaches stderr and --strict.
///
/// Re-record the goldens after an intended change: `SHEETLAB_RECORD_EXPORTS=1 swift test --filter ExportTests`.
final class ExportTests: CLITestCase {
    static let targets = ["swiftui", "uikit", "floatingpanel", "gorhom", "vaul"]
    static let goldens = repositoryRoot.appendingPathComponent("Tests/ExportGoldens")
    static let stubs = repositoryRoot.appendingPathComponent("Tests/ExportStubs")
    static var recording: Bool { ProcessInfo.processInfo.environment["SHEETLAB_RECORD_EXPORTS"] == "1" }

    static func fileExtension(_ target: String) -> String { ["gorhom", "vaul"].contains(target) ? "tsx" : "swift" }

    /// Every example config: Assets/Examples/*.json except scripts.
    static var examples: [URL] {
        let folder = repositoryRoot.appendingPathComponent("Assets/Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".script.json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    func testEveryExampleExportsToEveryTargetAsItsGolden() throws {
        XCTAssertGreaterThanOrEqual(Self.examples.count, 5)
        for config in Self.examples {
            let name = config.deletingPathExtension().lastPathComponent
            for target in Self.targets {
                let file = "\(name).\(target).\(Self.fileExtension(target))"
                let r = run("export", "--to", target, "--config", config.path, "--out", file)
                XCTAssertEqual(r.status, 0, "\(file): \(r.stderr)")
                let actual = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let golden = Self.goldens.appendingPathComponent(file)
                if let failure = try Self.compareOrRecord(actual, golden: golden, environment: ProcessInfo.processInfo.environment) {
                    XCTFail(failure)
                }
                // The capability diff in the file's header is the one on stderr.
                let header = actual.split(separator: "\n").filter { $0.hasPrefix("//   - ") }.map { $0.dropFirst(7) }
                let stderr = r.stderrLines.filter { $0.hasPrefix("sheetlab: export: \(target): ") }.map { $0.dropFirst("sheetlab: export: \(target): ".count) }
                XCTAssertEqual(header, stderr, file)
            }
        }
    }

    /// Compares `actual` with the golden at `golden`, or records it with SHEETLAB_RECORD_EXPORTS=1; returns the
    /// failure to report, if any.
    static func compareOrRecord(_ actual: String, golden: URL, environment: [String: String]) throws -> String? {
        let file = golden.lastPathComponent
        if environment["SHEETLAB_RECORD_EXPORTS"] == "1" {
            if let ci = environment["CI"], !ci.isEmpty {
                return "\(file): SHEETLAB_RECORD_EXPORTS=1 with CI set (CI=\(ci)): export goldens are not recorded in CI, as "
                    + "`sheetlab test` refuses to record; record them locally without CI and commit them"
            }
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            return "\(file): no golden; record with SHEETLAB_RECORD_EXPORTS=1 swift test --filter ExportTests"
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            return "\(file) differs from its golden at line \(i + 1):\n  golden: \(i < e.count ? e[i] : "<end>")\n  actual: "
                + "\(i < a.count ? a[i] : "<end>")\nIf the change is intended: SHEETLAB_RECORD_EXPORTS=1 swift test --filter ExportTests"
        }
        return nil
    }

    /// Recording in CI is refused, as `sheetlab test` refuses to record goldens there: a CI run that records would
    /// always pass.
    func testRecordingIsRefusedInCI() throws {
        let golden = dir.appendingPathComponent("goldens/x.vaul.tsx")
        let failure = try Self.compareOrRecord("new\n", golden: golden, environment: ["SHEETLAB_RECORD_EXPORTS": "1", "CI": "true"])
        XCTAssertNotNil(failure, "recording with CI set passed")
        XCTAssertTrue(failure?.contains("CI") ?? false, failure ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden.path), "recording with CI set wrote the golden")
        // Outside CI, recording writes the golden, and the next comparison passes.
        XCTAssertNil(try Self.compareOrRecord("new\n", golden: golden, environment: ["SHEETLAB_RECORD_EXPORTS": "1"]))
        XCTAssertNil(try Self.compareOrRecord("new\n", golden: golden, environment: [:]))
        XCTAssertNotNil(try Self.compareOrRecord("changed\n", golden: golden, environment: ["CI": "true"]))
    }

    // MARK: - Type-checking

    /// Compiles the Swift stub modules into a temporary folder: UIKit, then FloatingPanel over it, then SwiftUI.
    func stubModules() throws -> URL {
        let modules = dir.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for module in ["UIKit", "FloatingPanel", "SwiftUI"] {
            let r = tool(["swiftc", "-emit-module", "-parse-as-library", "-module-name", module, "-I", modules.path,
                          "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path,
                          Self.stubs.appendingPathComponent("\(module).swift").path])
            XCTAssertEqual(r.status, 0, "stub module \(module) does not compile:\n\(r.output)")
        }
        return modules
    }

    func typecheckSwift(_ file: URL, modules: URL) -> (status: Int32, output: String) {
        tool(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path, file.path])
    }

    func typecheckTSX(_ files: [URL]) -> (status: Int32, output: String) {
        let declarations = ((try? FileManager.default.contentsOfDirectory(atPath: Self.stubs.appendingPathComponent("types").path)) ?? [])
            .filter { $0.hasSuffix(".d.ts") }.sorted().map { Self.stubs.appendingPathComponent("types/\($0)").path }
        return tool(["tsc", "--noEmit", "--strict", "--jsx", "react-jsx", "--target", "es2020", "--moduleResolution", "node",
                     "--lib", "es2020,dom"] + declarations + files.map(\.path))
    }

    func goldenFiles(_ ext: String) -> [URL] {
        Self.examples.flatMap { config in
            Self.targets.filter { Self.fileExtension($0) == ext }.map {
                Self.goldens.appendingPathComponent("\(config.deletingPathExtension().lastPathComponent).\($0).\(ext)")
            }
        }
    }

    func testEveryGoldenTypeChecksAgainstTheDocumentedAPIs() throws {
        try requireTools()
        let modules = try stubModules()
        for file in goldenFiles("swift") {
            let r = typecheckSwift(file, modules: modules)
            XCTAssertEqual(r.status, 0, "\(file.lastPathComponent) does not type-check:\n\(r.output)")
        }
        let tsx = goldenFiles("tsx")
        let r = typecheckTSX(tsx)
        XCTAssertEqual(r.status, 0, "the gorhom and vaul goldens do not type-check:\n\(r.output)")
    }

    /// The stubs are faithful enough to catch a wrong label, a wrong prop or a misspelt style key.
    func testWrongLabelsFailTheTypeCheck() throws {
        try requireTools()
        let modules = try stubModules()
        let swiftRows: [(UInt, String, String, String, String)] = [
            (#line, "default.swiftui.swift", "selection: $selectedDetent", "selected: $selectedDetent", "incorrect argument label"),
            (#line, "default.swiftui.swift", ".enabled(upThrough: .peek)", ".enabled(upTo: .peek)", "upTo"),
            (#line, "default.uikit.swift", ".custom(identifier: .peek)", ".custom(id: .peek)", "extra argument 'id'"),
            (#line, "default.uikit.swift", "sheet.prefersGrabberVisible", "sheet.prefersGrabberVisibility", "prefersGrabberVisibility"),
            (#line, "default.floatingpanel.swift", "absoluteInset: 120, edge: .bottom", "absoluteOffset: 120, edge: .bottom", "absoluteOffset"),
            (#line, "default.floatingpanel.swift", "grabberHandlePadding", "grabberPadding", "grabberPadding"),
        ]
        for (line, name, from, to, message) in swiftRows {
            let text = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains(from), "\(name) no longer contains \(from)", line: line)
            let broken = dir.appendingPathComponent("broken-\(line).swift")
            try text.replacingOccurrences(of: from, with: to).write(to: broken, atomically: true, encoding: .utf8)
            let r = typecheckSwift(broken, modules: modules)
            XCTAssertNotEqual(r.status, 0, "\(name) with \(to) type-checked", line: line)
            XCTAssertTrue(r.output.contains(message), r.output, line: line)
        }
        let tsRows: [(UInt, String, String, String, String)] = [
            (#line, "default.gorhom.tsx", "appearsOnIndex", "appearOnIndex", "appearOnIndex"),
            (#line, "default.gorhom.tsx", "enablePanDownToClose", "enablePanToClose", "enablePanToClose"),
            (#line, "default.vaul.tsx", "fadeFromIndex", "fadeFrom", "fadeFrom"),
            (#line, "default.vaul.tsx", "backdropFilter", "backdropFilters", "backdropFilters"),
        ]
        for (line, name, from, to, message) in tsRows {
            let text = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains(from), "\(name) no longer contains \(from)", line: line)
            let broken = dir.appendingPathComponent("broken-\(line).tsx")
            try text.replacingOccurrences(of: from, with: to).write(to: broken, atomically: true, encoding: .utf8)
            let r = typecheckTSX([broken])
            XCTAssertNotEqual(r.status, 0, "\(name) with \(to) type-checked", line: line)
            XCTAssertTrue(r.output.contains(message), r.output, line: line)
        }
    }

    func requireTools() throws {
        for (name, package) in [("swiftc", "the Swift toolchain"), ("tsc", "Debian's node-typescript (make test-deps)")] {
            let r = tool(["which", name])
            if r.status != 0 { XCTFail("\(name) is not installed: install \(package)"); throw XCTSkip("no \(name)") }
        }
    }

    /// Runs a tool found on PATH, with its stdout and stderr together.
    func tool(_ args: [String], timeout: TimeInterval = 300) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = args
        process.currentDirectoryURL = dir
        let log = dir.appendingPathComponent("tool-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: log) else { return (-1, "cannot open \(log.path)") }
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "cannot run \(args[0]): \(error)") }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { process.terminate(); break }
            usleep(10_000)
        }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    // MARK: - The command

    func testTheDiffGoesToStderrAndStrictMakesItAnError() throws {
        let blur = repositoryRoot.appendingPathComponent("Assets/Examples/blur-sheet.json").path
        let loose = run("export", "--to", "uikit", "--config", blur)
        XCTAssertEqual(loose.status, 0, loose.stderr)
        XCTAssertTrue(loose.stdout.hasPrefix("// Generated by `sheetlab export --to uikit` from blur-sheet.json"), loose.stdout)
        XCTAssertTrue(loose.stderrLines.contains("sheetlab: export: uikit: sheet.grabber.color: #FFFFFF; the system grabber keeps its own colour"),
                      loose.stderr)
        XCTAssertTrue(loose.stderrLines.allSatisfy { $0.hasPrefix("sheetlab: export: uikit: sheet.") }, loose.stderr)

        let strict = run("export", "--to", "uikit", "--config", blur, "--out", "strict.swift", "--strict")
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("--strict"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("strict.swift").path), "--strict wrote the file")

        // A config every target expresses passes --strict.
        write("plain.json", ##"{"sheet": {"style": "glass", "detents": ["medium", "large"], "fill": "#222222", "dimming": {"largestUndimmedDetent": "large"}, "backgroundRecedes": false}}"##)
        let ok = run("export", "--to", "swiftui", "--config", "plain.json", "--strict", "--out", "plain.swift")
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stderr, "")
        XCTAssertTrue(ok.stdout.contains("plain.swift: SwiftUI"), ok.stdout)
    }

    func testBadInputFailsCleanly() {
        write("broken.json", "{\"sheet\": {\"cornerRadious\": 3}}")
        assertFailure(run("export", "--to", "vaul", "--config", "broken.json"), file: "broken.json", position: "1:12",
                      keyPath: "sheet.cornerRadious", message: "unknown key", line: #line)
        let rows: [(UInt, [String], String)] = [
            (#line, ["export"], "--to TARGET is required"),
            (#line, ["export", "--to", "compose"], "--to: must be one of swiftui, uikit, floatingpanel, gorhom, vaul"),
            (#line, ["export", "--to", "uikit", "--out", "missing/x.swift"], "the folder missing does not exist"),
            (#line, ["export", "--to", "uikit", "--config", "nope.json"], "nope.json: no such file"),
        ]
        for (line, args, message) in rows {
            let r = runSheetlab(args, cwd: dir)
            XCTAssertEqual(r.status, 1, r.stderr, line: line)
            XCTAssertFalse(r.signaled, line: line)
            XCTAssertTrue(r.stderr.contains(message), r.stderr, line: line)
            XCTAssertEqual(r.stdout, "", line: line)
        }
        let help = run("export", "--help")
        XCTAssertEqual(help.status, 0)
        for option in ["--to", "--config", "--out", "--strict"] { XCTAssertTrue(help.stdout.contains(option), option) }
        XCTAssertTrue(run("--help").stdout.contains("export --to"), "the top help lists export")
    }
}
