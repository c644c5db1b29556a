import Foundation
import SheetKit

extension TestCommand {
    /// The nearest `sheetlab-test.json` at or above `folder` (stopping at a repository's root), or nil.
    static func settingsFile(from folder: String) -> String? {
        let fm = FileManager.default
        var current = URL(fileURLWithPath: folder).standardizedFileURL
        for _ in 0..<32 {
            let candidate = current.appendingPathComponent(SuiteSettings.fileName).path
            if fm.fileExists(atPath: candidate) {
                // Keep the path as the user would write it when it is the folder given.
                return current.path == URL(fileURLWithPath: folder).standardizedFileURL.path
                    ? (folder as NSString).appendingPathComponent(SuiteSettings.fileName) : candidate
            }
            if fm.fileExists(atPath: current.appendingPathComponent(".git").path) || current.path == "/" { return nil }
            current.deleteLastPathComponent()
        }
        return nil
    }

    /// The suite's settings: from the nearest `sheetlab-test.json`, else the defaults. A bad file is an error with places.
    static func settings(from folder: String) throws(InputError) -> SuiteSettings {
        guard let file = settingsFile(from: folder) else { return SuiteSettings() }
        return try Inputs.load(SuiteSettings.self, file).value
    }

    /// One line per goldens folder whose fingerprint differs from this machine's: what differs and what to do.
    static func fingerprintMismatches(roots: [String], current: RenderFingerprint, command: String) -> [String] {
        roots.compactMap { root in
            let file = (root as NSString).appendingPathComponent(RenderFingerprint.fileName)
            guard let recorded = RenderFingerprint.read(file), let differences = current.differences(from: recorded) else { return nil }
            return "fingerprint: the goldens in \(root) were recorded with \(differences): "
                + "pixels may differ for that alone; re-record on this image with `\(command) --update=all`, "
                + "or keep goldens per platform with \"goldenDir\": \"__goldens__/{platform}\" in \(SuiteSettings.fileName)"
        }
    }
}

extension Options {
    static let reporter = Option<String?>.text(
        "reporter", "KIND=PATH",
        help: "also write a report, repeatable: junit=FILE (JUnit XML), json=FILE, html=DIR (a static page with the diffs)")
}

extension TestCommand {
    /// The `--reporter` options given, in order.
    static func reporters(_ args: ParsedArguments) throws(InputError) -> [Reporter] {
        var out: [Reporter] = []
        for text in args.repeated[Options.reporter.name] ?? [] {
            guard let r = Reporter(text) else { throw InputError(file: "--reporter", "\(Reporter.requirement), found '\(text)'") }
            out.append(r)
        }
        return out
    }

    /// Writes each report and says where; a report that cannot be written is a failure of the run.
    static func writeReports(_ reporters: [Reporter], suite: inout SuiteRun, command: String, shard: Shard? = nil) {
        for reporter in reporters {
            do {
                let path = try reporter.write(suite.results, summary: suite.counts, command: command, shard: shard)
                Console.out("report \(path)")
            } catch {
                suite.counts.failed += 1
                suite.failures.append("report not written: \(Console.reason(error))")
                Console.out("FAIL report not written: \(Console.reason(error))")
            }
        }
    }
}
