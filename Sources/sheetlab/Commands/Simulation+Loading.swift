import Foundation
import SheetKit
import SheetRender

/// A script and its configs, resolved: the first config, every config a `reload` step names, and the simulation
/// that plays them. What is drawn at a time is the sheet in force then (`sheet(at:)`), background and images
/// included, so a golden or a clip of a reload shows what the window shows.
struct ResolvedScript {
    var simulation: Simulation
    /// The config the script starts on.
    var first: ResolvedSheet
    /// The configs of `reload` steps, by the path the step names.
    var reloads: [String: ResolvedSheet]
    /// When each reload takes over.
    let timeline: Simulation.ReloadTimeline

    init(simulation: Simulation, first: ResolvedSheet, reloads: [String: ResolvedSheet]) {
        self.simulation = simulation; self.first = first; self.reloads = reloads
        timeline = Simulation.ReloadTimeline(simulation)
    }

    /// The sheet in force at `time` ms: the last config reloaded by then, or the first.
    func sheet(at time: Double) -> ResolvedSheet {
        timeline.file(at: time).flatMap { reloads[$0] } ?? first
    }

    /// A renderer of the sheet in force at `time`, at `scale` (default: the canvas's own); `oneFrame` as
    /// `ResolvedSheet.renderer(scale:oneFrame:)` has it.
    func renderer(at time: Double, scale: Int? = nil, oneFrame: Bool = false) -> StackRenderer {
        let sheet = sheet(at: time)
        return sheet.renderer(scale: scale ?? sheet.setup.canvas.scale, oneFrame: oneFrame)
    }
}

@MainActor
extension ResolvedScript {
    /// Loads and checks everything a simulation needs, so that bad input fails before any output.
    /// Prints the config's warnings, once.
    static func load(config configPath: String?, script scriptPath: String, fps: Double) throws -> ResolvedScript {
        let document = try Inputs.config(configPath)
        Console.warnings(document.warnings)
        return try load(document: document, script: try Inputs.load(Script.self, scriptPath), base: Inputs.directory(of: scriptPath), fps: fps)
    }

    /// A simulation of `script` against `document`; `reload` paths are relative to `base`. The script's detent names
    /// are checked against the configs, its reloads against the files they name.
    /// `adjust`, when given, changes every config before it is resolved (a scenario's settings combination).
    static func load(document: ConfigDocument, script: LoadedDocument<Script>, base: String, fps: Double,
                     adjust: ((ConfigDocument) throws -> ConfigDocument)? = nil) throws -> ResolvedScript {
        let adjusted = { (d: ConfigDocument) throws -> ConfigDocument in try adjust?(d) ?? d }
        var reloads: [String: ResolvedSheet] = [:]
        var failures: [Diagnostic] = []
        var unlisted = 0
        for step in script.value.steps {
            guard case .reload(let path) = step.action, reloads[path] == nil else { continue }
            do {
                reloads[path] = try ResolvedSheet.resolve(try adjusted(try Inputs.config(Inputs.namedFile(path, relativeTo: base))))
            } catch let error as InputError {
                failures += script.locate([Diagnostic(path: KeyPath.root / "steps" / step.index / "reload", message: "cannot load \(path)")])
                failures += error.diagnostics
                unlisted += error.unlisted
            }
        }
        if !failures.isEmpty { throw InputError(failures, unlisted: unlisted) }
        let first = try ResolvedSheet.resolve(try adjusted(document))
        let simulation = Simulation(setup: first.setup, script: script.value, fps: fps, reloads: reloads.mapValues(\.setup))
        let issues = simulation.validate()
        if !issues.isEmpty { throw InputError(script.locate(issues)) }
        return ResolvedScript(simulation: simulation, first: first, reloads: reloads)
    }

    /// A config at rest, with no script.
    static func resting(_ document: ConfigDocument) throws -> ResolvedScript {
        let first = try ResolvedSheet.resolve(document)
        return ResolvedScript(simulation: Simulation(setup: first.setup, script: Script(steps: [])), first: first, reloads: [:])
    }
}
