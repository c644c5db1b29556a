import Foundation
import SheetKit

/// A scenario read from disk with everything it needs to play: config, script, snapshots.
struct LoadedScenario {
    /// The file name without `.scenario.json`: its goldens folder is named after it.
    var name: String
    var path: String
    var directory: String
    var scenario: Scenario
    var document: ConfigDocument
    var simulation: Simulation

    static let suffix = ".scenario.json"

    var goldensDirectory: String { (directory as NSString).appendingPathComponent("__goldens__/\(name)") }
    var failuresDirectory: String { (directory as NSString).appendingPathComponent("__failures__/\(name)") }

    /// Reads and checks a scenario file: every problem in it, its config and its script, with places.
    @MainActor
    static func load(_ path: String) throws(Inputs.Failure) -> LoadedScenario {
        let text = try Inputs.readText(path)
        let root: JSONNode
        do { root = try JSONParser.parse(text) } catch {
            throw Inputs.Failure([Diagnostic(file: path, position: error.position, path: error.path, message: error.message)])
        }
        guard case .object = root.value else {
            throw Inputs.Failure([Diagnostic(file: path, position: root.position, message: "a scenario is a JSON object, found \(root.kindName)")])
        }
        let decoded = TreeDecoder().decode(Scenario.self, from: root)
        if !decoded.issues.isEmpty || decoded.value == nil {
            throw Inputs.Failure(decoded.issues.map { var d = $0; d.file = path; return d })
        }
        let scenario = decoded.value!
        let directory = Inputs.directory(of: path)

        var document: ConfigDocument
        switch scenario.config {
        case nil:
            document = .builtInDefault
        case .path(let p)?:
            document = try Inputs.config(Inputs.resolve(p, relativeTo: directory))
        case .inline(let node)?:
            let base = directory
            switch ConfigLoader.load(root: node, file: path, path: KeyPath.root / "config",
                                     fileExists: { Inputs.isReadableFile(Inputs.resolve($0, relativeTo: base)) }) {
            case .success(let d): document = d
            case .failure(let e): throw Inputs.Failure(e.diagnostics)
            }
        }

        let script: Inputs.ScriptFile
        var scriptBase = directory
        switch scenario.script {
        case nil:
            script = Inputs.ScriptFile(script: Script(steps: []), root: JSONNode(.object([])), path: path)
        case .path(let p)?:
            let resolved = Inputs.resolve(p, relativeTo: directory)
            script = try Inputs.script(resolved)
            scriptBase = Inputs.directory(of: resolved)
        case .inline(let node)?:
            script = try Inputs.script(root: node, file: path, prefix: KeyPath.root / "script")
        }
        let simulation = try SimulateCommand.prepare(document: document, script: script, base: scriptBase, fps: 60)
        let file = (path as NSString).lastPathComponent
        return LoadedScenario(name: String(file.dropLast(suffix.count)), path: path, directory: directory,
                              scenario: scenario, document: document, simulation: simulation)
    }

    /// Every `*.scenario.json` under `root`, sorted by path, leaving out golden and failure folders.
    static func find(in root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name == "__goldens__" || name == "__failures__" || name.hasPrefix(".") { walker.skipDescendants(); continue }
            if name.hasSuffix(suffix) { found.append(relative) }
        }
        return found.sorted().map { (root as NSString).appendingPathComponent($0) }
    }
}
