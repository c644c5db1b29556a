import Foundation
import SheetKit

@MainActor
enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        usage: "run [--config F] [--device D] [--zoom Z] [--log-events L]",
        summary: """
        Opens the window on config F (default: the built-in default) and live-reloads F when it is saved.
        Drag, flick and tap the sheet; press ? in the window for the keys.
        """,
        options: [
            .init(name: "config", value: "F", help: "config file to show and watch"),
            .init(name: "device", value: "D", help: "device preset, overriding the config's"),
            .init(name: "zoom", value: "Z", help: "window size per canvas point, 0.25 to 4 (default 1)"),
            .init(name: "log-events", value: "L", help: "append each event to L as a JSON line"),
        ])

    static func run(_ args: ParsedArguments) throws(Inputs.Failure) -> Int32 {
        var options = App.Options(configPath: args.value("config"), device: args.value("device"), logPath: args.value("log-events"))
        if let z = args.value("zoom") {
            guard let v = Double(z), v.isFinite, v >= 0.25, v <= 4 else {
                throw Inputs.Failure(file: "--zoom", "must be a number from 0.25 to 4, found '\(z)'")
            }
            options.zoom = v
        }
        let app = try App(options: options)
        return app.run()
    }
}
