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
        usage: "test PATH [--update[=missing|changed|all]] [--grep PATTERN] [--shard I/N] [--output DIR] [--prune] [--reporter KIND=PATH …] [--jobs N] [--watch]",
        summary: """
        PATH is a folder (every *.scenario.json under it) or one scenario file. Plays each script on the virtual
        clock, renders every snapshot and compares it with __goldens__/<scenario>/<name>.png beside the scenario:
        exact RGBA unless a snapshot, its scenario or the suite's sheetlab-test.json (found at PATH or above) sets
        maxChannelDelta, threshold (YIQ distance 0…1, as pixelmatch), maxDiffPixels or maxDiffRatio; the innermost
        level setting a key wins. A snapshot's "mask": [[x, y, w, h], …] (points) is painted one colour in both
        images first. A snapshot's "matches": "ref.png" (or {"image": …, "tolerance": {"pt": 2, …}}) also holds the
        frame to a reference screenshot, feature by feature, as measure --against does; a failed match fails the
        snapshot, names the features and writes <name>.match.png (reference | diff | actual). sheetlab-test.json's "goldenDir" ("__goldens__/{platform}" or "__goldens__/{fingerprint}")
        keeps goldens per CI image. __goldens__/fingerprint.json records the fonts and renderer version that made
        the goldens; a run on a machine that differs says so first. A failure writes
        <name>.actual.png, .expected.png (the golden's copy), .diff.png, .side-by-side.png (expected | diff | actual) and
        .zoom.png (the changed region enlarged) to __failures__/<scenario>/
        beside the scenario, or to DIR/<folder>/<scenario>/ with --output DIR. Missing goldens fail.
        --update=missing writes only new goldens, --update=changed only failing ones (and goldens that are not
        readable PNGs), --update=all every one whose pixels changed; bare --update is missing and changed.
        A golden passing within its tolerance is rewritten only by all. With CI set, writing is refused (exit 2).
        --grep PATTERN is a regular expression searched in "<scenario>/<snapshot>" (a plain name matches as a
        substring): only matching snapshots run. Goldens that no snapshot uses are listed; --prune removes them.
        Ends with the list of failures and their artifacts, then "N passed, N failed" (", N written" when it
        wrote); exit 1 on any failure, or when PATH holds no scenario. --watch then waits, and runs again each
        scenario whose file, config, script, reloaded configs, reference screenshots or goldens change (and each new
        one), until Ctrl+C.
        """,
        options: [Options.update, Options.grep, Options.shard, Options.output, Options.prune, Options.reporter, Options.jobs, watch],
        positionals: 1...1,
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let path = args.positionals[0]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw InputError(file: path, "no such file or folder") }
        if args.isSet(watch) { return try runWatching(args, path: path, isDirectory: isDirectory.boolValue) }
        let mode = try args.value(Options.update)
        let pattern = try args.value(Options.grep)
        let shard = try args.value(Options.shard)
        let prune = args.isSet(Options.prune)
        let reporters = try reporters(args)
        let jobs = try args.value(Options.jobs)
        let worker = SuiteRun.worker
        var grep: NSRegularExpression?
        if let pattern {
            do { grep = try NSRegularExpression(pattern: pattern) } catch {
                throw InputError(file: "--grep", "'\(pattern)' is not a regular expression")
            }
        }
        if prune && (!isDirectory.boolValue || grep != nil || shard != nil) {
            throw InputError(file: "--prune", "needs the whole suite: give its folder, without --grep or --shard")
        }
        if mode != nil || prune, let refusal = RecordMode.refusal(environment: ProcessInfo.processInfo.environment, pruning: mode == nil) {
            Console.error("sheetlab: test: \(refusal)")
            return 2
        }

        let root = isDirectory.boolValue ? path : Inputs.directory(of: path)
        let settings = try settings(from: root)
        let fingerprint = RenderFingerprint.current()
        let goldenDir = settings.goldenDirectory(platform: fingerprint.platform, fingerprint: fingerprint.id)
        var files: [String]
        if isDirectory.boolValue {
            let found = LoadedScenario.search(path)
            files = found.scenarios
            for m in found.misnamed {
                Console.error("sheetlab: \(m.path): rename it \(m.meant); only *.scenario.json files are scenarios")
            }
            if files.isEmpty {
                Console.error("sheetlab: no *.scenario.json under \(path)" + (found.misnamed.isEmpty ? "" : " (\(found.misnamed.count) misnamed, above)"))
                return 1
            }
        } else {
            guard path.hasSuffix(LoadedScenario.suffix) else { throw InputError(file: path, "a scenario file is named *\(LoadedScenario.suffix)") }
            files = [path]
        }
        if let shard {
            files = files.enumerated().filter { shard.contains($0.offset) }.map(\.element)
            if worker == nil { Console.out("shard \(shard): \(files.count) scenario\(files.count == 1 ? "" : "s")") }
        }

        let command = "sheetlab test \(shellQuoted(path))"
        var filters = ""
        if let pattern { filters += " --grep \(shellQuoted(pattern))" }
        // `merge-reports` takes the command up to --shard as the suite's: what may differ between shards goes after it.
        if let shard { filters += " --shard \(shard)" }
        if let output = try args.value(Options.output) { filters += " --output \(shellQuoted(output))" }
        var suite = SuiteRun(root: root, mode: mode, output: try args.value(Options.output), recordCommand: (command, filters))
        suite.suiteTolerances = settings.tolerances

        let roots = Array(Set(files.map { goldensRoot(of: $0, goldenDir) })).sorted()
        if worker == nil {
            for line in fingerprintMismatches(roots: roots, current: fingerprint, command: command) { Console.out(line) }
        }

        let collisions = caseCollisions(files, goldenDir)
        var used: [String: Set<String>?] = [:]
        for file in files {
            if let other = collisions[file] {
                suite.fail("\(file): \"\(name(of: file))\" and \"\(name(of: other))\" differ only in case; their goldens would collide "
                           + "on macOS and Windows checkouts", entry: "\(file): scenario names differ only in case",
                           scenario: name(of: file), file: file)
                continue
            }
            var loaded: LoadedScenario
            do { loaded = try LoadedScenario.load(file) } catch {
                // With --grep, a scenario that does not load counts only when the filter could take it: its snapshots'
                // names are unknown, so the test is its own name (what every "<scenario>/<snapshot>" label starts with).
                if let grep, !Self.grepCouldMatch(grep, scenario: name(of: file)) {
                    used[goldensDirectory(of: file, goldenDir)] = .some(nil)
                    continue
                }
                suite.fail("\(file): the scenario does not load", entry: "\(file): the scenario does not load",
                           details: failureLines(error, counted: false), scenario: name(of: file), file: file)
                used[goldensDirectory(of: file, goldenDir)] = .some(nil)
                continue
            }
            loaded.goldenDir = goldenDir
            Console.warnings(loaded.document.warnings)
            var names: Set<String> = []
            for snapshot in loaded.scenario.snapshots {
                names.insert(snapshot.name)
                let label = "\(loaded.name)/\(snapshot.name)"
                if let grep, grep.firstMatch(in: label, range: NSRange(label.startIndex..., in: label)) == nil { continue }
                suite.check(snapshot, of: loaded, file: file)
            }
            used[loaded.goldensDirectory] = names
        }
        if let worker {
            suite.work(as: worker)
            return 0
        }
        suite.execute(jobs: jobs, arguments: Array(CommandLine.arguments.dropFirst()))
        if let pattern, suite.ran == 0 {
            Console.error("sheetlab: no snapshot under \(path) matches --grep \(pattern)")
            return 1
        }
        if isDirectory.boolValue && grep == nil && shard == nil {
            let unused = UnusedGoldens.find(scenarios: files, used: used, goldenDir: goldenDir)
            try suite.report(unused: unused, prune: prune)
        }
        // Goldens recorded before fingerprints existed get this machine's when any recording mode runs; `--update=all`
        // (what a fingerprint mismatch says to run) makes every goldens folder this machine's, also when no pixel moved.
        let unstamped = mode == nil ? [] : roots.filter { root in
            FileManager.default.fileExists(atPath: root)
                && (mode == .all || !FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(RenderFingerprint.fileName)))
        }
        for root in suite.writtenRoots.union(unstamped).sorted() {
            let file = (root as NSString).appendingPathComponent(RenderFingerprint.fileName)
            do { try fingerprint.write(to: file) } catch { throw PlatformFailure(file, error: error) }
        }
        writeReports(reporters, suite: &suite, command: command + filters, shard: shard)
        suite.finish()
        return suite.counts.failed > 0 ? 1 : 0
    }

    /// The goldens folder a scenario file's snapshots use.
    static func goldensDirectory(of file: String, _ goldenDir: String) -> String {
        (goldensRoot(of: file, goldenDir) as NSString).appendingPathComponent(name(of: file))
    }

    /// The goldens folder beside a scenario file, which holds its `fingerprint.json`.
    static func goldensRoot(of file: String, _ goldenDir: String) -> String {
        (Inputs.directory(of: file) as NSString).appendingPathComponent(goldenDir)
    }

    static func name(of file: String) -> String { String((file as NSString).lastPathComponent.dropLast(LoadedScenario.suffix.count)) }

    /// Scenario files whose names differ only in case in one folder, each with one it collides with.
    static func caseCollisions(_ files: [String], _ goldenDir: String) -> [String: String] {
        let groups = Dictionary(grouping: files) { goldensDirectory(of: $0, goldenDir).lowercased() }
        var collisions: [String: String] = [:]
        for group in groups.values where group.count > 1 {
            for (i, file) in group.enumerated() { collisions[file] = group[(i + 1) % group.count] }
        }
        return collisions
    }

    static func shellQuoted(_ s: String) -> String {
        s.allSatisfy { $0.isLetter || $0.isNumber || "/._-".contains($0) } ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Renders one snapshot on a fresh renderer (the scene's drawing is shared), so that what came before cannot
    /// change its pixels; the sheet is the one in force at the snapshot's time, reloads included.
    /// Whether `grep` can match a label of scenario `scenario` whose snapshots are not known: it matches the name alone or
    /// the name with its slash, the part every "<scenario>/<snapshot>" label begins with.
    static func grepCouldMatch(_ grep: NSRegularExpression, scenario: String) -> Bool {
        [scenario, scenario + "/"].contains { grep.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
    }

    static func render(_ snapshot: Scenario.Snapshot, of loaded: LoadedScenario) throws(PlatformFailure) -> Pixmap {
        let played = loaded.played(for: snapshot)
        let engine = played.simulation.engine(at: snapshot.at)
        let sheet = played.sheet(at: snapshot.at)
        let scale = snapshot.scale ?? loaded.scenario.scale ?? sheet.setup.canvas.scale
        let renderer = sheet.renderer(scale: scale, oneFrame: true)
        renderer.render(engine)
        guard let c = snapshot.crop else { return renderer.frame }
        let s = Double(scale)
        let rect = PixelRect(x: Int((c.x * s).rounded()), y: Int((c.y * s).rounded()),
                             width: Int((c.width * s).rounded()), height: Int((c.height * s).rounded()))
        let clipped = rect.clipped(width: renderer.frame.width, height: renderer.frame.height)
        guard !clipped.isEmpty else {
            throw PlatformFailure(loaded.name, "snapshot \"\(snapshot.name)\": crop [\(c.x.clean), \(c.y.clean), \(c.width.clean), \(c.height.clean)] is outside the \(sheet.setup.canvas.width.clean) × \(sheet.setup.canvas.height.clean) pt canvas")
        }
        return renderer.frame.cropped(clipped)
    }
}
