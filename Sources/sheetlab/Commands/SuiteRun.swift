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
    /// The suite's default tolerances (`sheetlab-test.json`).
    var suiteTolerances = ToleranceSettings()
    /// Goldens folders this run wrote into: their fingerprint is rewritten.
    var writtenRoots: Set<String> = []

    init(root: String, mode: RecordMode?, output: String?, recordCommand: (head: String, filters: String)) {
        self.root = root; self.mode = mode; self.output = output; self.recordCommand = recordCommand
    }

    /// The command that re-records what this run ran, in `mode`.
    func command(_ mode: RecordMode) -> String { "\(recordCommand.head) \(mode)\(recordCommand.filters)" }

    mutating func fail(_ line: String, entry: String, details: [String] = []) {
        counts.failed += 1
        failures.append(entry)
        Console.out("FAIL " + line)
        for d in details { Console.out("  " + d) }
    }

    /// Where a scenario's failure artifacts go.
    func artifactsDirectory(of loaded: LoadedScenario) -> String {
        guard let output else { return loaded.failuresDirectory }
        var relative = loaded.directory.hasPrefix(root) ? String(loaded.directory.dropFirst(root.count)) : loaded.directory
        while relative.hasPrefix("/") { relative.removeFirst() }
        return ((output as NSString).appendingPathComponent(relative) as NSString).appendingPathComponent(loaded.name)
    }

    mutating func check(_ snapshot: Scenario.Snapshot, of loaded: LoadedScenario) {
        ran += 1
        let label = "\(loaded.name)/\(snapshot.name)"
        let actual: Pixmap
        do { actual = try TestCommand.render(snapshot, of: loaded) } catch {
            fail("\(label): " + error.description, entry: "\(label): \(error.message)")
            return
        }
        let golden = (loaded.goldensDirectory as NSString).appendingPathComponent("\(snapshot.name).png")
        let artifacts = artifactsDirectory(of: loaded)
        let base = (artifacts as NSString).appendingPathComponent(snapshot.name)

        var standing: RecordMode.Standing
        var comparison: ImageComparison?
        var expected: Pixmap?
        var unreadable = ""
        let tolerance = loaded.scenario.tolerance(of: snapshot, suite: suiteTolerances)
        let masks = snapshot.mask.isEmpty ? []
            : Self.maskRects(snapshot.mask, scale: Double(actual.width) / loaded.simulation.engine(at: snapshot.at).setup.canvas.width)
        var compared = actual
        switch GoldenFile.read(golden) {
        case .missing: standing = .missing
        case .unreadable(let reason): standing = .unreadable; unreadable = reason
        case .image(var image):
            if !masks.isEmpty {
                ImageComparison.mask(masks, in: &image)
                ImageComparison.mask(masks, in: &compared)
            }
            expected = image
            let c = ImageComparison(expected: image, actual: compared, channelDelta: tolerance.channelDelta, threshold: tolerance.threshold)
            comparison = c
            if image == compared { standing = .identical } else if c.sizesMatch && c.differing <= tolerance.allowedPixels(of: c.total) {
                standing = .withinTolerance
            } else { standing = .failing }
        }

        if let mode, mode.writes(standing) {
            do { try Self.write(actual, to: golden) } catch {
                fail("\(label): " + error.description, entry: "\(label): golden not written")
                return
            }
            counts.written += 1
            writtenRoots.insert((loaded.directory as NSString).appendingPathComponent(loaded.goldenDir))
            let why = switch standing { case .missing: "new"; case .unreadable: "replaced"; case .withinTolerance: "within tolerance"; default: "changed" }
            Console.out("WROTE \(label) → \(golden) (\(why), \(actual.width)×\(actual.height))")
            Self.removeArtifacts(of: snapshot, in: artifacts)
            return
        }

        switch standing {
        case .identical, .withinTolerance:
            counts.passed += 1
            if let c = comparison, c.changed > 0 {
                Console.out("ok   \(label) (\(TestCommand.withinTolerance(c, tolerance)))")
            } else {
                Console.out("ok   \(label)")
            }
            Self.removeArtifacts(of: snapshot, in: artifacts)
        case .missing, .unreadable:
            let problem = Self.writeArtifacts([(actual, ".actual.png")], base: base)
            let what = standing == .missing ? "no golden at \(golden)" : "the golden \(golden) \(unreadable)"
            fail("\(label): \(what)", entry: "\(label): \(standing == .missing ? "no golden" : "unreadable golden"); "
                 + (problem.map { "artifacts not written (\($0))" } ?? "\(base).actual.png"))
            if let problem { Console.out("     artifacts not written: \(problem)") } else { Console.out("     actual   \(base).actual.png") }
            Console.out(standing == .missing ? "     to record it: \(command(.missingOnly))" : "     to replace it: \(command(.changedOnly))")
        case .failing:
            guard let expected, let c = comparison else { return }
            var diff = ImageComparison.diffImage(expected: expected, actual: compared, channelDelta: tolerance.channelDelta,
                                                 threshold: tolerance.threshold)
            if let box = c.boundingBox { ImageComparison.outline(box, in: &diff) }
            let problem = Self.writeArtifacts([(actual, ".actual.png"), (diff, ".diff.png"),
                                               (ImageComparison.sideBySide([expected, diff, actual]), ".side-by-side.png")], base: base)
            fail("\(label): " + TestCommand.describe(c, tolerance: tolerance),
                 entry: "\(label): " + (problem.map { "artifacts not written (\($0))" } ?? "\(base).diff.png (also .actual.png, .side-by-side.png)"))
            Console.out("     expected \(golden)")
            if let problem {
                Console.out("     artifacts not written: \(problem)")
            } else {
                Console.out("     actual   \(base).actual.png")
                Console.out("     diff     \(base).diff.png (red: brighter, blue: darker), and \(base).side-by-side.png")
            }
            Console.out("     to accept the new look: \(command(.changedOnly))")
        }
    }

    /// Mask rectangles in points as whole pixels, grown outward so that no pixel is half masked.
    static func maskRects(_ mask: [Scenario.MaskRect], scale: Double) -> [RectF] {
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
                do { try FileManager.default.removeItem(atPath: path) } catch { throw PlatformFailure(path, "\(error)") }
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

    static func write(_ pixmap: Pixmap, to path: String) throws(PlatformFailure) {
        do {
            try FileManager.default.createDirectory(atPath: Inputs.directory(of: path), withIntermediateDirectories: true)
            try ImageFiles.writePNG(pixmap, to: path)
        } catch {
            throw PlatformFailure(path, "\(error)")
        }
    }

    /// Writes failure artifacts; the reason they could not be, or nil. A failure is counted once either way.
    static func writeArtifacts(_ images: [(Pixmap, String)], base: String) -> String? {
        for (image, suffix) in images {
            do { try write(image, to: base + suffix) } catch { return error.description }
        }
        return nil
    }

    static func removeArtifacts(of snapshot: Scenario.Snapshot, in folder: String) {
        for suffix in [".actual.png", ".diff.png", ".side-by-side.png"] {
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
