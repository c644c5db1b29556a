import Foundation
import Platform
import SheetKit
import SheetRender

@MainActor
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        usage: "render [--config F] [--script S] [--at MS] [--scale N] [--setting KEY=VALUE …] --out P.png",
        summary: """
        Writes one frame as a PNG, headless: the state at time MS of script S. With no script it is the
        resting initial state; with a script and no --at, the state where the script comes to rest.
        The PNG is W·N × H·N pixels.
        """,
        options: [Options.config, Options.script.helped("script to play up to --at"), Options.at, Options.scale, Options.setting, Options.out],
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let out = try Inputs.outputPNG(try args.required(Options.out))
        let at = try args.value(Options.at)
        let scale = try args.value(Options.scale)
        let config = try args.value(Options.config)
        let scriptPath = try args.value(Options.script)

        let settings = try Inputs.settings(args)
        let document = try Inputs.config(config)
        Console.warnings(document.warnings)
        let played: ResolvedScript
        if let scriptPath {
            // The config loaded above, not a second load of the same file (which printed its warnings twice).
            // `--setting` applies to it and to every config the script reloads.
            played = try ResolvedScript.load(document: document, script: try Inputs.load(Script.self, scriptPath),
                                             base: Inputs.directory(of: scriptPath), fps: Options.fps.defaultValue,
                                             adjust: settings.isEmpty ? nil : { try Inputs.applying(settings, to: $0) })
        } else {
            played = try ResolvedScript.resting(try Inputs.applying(settings, to: document))
        }
        let time = at ?? (scriptPath == nil ? 0 : played.simulation.endTime())
        let engine = played.simulation.engine(at: time)
        // A reload in the script may have swapped the config: draw the sheet in force then, background and all.
        let renderer = played.renderer(at: time, scale: scale, oneFrame: true)
        renderer.render(engine)
        do {
            try ImageFiles.writePNG(renderer.frame, to: out)
        } catch {
            throw PlatformFailure(out, error: error)
        }
        Console.out("\(out): \(renderer.widthPixels)×\(renderer.heightPixels) px, t = \(JSONLines.number(engine.time)) ms, "
                    + "\(engine.phase.rawValue)\(engine.restingDetent.map { " on \($0)" } ?? "")"
                    + engine.stack.map { "; \(TerminalText.safe($0.id)) over it, \($0.engine.phase.rawValue)\($0.engine.restingDetent.map { " on \($0)" } ?? "")" }.joined())
        return 0
    }
}
