import Foundation
import Platform
import SheetKit

/// Where a run's results go besides the console: `--reporter junit=FILE`, `json=FILE` or `html=DIR`, repeatable.
enum Reporter: Sendable, Equatable {
    case junit(String)
    case json(String)
    case html(String)

    static let requirement = "expected junit=FILE, json=FILE or html=DIR"

    init?(_ text: String) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else { return nil }
        switch parts[0] {
        case "junit": self = .junit(parts[1])
        case "json": self = .json(parts[1])
        case "html": self = .html(parts[1])
        default: return nil
        }
    }

    /// The file or folder the report goes to.
    var path: String {
        switch self {
        case .junit(let p), .json(let p), .html(let p): p
        }
    }

    /// Writes the report; the path written, for the console. `shard` is the run's `--shard`, recorded in the JSON
    /// report for `merge-reports`; `note` is a line the HTML report shows under its command (where a merge came from).
    func write(_ results: [SnapshotResult], summary: SuiteRun.Counts, command: String, shard: Shard? = nil,
               note: String? = nil) throws -> String {
        let folder: String
        switch self {
        case .junit(let file), .json(let file): folder = (file as NSString).deletingLastPathComponent
        case .html(let dir): folder = dir
        }
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        switch self {
        case .junit(let file):
            try AtomicFile.write(JUnitReport.xml(results), to: file)
            return file
        case .json(let file):
            try AtomicFile.replace(file) { temporary in
                try AtomicFile.writeData(JSONReport.data(results, summary: summary, command: command, shard: shard), to: temporary,
                                         naming: file)
            }
            return file
        case .html(let folder):
            try HTMLReport.write(results, summary: summary, command: command, note: note, to: folder)
            return (folder as NSString).appendingPathComponent("index.html")
        }
    }
}

/// JUnit XML as Jenkins, GitLab and GitHub's test reporters read it: one testsuite per scenario, one testcase per snapshot.
enum JUnitReport {
    static func xml(_ results: [SnapshotResult]) -> String {
        var order: [String] = []
        var groups: [String: [SnapshotResult]] = [:]
        for r in results {
            if groups[r.scenario] == nil { order.append(r.scenario) }
            groups[r.scenario, default: []].append(r)
        }
        let failures = results.filter { $0.status == .failed }.count
        let seconds = { (ms: Double) in String(format: "%.3f", ms / 1000) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"sheetlab test\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" "
            + "time=\"\(seconds(results.map(\.milliseconds).reduce(0, +)))\">\n"
        for scenario in order {
            let cases = groups[scenario] ?? []
            let failed = cases.filter { $0.status == .failed }.count
            out += "  <testsuite name=\"\(attribute(scenario))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\" "
                + "time=\"\(seconds(cases.map(\.milliseconds).reduce(0, +)))\">\n"
            for c in cases {
                out += "    <testcase classname=\"\(attribute(scenario))\" name=\"\(attribute(c.snapshot.isEmpty ? "(scenario)" : c.snapshot))\" "
                    + "file=\"\(attribute(c.file))\" time=\"\(seconds(c.milliseconds))\""
                switch c.status {
                case .passed:
                    out += "/>\n"
                case .written:
                    out += ">\n      <system-out>\(attribute(c.message))</system-out>\n    </testcase>\n"
                case .failed:
                    let body = ([c.message] + c.details + c.artifacts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" })
                        .map { TerminalText.safe($0) }.joined(separator: "\n")
                    out += ">\n      <failure message=\"\(attribute(c.message))\" type=\"snapshot\">\(escape(body))</failure>\n"
                    if !c.artifacts.isEmpty {
                        // The attachment convention Jenkins and GitLab read.
                        let files = c.artifacts.sorted { $0.key < $1.key }.map { "[[ATTACHMENT|\(TerminalText.safe($0.value))]]" }.joined(separator: "\n")
                        out += "      <system-out>\(escape(files))</system-out>\n"
                    }
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// One value (a name, a path, a message) as an attribute or character data: shown as the terminal shows it.
    static func attribute(_ s: String) -> String { escape(TerminalText.safe(s)) }

    /// Text as XML character data or an attribute value. The line feeds between lines the report joined are kept;
    /// every other scalar the terminal rule calls unsafe (XML 1.0 forbids most of them) is shown as `safe` shows it.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out.unicodeScalars.append(scalar)
            case let c where TerminalText.isUnsafe(c): out += TerminalText.visible(c)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Every snapshot's status and artifact paths as one JSON object. `sheetlab merge-reports` reads it back
/// (`ShardReport`): a key added here is optional there.
enum JSONReport {
    static func data(_ results: [SnapshotResult], summary: SuiteRun.Counts, command: String, shard: Shard? = nil) throws -> Data {
        let snapshots: [[String: Any]] = results.map { r in
            var o: [String: Any] = ["scenario": r.scenario, "file": r.file, "snapshot": r.snapshot, "status": r.status.rawValue,
                                    "message": r.message, "ms": (r.milliseconds * 10).rounded() / 10, "artifacts": r.artifacts]
            if let g = r.golden { o["golden"] = g }
            if !r.details.isEmpty { o["details"] = r.details }
            if let c = r.change { o["change"] = c.rawValue }
            return o
        }
        var object: [String: Any] = ["command": command,
                                     "summary": ["passed": summary.passed, "failed": summary.failed, "written": summary.written],
                                     "snapshots": snapshots]
        if let shard { object["shard"] = shard.description }
        var data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        data.append(10)
        return data
    }
}
