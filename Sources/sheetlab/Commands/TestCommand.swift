import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// `sheetlab test`: plays each scenario, renders its snapshots and compares them with the goldens.
@MainActor
enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        usage: "test DIR [--update] [--shard I/N]",
        summary: """
        Finds *.scenario.json under DIR, plays each script on the virtual clock, renders every snapshot
        and compares it with __goldens__/<scenario>/<name>.png beside the scenario: exact RGBA unless the
        scenario sets maxChannelDelta, maxDiffPixels or maxDiffRatio. A failure writes
        __failures__/<scenario>/<name>.actual.png, .diff.png and .side-by-side.png (expected | diff | actual).
        Missing goldens fail. --update writes missing goldens and rewrites those whose pixels changed.
        Ends with "N passed, N failed"; exit 1 on any failure.
        """,
        options: [Options.update, Options.shard],
        positionals: 1...1,
        run: run)

    struct Counts {
        var passed = 0
        var failed = 0
    }

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let root = args.positionals[0]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { throw InputError(file: root, "no such folder") }
        guard isDirectory.boolValue else { throw InputError(file: root, "is a file; give the folder that holds the scenarios") }
        let update = args.isSet(Options.update)
        let shard = try args.value(Options.shard)
        var files = LoadedScenario.find(in: root)
        if let shard {
            files = files.enumerated().filter { shard.contains($0.offset) }.map(\.element)
            Console.out("shard \(shard): \(files.count) scenario\(files.count == 1 ? "" : "s")")
        }
        if files.isEmpty { Console.out("no *.scenario.json under \(root)") }
        var recordCommand = "sheetlab test \(shellQuoted(root)) --update"
        if let shard { recordCommand += " --shard \(shard)" }

        var counts = Counts()
        for file in files {
            let loaded: LoadedScenario
            do { loaded = try LoadedScenario.load(file) } catch {
                counts.failed += 1
                Console.out("FAIL \(file): the scenario does not load")
                for line in failureLines(error, counted: false) { Console.out("  " + line) }
                continue
            }
            Console.warnings(loaded.document.warnings)
            for snapshot in loaded.scenario.snapshots {
                do {
                    try check(snapshot, of: loaded, update: update, recordCommand: recordCommand, counts: &counts)
                } catch {
                    counts.failed += 1
                    Console.out("FAIL \(loaded.name)/\(snapshot.name): " + error.description)
                }
            }
        }
        Console.out("\(counts.passed) passed, \(counts.failed) failed")
        return counts.failed > 0 ? 1 : 0
    }

    static func shellQuoted(_ s: String) -> String {
        s.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Renders one snapshot on a fresh renderer, so that what came before cannot change its pixels.
    static func render(_ snapshot: Scenario.Snapshot, of loaded: LoadedScenario) throws(PlatformFailure) -> Pixmap {
        let engine = loaded.simulation.engine(at: snapshot.at)
        let setup = engine.setup
        let scale = snapshot.scale ?? loaded.scenario.scale ?? setup.canvas.scale
        let renderer = try RenderResources.renderer(loaded.document, setup: setup, scale: scale)
        renderer.render(SheetVisual(engine: engine))
        return renderer.frame
    }

    static func check(_ snapshot: Scenario.Snapshot, of loaded: LoadedScenario, update: Bool, recordCommand: String,
                      counts: inout Counts) throws(PlatformFailure) {
        let label = "\(loaded.name)/\(snapshot.name)"
        let actual = try render(snapshot, of: loaded)
        let golden = (loaded.goldensDirectory as NSString).appendingPathComponent("\(snapshot.name).png")
        let failures = loaded.failuresDirectory
        let exists = FileManager.default.fileExists(atPath: golden)
        var expected: Pixmap?
        if exists {
            do { expected = try ImageFiles.read(golden) } catch { throw PlatformFailure(golden, "\(error)") }
        }

        if update {
            if let expected, expected == actual {
                counts.passed += 1
                Console.out("ok   \(label) (golden unchanged)")
            } else {
                try write(actual, to: golden)
                counts.passed += 1
                Console.out("WROTE \(label) → \(golden) (\(exists ? "changed" : "new"), \(actual.width)×\(actual.height))")
            }
            removeArtifacts(of: snapshot, in: failures)
            return
        }

        guard let expected else {
            counts.failed += 1
            try write(actual, to: (failures as NSString).appendingPathComponent("\(snapshot.name).actual.png"))
            Console.out("FAIL \(label): no golden at \(golden)")
            Console.out("     to record it: \(recordCommand)")
            return
        }
        let tolerance = loaded.scenario.tolerance
        let comparison = ImageComparison(expected: expected, actual: actual, channelDelta: tolerance.channelDelta)
        let allowed = tolerance.allowedPixels(of: comparison.total)
        if comparison.sizesMatch && comparison.differing <= allowed {
            counts.passed += 1
            Console.out("ok   \(label)" + (comparison.differing > 0 || comparison.largestDelta > 0
                ? " (\(comparison.differing) pixels differ, within tolerance)" : ""))
            removeArtifacts(of: snapshot, in: failures)
            return
        }

        counts.failed += 1
        let base = (failures as NSString).appendingPathComponent(snapshot.name)
        var diff = ImageComparison.diffImage(expected: expected, actual: actual, channelDelta: tolerance.channelDelta)
        if let box = comparison.boundingBox { ImageComparison.outline(box, in: &diff) }
        try write(actual, to: base + ".actual.png")
        try write(diff, to: base + ".diff.png")
        try write(ImageComparison.sideBySide([expected, diff, actual]), to: base + ".side-by-side.png")
        Console.out("FAIL \(label): " + describe(comparison, allowed: allowed))
        Console.out("     expected \(golden)")
        Console.out("     actual   \(base).actual.png")
        Console.out("     diff     \(base).diff.png (red: brighter, blue: darker), and \(base).side-by-side.png")
        Console.out("     to accept the new look: \(recordCommand)")
    }

    static func describe(_ c: ImageComparison, allowed: Int) -> String {
        var parts: [String] = []
        if !c.sizesMatch {
            parts.append("size \(c.actualSize.width)×\(c.actualSize.height), expected \(c.expectedSize.width)×\(c.expectedSize.height)")
        } else {
            parts.append("size \(c.actualSize.width)×\(c.actualSize.height)")
        }
        let percent = String(format: "%.4f", c.ratio * 100)
        parts.append("\(c.differing) of \(c.total) pixels differ (\(percent) %; \(allowed) allowed)")
        parts.append("largest channel delta \(c.largestDelta)")
        if let b = c.boundingBox { parts.append("within x \(b.x)…\(b.maxX - 1), y \(b.y)…\(b.maxY - 1)") }
        if let f = c.first {
            func rgba(_ p: StraightRGBA8?) -> String { p.map { "rgba(\($0.r), \($0.g), \($0.b), \($0.a))" } ?? "none" }
            parts.append("first at (\(f.x), \(f.y)): expected \(rgba(f.expected)), actual \(rgba(f.actual))")
        }
        return parts.joined(separator: "; ")
    }

    static func write(_ pixmap: Pixmap, to path: String) throws(PlatformFailure) {
        do {
            try FileManager.default.createDirectory(atPath: Inputs.directory(of: path), withIntermediateDirectories: true)
            try ImageFiles.writePNG(pixmap, to: path)
        } catch {
            throw PlatformFailure(path, "\(error)")
        }
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
