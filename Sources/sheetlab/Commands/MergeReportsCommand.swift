import Foundation
import Glibc
import SheetKit

/// `sheetlab merge-reports`: one report from the JSON reports of the `sheetlab test --shard I/N` runs of one suite.
@MainActor
enum MergeReportsCommand {
    static let spec = CommandSpec(
        name: "merge-reports",
        usage: "merge-reports DIR... --reporter KIND=PATH [--reporter KIND=PATH …]",
        summary: """
        Joins the JSON reports that `sheetlab test --shard I/N --reporter json=FILE` runs wrote into one report, as if
        the suite had run in one job. Each DIR is a report file or a folder: a folder stands for every *.json file
        directly in it, and must hold at least one. The summary counts are summed; the snapshots are in the unsharded
        run's order (by scenario file, then as each shard listed them). Failure images (PNG files) are looked for beside each
        report first (the path the report names, shortened from the left until it is found under the report's folder,
        so a CI artifact holding the report and its --output folder works), then at the path itself; a failure whose
        images are not found is kept without them, with a warning. Sharded reports must be the shards of one run: the
        same command up to --shard, the same N, every shard from 1 to N once. No snapshot may be in two reports. --reporter is
        required and spelled as for test: html=DIR, json=FILE or junit=FILE, repeatable. Exit 0 when the reports are
        written, whatever they hold (the shards' own runs fail on failures); 1 on bad input, naming the file.
        """,
        options: [Options.reporter.helped("write the merged report (at least one), repeatable: html=DIR (a static page with the diffs), json=FILE, junit=FILE")],
        positionals: 1...Int.max,
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let reporters = try TestCommand.reporters(args)
        guard !reporters.isEmpty else {
            throw InputError(file: spec.name, "--reporter KIND=PATH is required: html=DIR, json=FILE or junit=FILE")
        }
        let files = try reportFiles(args.positionals)
        var reports: [ShardReport] = []
        for file in files { reports.append(try ShardReport.load(file)) }
        let merged = try merge(reports)
        Console.warnings(merged.warnings)
        for reporter in reporters {
            do {
                let path = try reporter.write(merged.results, summary: merged.summary, command: merged.command, note: merged.note)
                Console.out("report \(path)")
            } catch {
                throw PlatformFailure(reporter.path, "the merged report was not written: \(Console.reason(error))")
            }
        }
        let s = merged.summary
        Console.out("merged \(reports.count) report\(reports.count == 1 ? "" : "s"): \(s.passed) passed, \(s.failed) failed"
                    + (s.written > 0 ? ", \(s.written) written" : ""))
        return 0
    }

    /// The report files the arguments stand for, in order: a file as it is, a folder as every `*.json` directly in it (by name).
    static func reportFiles(_ arguments: [String]) throws(InputError) -> [String] {
        let fm = FileManager.default
        var files: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else { throw InputError(file: argument, "no such file or folder") }
            guard isDirectory.boolValue else { files.append(argument); continue }
            let names: [String]
            do { names = try fm.contentsOfDirectory(atPath: argument) } catch {
                throw InputError(file: argument, "cannot list the folder: \(Console.reason(error))")
            }
            let reports = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
            guard !reports.isEmpty else {
                throw InputError(file: argument, "holds no *.json report; give the folder that a `sheetlab test --shard I/N "
                                 + "--reporter json=FILE` run wrote FILE into, or FILE itself")
            }
            files += reports.map { (argument as NSString).appendingPathComponent($0) }
        }
        // The same report twice would count its snapshots twice.
        var seen: [String: String] = [:]
        for file in files {
            let key = URL(fileURLWithPath: file).resolvingSymlinksInPath().path
            if let first = seen[key] { throw InputError(file: file, "is given twice (also as \(first))") }
            seen[key] = file
        }
        return files
    }

    struct Merged {
        var results: [SnapshotResult]
        var summary: SuiteRun.Counts
        var command: String
        var note: String
        var warnings: [Diagnostic]
    }

    /// The reports joined: checked to be the shards of one run (or unsharded reports of disjoint snapshots),
    /// the snapshots in suite order, the failure images found on this machine.
    static func merge(_ reports: [ShardReport]) throws(InputError) -> Merged {
        let sharded = reports.filter { $0.shard != nil }
        if let plain = reports.first(where: { $0.shard == nil }), let other = sharded.first {
            throw InputError(file: plain.file, "was not written by a --shard run, and \(other.file) was (--shard \(other.shard!)); "
                             + "merge the reports of the shards of one run")
        }
        if let first = sharded.first, let shard = first.shard {
            var byIndex: [Int: ShardReport] = [:]
            for r in sharded {
                let s = r.shard!
                if s.count != shard.count {
                    throw InputError(file: r.file, "is shard \(s) and \(first.file) is shard \(shard): the shards of one run have the same N")
                }
                if r.suiteCommand != first.suiteCommand {
                    throw InputError(file: r.file, "comes from `\(r.command)` and \(first.file) from `\(first.command)`: "
                                     + "the shards of one run have the same command up to --shard")
                }
                if let twin = byIndex[s.index] { throw InputError(file: r.file, "is shard \(s), and so is \(twin.file)") }
                byIndex[s.index] = r
            }
            // N comes from a file: count the missing shards, and name only the first few.
            let missingCount = shard.count - byIndex.count
            if missingCount > 0 {
                let named = (1...shard.count).lazy.filter { byIndex[$0] == nil }.prefix(5).map { "\($0)/\(shard.count)" }
                throw InputError(file: first.file, "is shard \(shard) of a run whose shard\(missingCount == 1 ? "" : "s") "
                                 + named.joined(separator: ", ") + (missingCount > 5 ? " and \(missingCount - 5) more" : "")
                                 + " \(missingCount == 1 ? "is" : "are") not given: give every shard's report, or the merged report "
                                 + "would leave snapshots out")
            }
        }
        // A snapshot is its scenario file and name: two folders may hold scenarios of one name.
        var owner: [String: ShardReport] = [:]
        for r in reports {
            for result in r.results {
                let key = result.file + "\u{0}" + result.snapshot
                if let other = owner[key] {
                    throw InputError(file: r.file, "snapshot \(result.label) of \(result.file) is also in \(other.file): "
                                     + "a snapshot may be in one report only (were these shards of different runs?)")
                }
                owner[key] = r
            }
        }
        var summary = SuiteRun.Counts()
        var groups: [String: [SnapshotResult]] = [:]
        var warnings: [Diagnostic] = []
        for r in reports {
            summary.passed += r.summary.passed
            summary.failed += r.summary.failed
            summary.written += r.summary.written
            var missing: [String] = []
            for var result in r.results {
                for (kind, path) in result.artifacts {
                    if let found = locate(path, besideReport: r.file) { result.artifacts[kind] = found } else {
                        result.artifacts[kind] = nil
                        missing.append(path)
                    }
                }
                groups[result.file, default: []].append(result)
            }
            if let first = missing.sorted().first {
                warnings.append(Diagnostic(file: r.file, message: "\(missing.count) failure image\(missing.count == 1 ? " is" : "s are") neither beside the report "
                                + "nor at the path it names (such as \(first)); the merged report shows those failures without them. "
                                + "Keep the images with the report: `sheetlab test --output DIR` with DIR beside the JSON file", severity: .warning))
            }
        }
        // Shards split the suite by scenario file, which the unsharded run takes in path order.
        let results = groups.keys.sorted().flatMap { groups[$0]! }
        let command = sharded.first?.suiteCommand ?? (reports.count == 1 ? reports[0].command : "sheetlab merge-reports")
        let sources = reports.map { r in r.shard.map { "shard \($0) (\(r.file))" } ?? r.file }
        let note = "merged from \(reports.count) report\(reports.count == 1 ? "" : "s"): " + sources.joined(separator: ", ")
        return Merged(results: results, summary: summary, command: command, note: note, warnings: warnings)
    }

    /// Where a failure image a report names is on this machine: under the report's folder (the path shortened from
    /// the left, longest first, down to its last two parts, `<scenario>/<file>`), else the path itself; nil when neither.
    /// Only PNG files count, and `..` is never followed under the report's folder: the HTML report copies what is
    /// found, and a report from elsewhere must not put other files of this machine into it.
    static func locate(_ path: String, besideReport report: String) -> String? {
        let folder = (report as NSString).deletingLastPathComponent
        let parts = path.split(separator: "/").map(String.init).filter { $0 != "." }
        if parts.count >= 2 {
            for k in stride(from: parts.count, through: 2, by: -1) where !parts.suffix(k).contains("..") {
                let candidate = ((folder.isEmpty ? "." : folder) as NSString).appendingPathComponent(parts.suffix(k).joined(separator: "/"))
                if isPNG(candidate) { return candidate }
            }
        }
        return isPNG(path) ? path : nil
    }

    /// A readable regular file that starts with the PNG signature.
    static func isPNG(_ path: String) -> Bool {
        // A regular file (through links) only: opening a FIFO named in a report would block.
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 8)) ?? nil
        return head == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}

/// One `sheetlab test --reporter json=FILE` report, read back.
struct ShardReport {
    var file: String
    var command: String
    var shard: Shard?
    var summary: SuiteRun.Counts
    var results: [SnapshotResult]

    /// The command before its `--shard I/N`: the same for every shard of one run. `test` writes its filters in the
    /// order `--grep`, `--shard`, `--output`: what follows `--shard` (where each shard put its images) may differ.
    var suiteCommand: String {
        guard let shard, let range = command.range(of: " --shard \(shard)", options: .backwards) else { return command }
        return String(command[..<range.lowerBound])
    }

    /// Reads and checks a report; every problem names the file, and the place in it when there is one.
    static func load(_ file: String) throws(InputError) -> ShardReport {
        let text = try Inputs.readText(file)
        let root: JSONNode
        do { root = try JSONParser.parse(text) } catch {
            throw InputError([Diagnostic(file: file, position: error.position, path: error.path.components.isEmpty ? nil : error.path,
                                         message: "not a JSON report: \(error.message)")])
        }
        func fail(_ node: JSONNode, _ path: KeyPath, _ message: String) -> InputError {
            InputError([Diagnostic(file: file, position: node.position, path: path.components.isEmpty ? nil : path, message: message)])
        }
        guard case .object = root.value, let summaryNode = root["summary"], let snapshotsNode = root["snapshots"] else {
            throw fail(root, .root, "not a sheetlab test JSON report (it has no \"summary\" and \"snapshots\"); "
                       + "`sheetlab test --reporter json=FILE` writes one")
        }
        func string(_ node: JSONNode?, _ path: KeyPath, in parent: JSONNode) throws(InputError) -> String {
            guard let node else { throw fail(parent, path, "missing; expected a string") }
            guard case .string(let s) = node.value else { throw fail(node, path, "expected a string, found \(node.kindName)") }
            return s
        }
        func count(_ key: String) throws(InputError) -> Int {
            let path = KeyPath.root / "summary" / key
            guard let node = summaryNode[key] else { throw fail(summaryNode, path, "missing; expected a count") }
            guard case .number(let n) = node.value, n >= 0, n <= 1e9, n == n.rounded() else {
                throw fail(node, path, "expected a whole number ≥ 0, found \(node.kindName)")
            }
            return Int(n)
        }
        guard case .object = summaryNode.value else { throw fail(summaryNode, .root / "summary", "expected an object, found \(summaryNode.kindName)") }
        let summary = SuiteRun.Counts(passed: try count("passed"), failed: try count("failed"), written: try count("written"))
        var command = ""
        if let node = root["command"] { command = try string(node, .root / "command", in: root) }
        var shard: Shard?
        if let node = root["shard"] {
            let text = try string(node, .root / "shard", in: root)
            guard let s = Shard(text) else { throw fail(node, .root / "shard", "expected I/N with 1 ≤ I ≤ N, found '\(text)'") }
            shard = s
        }
        guard case .array(let items) = snapshotsNode.value else {
            throw fail(snapshotsNode, .root / "snapshots", "expected an array, found \(snapshotsNode.kindName)")
        }
        var results: [SnapshotResult] = []
        for (i, item) in items.enumerated() {
            let at = KeyPath.root / "snapshots" / i
            guard case .object = item.value else { throw fail(item, at, "expected an object, found \(item.kindName)") }
            let statusNode = item["status"]
            let statusText = try string(statusNode, at / "status", in: item)
            guard let status = SnapshotResult.Status(rawValue: statusText) else {
                throw fail(statusNode!, at / "status", "expected passed, failed or written, found '\(statusText)'")
            }
            var r = SnapshotResult(scenario: try string(item["scenario"], at / "scenario", in: item),
                                   file: try string(item["file"], at / "file", in: item),
                                   snapshot: try string(item["snapshot"], at / "snapshot", in: item),
                                   status: status,
                                   message: try string(item["message"], at / "message", in: item))
            if let node = item["ms"] {
                guard case .number(let ms) = node.value else { throw fail(node, at / "ms", "expected a number, found \(node.kindName)") }
                r.milliseconds = ms
            }
            if let node = item["golden"] { r.golden = try string(node, at / "golden", in: item) }
            if let node = item["change"] {
                let text = try string(node, at / "change", in: item)
                guard let change = SnapshotResult.Change(rawValue: text) else {
                    throw fail(node, at / "change", "expected new or changed, found '\(text)'")
                }
                r.change = change
            }
            if let node = item["details"] {
                guard case .array(let lines) = node.value else { throw fail(node, at / "details", "expected an array, found \(node.kindName)") }
                for (j, line) in lines.enumerated() { r.details.append(try string(line, at / "details" / j, in: node)) }
            }
            if let node = item["artifacts"] {
                guard case .object(let members) = node.value else {
                    throw fail(node, at / "artifacts", "expected an object, found \(node.kindName)")
                }
                for m in members { r.artifacts[m.key] = try string(m.value, at / "artifacts" / m.key, in: node) }
            }
            results.append(r)
        }
        return ShardReport(file: file, command: command, shard: shard, summary: summary, results: results)
    }
}
