import Foundation
import SheetKit

/// A script and a config made into a simulation, checked together: the script's detent names against
/// the config, its reloads against the files they name. Used by simulate, check, render and test.
@MainActor
extension Simulation {
    /// Loads and checks everything a simulation needs, so that bad input fails before any output.
    /// Prints the config's warnings, once.
    static func load(config configPath: String?, script scriptPath: String, fps: Double) throws -> Simulation {
        let document = try Inputs.config(configPath)
        Console.warnings(document.warnings)
        return try load(document: document, script: try Inputs.load(Script.self, scriptPath), base: Inputs.directory(of: scriptPath), fps: fps)
    }

    /// A simulation of `script` against `document`; `reload` paths are relative to `base`.
    static func load(document: ConfigDocument, script: LoadedDocument<Script>, base: String, fps: Double) throws -> Simulation {
        var reloads: [String: SheetSetup] = [:]
        var failures: [Diagnostic] = []
        for step in script.value.steps {
            guard case .reload(let path) = step.action, reloads[path] == nil else { continue }
            do {
                let reloaded = try Inputs.config(Inputs.resolve(path, relativeTo: base))
                reloads[path] = try RenderResources.setup(reloaded)
            } catch let error as InputError {
                failures += script.locate([Diagnostic(path: KeyPath.root / "steps" / step.index / "reload", message: "cannot load \(path)")])
                failures += error.diagnostics
            }
        }
        if !failures.isEmpty { throw InputError(failures) }
        let simulation = Simulation(setup: try RenderResources.setup(document), script: script.value, fps: fps, reloads: reloads)
        let issues = simulation.validate()
        if !issues.isEmpty { throw InputError(script.locate(issues)) }
        return simulation
    }
}
