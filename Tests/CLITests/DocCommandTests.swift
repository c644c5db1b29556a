import Foundation
import XCTest

/// Every shell command in the README and docs/ runs as written (issue 35).
///
/// A fenced block tagged `sh` runs as one `bash -euo pipefail` script; a `console` block is a transcript: each
/// `$ command` runs and its output must be the lines under it. Blocks run in a scratch folder that links every entry
/// of the source tree (so `Assets/Examples/default.json` resolves and new files land in the scratch folder; Assets/ and
/// docs/ are copies, so that a command writing goldens or clips there leaves the tree alone), with the
/// built `sheetlab` first on PATH (as after `make install`) and Debian's own directories next, HOME in the scratch folder,
/// and no display.
///
/// The line before a block may mark it, with a reason the test checks:
/// - `<!-- doc-test: display -->`: it opens the window (needs a display);
/// - `<!-- doc-test: covered by NAME -->`: NAME, a test class of Tests/, runs the same command in a temporary place
///   (the suite itself, an install into a prefix);
/// - `<!-- doc-test: suite -->`: `make test`, the command that runs this test (CI runs it through .ci/run);
/// - `<!-- doc-test: needs PATH (why) -->`: it reads files outside the tree (reference screenshots); it runs wherever
///   PATH exists, as on the machine the references were measured on.
/// An untagged block that holds a command line (`sheetlab …`, `make …`, `$ …`) fails the test: tag it.
final class DocCommandTests: CLITestCase {
    static let root = ShellIntegrationTests.root

    struct Block {
        var file: String
        var line: Int
        var language: String
        var text: String
        var marker: String?
    }

    /// The README and every Markdown file of docs/.
    static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
    }

    static func blocks(in url: URL) throws -> [Block] {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var out: [Block] = []
        var i = 0
        let name = url.path.replacingOccurrences(of: root.path + "/", with: "")
        while i < lines.count {
            let line = lines[i]
            let fence = line.trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { i += 1; continue }
            let language = String(fence.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            var body: [String] = []
            var j = i + 1
            while j < lines.count, !lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append(String(lines[j].dropFirst(min(indent, lines[j].prefix { $0 == " " }.count))))
                j += 1
            }
            var marker: String?
            if i > 0 {
                let previous = lines[i - 1].trimmingCharacters(in: .whitespaces)
                if previous.hasPrefix("<!-- doc-test:"), previous.hasSuffix("-->") {
                    marker = previous.dropFirst("<!-- doc-test:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
                }
            }
            out.append(Block(file: name, line: i + 1, language: language, text: body.joined(separator: "\n"), marker: marker))
            i = j + 1
        }
        return out
    }

    static func allBlocks() throws -> [Block] { try documents().flatMap { try blocks(in: $0) } }

    /// Folders a documented command may write into (goldens, clips): copied, so that nothing writes into the tree.
    static let copied: Set<String> = ["Assets", "docs"]

    /// A scratch folder holding every top-level entry of the tree: a copy of `copied`, a link to the rest.
    func scratch() throws -> URL {
        let fm = FileManager.default
        let folder = dir.appendingPathComponent("tree-\(UUID().uuidString.prefix(8))")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for entry in try fm.contentsOfDirectory(atPath: Self.root.path) where entry != ".git" {
            let source = Self.root.appendingPathComponent(entry), target = folder.appendingPathComponent(entry)
            if Self.copied.contains(entry) {
                try fm.copyItem(at: source, to: target)
            } else {
                try fm.createSymbolicLink(at: target, withDestinationURL: source)
            }
        }
        try fm.createDirectory(at: folder.appendingPathComponent("home"), withIntermediateDirectories: true)
        // A repository of its own, so that a documented `git add` of goldens works there.
        _ = try bash("git init -q . && git add Assets && git -c user.email=d@t -c user.name=doc commit -qm tree", in: folder)
        return folder
    }

    func environment(in folder: URL) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        // A newcomer's Debian PATH before this machine's own additions: `python3` in the docs is the system's, which
        // `make test` gives Pillow (python3-pil), not a version manager's shim that may lack it.
        env["PATH"] = sheetlabBinary!.deletingLastPathComponent().path + ":/usr/local/bin:/usr/bin:/bin:" + (env["PATH"] ?? "")
        env["HOME"] = folder.appendingPathComponent("home").path
        env["DISPLAY"] = nil
        env["WAYLAND_DISPLAY"] = nil
        env["SDL_VIDEODRIVER"] = nil
        env["CI"] = nil
        return env
    }

    func bash(_ script: String, in folder: URL, timeout: TimeInterval = 300) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        process.environment = environment(in: folder)
        let log = folder.appendingPathComponent(".doc-test-output")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    static let shellLanguages: Set<String> = ["sh", "bash", "shell"]

    /// Whether a block of another language holds command lines: it should be tagged `sh` or `console`.
    static func looksLikeCommands(_ text: String) -> Bool {
        text.split(separator: "\n").contains { line in
            let l = line.trimmingCharacters(in: .whitespaces)
            return l.hasPrefix("$ ") || l.hasPrefix("sheetlab ") || l.hasPrefix("make ") || l.hasPrefix("sudo ")
                || l.hasPrefix("xvfb-run ") || l.hasPrefix(".build/")
        }
    }

    func testEveryShellBlockIsTaggedAndEveryMarkerHasItsReason() throws {
        let blocks = try Self.allBlocks()
        XCTAssertGreaterThan(blocks.count, 20)
        let tests = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path)
        for b in blocks {
            // A yaml block is a CI workflow: its steps run on the CI service (docs/testing.md runs the same commands in sh).
            if !Self.shellLanguages.contains(b.language) && b.language != "console" && b.language != "yaml" {
                XCTAssertFalse(Self.looksLikeCommands(b.text), "\(b.file):\(b.line): a ```\(b.language) block holds commands; tag it sh or console")
            }
            guard let marker = b.marker else { continue }
            if marker == "display" || marker.hasPrefix("needs /") { continue }
            if marker == "suite" {
                XCTAssert(b.text.hasPrefix("make test "), "\(b.file):\(b.line): a suite block is `make test` alone")
                continue
            }
            guard marker.hasPrefix("covered by ") else { XCTFail("\(b.file):\(b.line): unknown marker '\(marker)'"); continue }
            let name = marker.dropFirst("covered by ".count).split(separator: " ").first.map(String.init) ?? ""
            XCTAssert(tests.contains { $0.hasSuffix("/\(name).swift") }, "\(b.file):\(b.line): no test \(name) in Tests/")
        }
    }

    /// The blocks of one document run in order in one scratch folder, as a reader following it would run them.
    func testEveryCommandInTheDocsRunsAsWritten() throws {
        var ran = 0
        for document in try Self.documents() {
            let blocks = try Self.blocks(in: document).filter {
                (Self.shellLanguages.contains($0.language) || $0.language == "console") && Self.runsHere($0.marker)
            }
            if blocks.isEmpty { continue }
            let folder = try scratch()
            for b in blocks {
                if b.language == "console" {
                    try runTranscript(b, in: folder)
                } else {
                    let (status, output) = try bash("set -euo pipefail\n" + b.text, in: folder)
                    XCTAssertEqual(status, 0, "\(b.file):\(b.line) does not run as written:\n\(b.text)\n--- output:\n\(output.suffix(3000))")
                }
                ran += 1
            }
        }
        XCTAssertGreaterThan(ran, 10)
    }

    /// Whether a block with this marker runs on this machine: unmarked, or `needs` a path that is here.
    static func runsHere(_ marker: String?) -> Bool {
        guard let marker else { return true }
        guard marker.hasPrefix("needs /") else { return false }
        let path = marker.dropFirst("needs ".count).split(separator: " ").first.map(String.init) ?? ""
        return FileManager.default.fileExists(atPath: path)
    }

    /// A `console` block: each `$ command` runs, and prints the lines under it.
    func runTranscript(_ b: Block, in folder: URL) throws {
        var steps: [(command: String, expected: [String])] = []
        for line in b.text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ ") { steps.append((String(line.dropFirst(2)), [])) } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(String(line))
            }
        }
        XCTAssertFalse(steps.isEmpty, "\(b.file):\(b.line): a console block with no `$ ` line")
        for step in steps {
            let (_, output) = try bash(step.command, in: folder)
            let expected = step.expected.reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
            XCTAssertEqual(output.trimmingCharacters(in: .newlines), expected, "\(b.file):\(b.line): `\(step.command)` prints something else")
        }
    }
}
