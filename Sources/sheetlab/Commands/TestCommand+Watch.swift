import Foundation
import Platform
import SheetKit

/// `sheetlab test PATH --watch`: the suite once, then again for each scenario whose inputs change, until Ctrl+C
/// (issue 35; as `jest --watch` and `vitest` do). A scenario's inputs are its own file, the config and script files it
/// names, the configs its script reloads, the reference screenshots its snapshots match, its goldens folder and the
/// suite's `sheetlab-test.json`; a scenario added under PATH is run as it appears.
extension TestCommand {
    static let watch = Option<Bool>.flag("watch", help: "after the run, run again each scenario whose file, config, script, reloads or goldens change, until Ctrl+C")

    /// How often the inputs are looked at, and how long a change must hold still before the run (an editor's save in
    /// several writes is one change).
    static let watchPoll: useconds_t = 250_000

    /// What a file looked like: its size and modification time, or nil when it is missing.
    struct Stamp: Equatable {
        var size: Int64
        var modified: Double
    }

    static func stamp(_ path: String) -> Stamp? {
        guard let a = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let size = (a[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return Stamp(size: size, modified: modified)
    }

    /// The files a scenario reads, by path. A scenario that does not load is watched by its own file only.
    static func inputs(of file: String, goldenDir: String) -> [String] {
        var out = [file]
        let goldens = goldensDirectory(of: file, goldenDir)
        out.append(goldens)
        if let names = try? FileManager.default.contentsOfDirectory(atPath: goldens) {
            out += names.sorted().map { (goldens as NSString).appendingPathComponent($0) }
        }
        guard let scenario = try? Inputs.load(Scenario.self, file).value else { return out }
        let directory = Inputs.directory(of: file)
        if case .path(let p)? = scenario.config { out.append((directory as NSString).appendingPathComponent(p)) }
        // The reference screenshots its snapshots `match`.
        out += Set(scenario.snapshots.compactMap { $0.matches.map { Inputs.resolve($0.image, relativeTo: directory) } }).sorted()
        var scriptBase = directory
        var steps: [Step] = []
        switch scenario.script {
        case .path(let p)?:
            let script = (directory as NSString).appendingPathComponent(p)
            out.append(script)
            scriptBase = Inputs.directory(of: script)
            steps = (try? Inputs.load(Script.self, script).value.steps) ?? []
        case .inline(let node)?:
            steps = (try? Inputs.load(Script.self, inline: node, in: file, at: KeyPath.root / "script").value.steps) ?? []
        case nil: break
        }
        for step in steps { if case .reload(let p) = step.action { out.append((scriptBase as NSString).appendingPathComponent(p)) } }
        return out
    }

    /// Every scenario under `path` (or `path` itself) with the stamps of its inputs.
    /// `previous` is the last poll's: a scenario none of whose inputs changed keeps its list of inputs, so a poll only
    /// reads the files' attributes and parses a scenario and its script again only when one of them changed.
    static func snapshotInputs(_ path: String, isDirectory: Bool, goldenDir: String,
                               previous: [String: [String: Stamp?]] = [:]) -> [String: [String: Stamp?]] {
        let files = isDirectory ? LoadedScenario.find(in: path) : [path]
        // The suite's tolerances concern every scenario: the settings file at PATH (made or edited) and the one in force.
        let folder = isDirectory ? path : Inputs.directory(of: path)
        let suite = [(folder as NSString).appendingPathComponent(SuiteSettings.fileName)] + [settingsFile(from: folder)].compactMap { $0 }
        var out: [String: [String: Stamp?]] = [:]
        for file in files {
            if let known = previous[file] {
                let again = Dictionary(uniqueKeysWithValues: known.keys.map { ($0, stamp($0)) })
                if again == known { out[file] = known; continue }
            }
            var stamps: [String: Stamp?] = [:]
            for input in inputs(of: file, goldenDir: goldenDir) + suite { stamps[input] = stamp(input) }
            out[file] = stamps
        }
        return out
    }

    /// Runs the suite, then each scenario whose inputs changed, forever (until SIGINT or SIGTERM: then status 0).
    static func runWatching(_ args: ParsedArguments, path: String, isDirectory: Bool) throws -> Int32 {
        if let ci = ProcessInfo.processInfo.environment["CI"], !ci.isEmpty {
            throw InputError(file: "--watch", "waits for changes until Ctrl+C, which a CI run never sends (CI=\(ci)): run it on a development machine")
        }
        if args.isSet(Options.prune) || args.values[Options.shard.name] != nil {
            throw InputError(file: "--watch", "runs the scenarios that change: not with --prune or --shard")
        }
        var once = args
        once.values[watch.name] = nil
        QuitSignals.install()
        let fingerprint = RenderFingerprint.current()
        let goldenDir = try settings(from: isDirectory ? path : Inputs.directory(of: path))
            .goldenDirectory(platform: fingerprint.platform, fingerprint: fingerprint.id)
        runReporting(once)
        var seen = snapshotInputs(path, isDirectory: isDirectory, goldenDir: goldenDir)
        Console.out("watching \(seen.count) scenario\(seen.count == 1 ? "" : "s") under \(TerminalText.safe(path)) for changes (Ctrl+C ends)")
        while !QuitSignals.received {
            usleep(watchPoll)
            var now = snapshotInputs(path, isDirectory: isDirectory, goldenDir: goldenDir, previous: seen)
            var changed = now.keys.filter { now[$0]! != seen[$0] ?? [:] }.sorted()
            guard !changed.isEmpty else { continue }
            // Let a save in several writes finish: the same stamps twice in a row.
            while true {
                usleep(watchPoll)
                let again = snapshotInputs(path, isDirectory: isDirectory, goldenDir: goldenDir, previous: now)
                if again == now { break }
                now = again
            }
            changed = now.keys.filter { now[$0]! != seen[$0] ?? [:] }.sorted()
            for file in changed {
                let what = (now[file] ?? [:]).keys.filter { now[file]![$0] != seen[file]?[$0] ?? nil }.sorted()
                    .map { TerminalText.safe(($0 as NSString).lastPathComponent) }
                Console.out("changed: \(TerminalText.safe(file)) (\(what.joined(separator: ", ")))")
                var single = once
                single.positionals = [file]
                runReporting(single)
            }
            // What the runs wrote (goldens under --update) is not a change of their own.
            seen = snapshotInputs(path, isDirectory: isDirectory, goldenDir: goldenDir)
        }
        return 0
    }

    /// One run; an error that stops it (a broken sheetlab-test.json, an unreadable folder) is printed as the command
    /// would print it, and the watch goes on: fix it and save.
    private static func runReporting(_ args: ParsedArguments) {
        do { _ = try run(args) } catch {
            for line in failureLines(error, command: spec) { Console.errorLines(line) }
        }
    }
}
