import Foundation
import SheetKit

@MainActor
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        usage: "check F [--config C]",
        summary: """
        Validates F, a config, a script or a *.scenario.json, and lists every error. Exit 0 when valid, 1 otherwise.
        A script's detent names are checked against --config C (default: the built-in default).
        """,
        options: [Options.config.helped("the config a script runs against (default: the built-in default)")],
        positionals: 1...1,
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let path = args.positionals[0]
        let text = try Inputs.readText(path)
        // A scenario is told apart by its name or its "snapshots", a script by its "steps";
        // anything else is checked as a config.
        let root = try? JSONParser.parse(text)
        if path.hasSuffix(LoadedScenario.suffix) || root?["snapshots"] != nil {
            let loaded = try LoadedScenario.load(path)
            Console.warnings(loaded.document.warnings)
            let n = loaded.scenario.snapshots.count
            Console.out("\(path): valid scenario \"\(loaded.name)\", \(n) snapshot\(n == 1 ? "" : "s")")
            return 0
        }
        if let root, root["steps"] != nil {
            let simulation = try ResolvedScript.load(config: try args.value(Options.config), script: path, fps: Options.fps.defaultValue).simulation
            Console.out("\(path): valid script, \(simulation.script.steps.count) steps, \((simulation.minimumEnd - 1000).clean) ms")
            return 0
        }
        let document = try Inputs.config(path)
        Console.warnings(document.warnings)
        // Resolved as a render resolves it (its images decoded too): what `check` accepts, `render` can draw.
        let setup = try ResolvedSheet.resolve(document).setup
        let detents = setup.detents.map { "\($0.id) \((($0.height * 100).rounded() / 100).clean) pt" }.joined(separator: ", ")
        let c = setup.canvas
        // A sheet with a text field also says what its keyboard is and does.
        let keyboard = setup.textFields.isEmpty ? ""
            : "; keyboard \(setup.keyboardHeight.clean) pt, \(setup.keyboardBehavior.rawValue)"
        Console.out("\(path): valid config; canvas \(c.width.clean)×\(c.height.clean) pt @\(c.scale)x; detents: \(detents)\(keyboard)")
        return 0
    }
}
