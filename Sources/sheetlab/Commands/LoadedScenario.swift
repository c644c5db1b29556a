import Foundation
import SheetKit

/// A scenario read from disk with everything it needs to play: config, script, snapshots.
struct LoadedScenario {
    /// The file name without `.scenario.json`: its goldens folder is named after it.
    var name: String
    var directory: String
    var scenario: Scenario
    /// The config, its reloads and the simulation, resolved once for every snapshot.
    var played: ResolvedScript
    /// With a settings matrix, the same under each combination, by combination index.
    var variants: [ResolvedScript] = []
    /// The goldens folder beside the scenario, `__goldens__` unless the suite's `goldenDir` says otherwise.
    var goldenDir = SuiteSettings.defaultGoldenDir

    static let suffix = ".scenario.json"

    var document: ConfigDocument { played.first.document }

    /// What `snapshot` is drawn from: the scenario's config, or its combination of the settings matrix.
    func played(for snapshot: Scenario.Snapshot) -> ResolvedScript {
        snapshot.combination.map { variants[$0] } ?? played
    }

    var goldensDirectory: String { (directory as NSString).appendingPathComponent("\(goldenDir)/\(name)") }
    var failuresDirectory: String { (directory as NSString).appendingPathComponent("__failures__/\(name)") }

    /// Reads and checks a scenario file: every problem in it, its config and its script, with places.
    @MainActor
    static func load(_ path: String) throws -> LoadedScenario {
        let scenario = try Inputs.load(Scenario.self, path).value
        let directory = Inputs.directory(of: path)

        let document: ConfigDocument
        switch scenario.config {
        case nil: document = .builtInDefault
        case .path(let p)?: document = try Inputs.config(Inputs.namedFile(p, relativeTo: directory))
        case .inline(let node)?: document = ConfigDocument(try Inputs.load(SheetLabConfig.self, inline: node, in: path, at: KeyPath.root / "config"))
        }

        let script: LoadedDocument<Script>
        var scriptBase = directory
        switch scenario.script {
        case nil:
            script = LoadedDocument(value: Script(steps: []), root: JSONNode(.object([])), file: path)
        case .path(let p)?:
            let resolved = try Inputs.namedFile(p, relativeTo: directory)
            script = try Inputs.load(Script.self, resolved)
            scriptBase = Inputs.directory(of: resolved)
        case .inline(let node)?:
            script = try Inputs.load(Script.self, inline: node, in: path, at: KeyPath.root / "script")
        }
        let played = try ResolvedScript.load(document: document, script: script, base: scriptBase, fps: Options.fps.defaultValue)
        // Each combination of a settings matrix over the config and every config the script reloads.
        let variants = try (scenario.settings?.combinations ?? []).map { combination in
            try ResolvedScript.load(document: document, script: script, base: scriptBase, fps: Options.fps.defaultValue) {
                try Inputs.applying(combination.settings, to: $0)
            }
        }
        let file = (path as NSString).lastPathComponent
        return LoadedScenario(name: String(file.dropLast(suffix.count)), directory: directory, scenario: scenario, played: played,
                              variants: variants)
    }

    /// Every `*.scenario.json` under `root`, sorted by path, leaving out golden and failure folders.
    static func find(in root: String) -> [String] { search(root).scenarios }

    /// What a folder holds: its scenarios, and files that look meant as scenarios but are misnamed, with the name meant.
    static func search(_ root: String) -> (scenarios: [String], misnamed: [(path: String, meant: String)]) {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return ([], []) }
        var found: [String] = []
        var misnamed: [(path: String, meant: String)] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name == "__goldens__" || name == "__failures__" || name.hasPrefix(".") { walker.skipDescendants(); continue }
            if name.hasSuffix(suffix) { found.append(relative) } else if let meant = meantName(name) { misnamed.append((relative, meant)) }
        }
        let full = { (root as NSString).appendingPathComponent($0) }
        return (found.sorted().map(full), misnamed.sorted { $0.path < $1.path }.map { (full($0.path), $0.meant) })
    }

    /// The scenario name a misnamed file was probably meant to have (`a.scenarios.json`, `a.scenario.jsn`,
    /// `a.Scenario.json` → `a.scenario.json`), or nil when it does not look like a scenario.
    static func meantName(_ name: String) -> String? {
        guard !name.hasSuffix(suffix), let range = name.range(of: ".scenario", options: .caseInsensitive),
              range.lowerBound > name.startIndex else { return nil }
        return String(name[..<range.lowerBound]) + suffix
    }
}
