import Foundation
import Platform
import Raster
import SheetKit

/// One `sheetlab test` run as it goes: the counts, the failures for the closing list, and how each snapshot is checked.
/// Every snapshot ends as exactly one of passed, failed or written.
@MainActor
struct SuiteRun {
    struct Counts {
        var passed = 0
        var failed = 0
        var written = 0
    }

    /// The folder paths are relative to (the scenario file's folder when PATH is a file).
    var root: String
    var mode: RecordMode?
    /// Where failure artifacts go instead of `__failures__` beside each scenario.
    var output: String?
    /// The command that re-records: what goes before the `--update` option, and the filters after it.
    var recordCommand: (head: String, filters: String)
    var counts = Counts()
    /// Lines for the list at the end: `<label>: <artifacts or reason>`.
    var failures: [String] = []
    /// Snapshots checked (after --grep).
    var ran = 0
    /// Every snapshot's result, in suite order, for the reporters.
    var results: [SnapshotResult] = []
    /// The queue `execute` runs.
    var steps: [Step] = []
    /// The suite's default tolerances (`sheetlab-test.json`).
    var suiteTolerances = ToleranceSettings()
    /// Goldens folders this run wrote into: their fingerprint is rewritten.
    var writtenRoots: Set<String> = []

    init(root: String, mode: RecordMode?, output: String?, recordCommand: (head: String, filters: String)) {
        self.root = root; self.mode = mode; self.output = output; self.recordCommand = recordCommand
    }

    /// The command that re-records what this run ran, in `mode`.
    func command(_ mode: RecordMode) -> String { "\(recordCommand.head) \(mode)\(recordCommand.filters)" }

    /// A failure that is not one snapshot's: a scenario that does not load, names that collide.
    mutating func fail(_ line: String, entry: String, details: [String] = [], scenario: String, file: String) {
        steps.append(.done(Outcome(status: .failed, lines: ["FAIL " + line] + details.map { "  " + $0 }, entry: entry,
                                   result: SnapshotResult(scenario: scenario, file: file, snapshot: "", status: .failed, message: line,
                                                          details: details))))
    }

    /// What the run does, in suite order: outcomes known already, and snapshots to check.
    enum Step {
        case done(Outcome)
        case pending(Job)
    }

    /// How one snapshot ended: what to print, the entry for the failure list, the result for reporters.
    struct Outcome: Codable {
        var status: SnapshotResult.Status
        var lines: [String]
        var entry: String?
        var result: SnapshotResult
        /// The goldens folder written into, when a golden was written.
        var wroteRoot: String?
    }

    /// Counts, prints and records an outcome, in suite order.
    mutating func apply(_ outcome: Outcome) {
        switch outcome.status {
        case .passed: counts.passed += 1
        case .failed: counts.failed += 1
        case .written: counts.written += 1
        }
        if let entry = outcome.entry { failures.append(entry) }
        if let root = outcome.wroteRoot { writtenRoots.insert(root) }
        for line in outcome.lines { Console.out(line) }
        results.append(outcome.result)
    }

    /// Where a scenario's failure artifacts go.
    func artifactsDirectory(of loaded: LoadedScenario) -> String {
        guard let output else { return loaded.failuresDirectory }
        var relative = loaded.directory.hasPrefix(root) ? String(loaded.directory.dropFirst(root.count)) : loaded.directory
        while relative.hasPrefix("/") { relative.removeFirst() }
        return ((output as NSString).appendingPathComponent(relative) as NSString).appendingPathComponent(loaded.name)
    }

    /// Queues a snapshot's check; `execute` runs the queue.
    mutating func check(_ snapshot: Scenario.Snapshot, of loaded: LoadedScenario, file: String) {
        ran += 1
        steps.append(.pending(Job(snapshot: snapshot, loaded: loaded, file: file, mode: mode, artifacts: artifactsDirectory(of: loaded),
                                  tolerance: loaded.scenario.tolerance(of: snapshot, suite: suiteTolerances), commands: commands)))
    }

    /// The re-record commands a hint prints.
    var commands: (missing: String, changed: String) { (command(.missingOnly), command(.changedOnly)) }

    /// Mask rectangles in points as whole pixels, grown outward so that no pixel is half masked.
    nonisolated static func maskRects(_ mask: [Rect], scale: Double) -> [RectF] {
        mask.map { m in
            let x0 = (m.x * scale).rounded(.down), y0 = (m.y * scale).rounded(.down)
            let x1 = ((m.x + m.width) * scale).rounded(.up), y1 = ((m.y + m.height) * scale).rounded(.up)
            return RectF(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// Lists goldens no snapshot uses, and removes them with `prune`.
    mutating func report(unused: [String], prune: Bool) throws(PlatformFailure) {
        guard !unused.isEmpty else { return }
        for path in unused {
            if prune {
                do { try FileManager.default.removeItem(atPath: path) } catch { throw PlatformFailure(path, error: error) }
                Console.out("PRUNED \(path)")
                let folder = Inputs.directory(of: path)
                if let left = try? FileManager.default.contentsOfDirectory(atPath: folder), left.isEmpty {
                    try? FileManager.default.removeItem(atPath: folder)
                }
            } else {
                Console.out("unused golden \(path)")
            }
        }
        if !prune { Console.out("\(unused.count) unused golden\(unused.count == 1 ? "" : "s"): --prune removes them") }
    }

    /// The failure list, then the summary line.
    func finish() {
        if !failures.isEmpty {
            Console.out("failures (\(failures.count)):")
            for f in failures { Console.out("  " + f) }
        }
        Console.out("\(counts.passed) passed, \(counts.failed) failed" + (counts.written > 0 ? ", \(counts.written) written" : ""))
    }

    /// Writes a PNG, making its folder. Goldens are written as `render` writes PNGs (the Up filter, zlib level 3), so
    /// that recording costs about what checking does: on a 100-snapshot 1× suite 0.84–0.86 s to record against
    /// 0.55–0.82 s to check, where libpng's adaptive filters at level 9 took 5.5–5.8 s for 10 % smaller files
    /// (4.6 against 5.1 MB). Failure artifacts, thrown away, are written fastest.
    nonisolated static func write(_ pixmap: Pixmap, to path: String, effort: PNGEffort = .balanced) throws(PlatformFailure) {
        do {
            try FileManager.default.createDirectory(atPath: Inputs.directory(of: path), withIntermediateDirectories: true)
            try ImageFiles.writePNG(pixmap, to: path, effort: effort)
        } catch {
            throw PlatformFailure(path, error: error)
        }
    }

    /// Writes failure artifacts; the reason they could not be, or nil. A failure is counted once either way.
    /// The images are written at the same time (a 3× failure's four PNGs are most of its cost); the first
    /// problem, in the images' order, is the one reported.
    nonisolated static func writeArtifacts(_ images: [(Pixmap, String)], base: String) -> String? {
        let problems = Problems(count: images.count)
        // Largest first: the side-by-side (three frames wide) is the longest write, and the smaller ones fit beside it.
        let order = images.indices.sorted { images[$0].0.pixels.count > images[$1].0.pixels.count }
        DispatchQueue.concurrentPerform(iterations: images.count) { n in
            let i = order[n]
            do throws(PlatformFailure) { try write(images[i].0, to: base + images[i].1, effort: .fastest) } catch {
                problems.set(i, "\(error.subject): \(error.message) (--output DIR writes them to another folder)")
            }
        }
        return problems.first
    }

    private final class Problems: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String?]
        init(count: Int) { list = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ problem: String) { lock.lock(); list[i] = problem; lock.unlock() }
        var first: String? { lock.lock(); defer { lock.unlock() }; return list.compactMap { $0 }.first }
    }

    nonisolated static func removeArtifacts(of snapshot: Scenario.Snapshot, in folder: String) {
        for suffix in SuiteRun.Job.artifactSuffixes.values {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(snapshot.name + suffix))
        }
        // Leave no empty failure folders behind.
        if let left = try? FileManager.default.contentsOfDirectory(atPath: folder), left.isEmpty {
            try? FileManager.default.removeItem(atPath: folder)
            let parent = Inputs.directory(of: folder)
            if let rest = try? FileManager.default.contentsOfDirectory(atPath: parent), rest.isEmpty {
                try? FileManager.default.removeItem(atPath: parent)
            }
        }
    }
}
