import Foundation
import SheetKit

@MainActor
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        usage: "run [--config F] [--device D] [--zoom Z] [--log-events L]",
        summary: """
        Opens the window on config F (default: the built-in default) and live-reloads F when it is saved.
        Drag, flick and tap the sheet; press ? in the window for the keys. Drop a PNG or JPEG screenshot of a sheet on
        the window to measure it: its config, written beside it as NAME.sheetlab.json, becomes the live one, with the
        screenshot over it (C: side by side).
        """,
        options: [Options.config.helped("config file to show and watch"), Options.device, Options.zoom, Options.logEvents],
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        var options = App.Options(configPath: try args.value(Options.config), device: try args.value(Options.device),
                                  logPath: try args.value(Options.logEvents))
        options.zoom = try args.value(Options.zoom)
        let app = try App(options: options)
        return app.run()
    }
}
