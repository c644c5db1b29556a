import Foundation

// Commands whose engines are still being built. They say so plainly and exit 1, rather than pretend.

enum RunCommand {
    static let spec = CommandSpec(
        name: "run",
        usage: "run [--config F] [--device D] [--zoom Z] [--log-events L]",
        summary: "Opens the window on config F (default: the built-in default) and live-reloads F on save.",
        options: [
            .init(name: "config", value: "F", help: "config file to show and watch"),
            .init(name: "device", value: "D", help: "device preset, overriding the config's"),
            .init(name: "zoom", value: "Z", help: "window zoom factor"),
            .init(name: "log-events", value: "L", help: "append each event to L as a JSON line"),
        ])

    static func run(_ args: ParsedArguments) -> Int32 {
        Console.error("""
        sheetlab: run: the window is not built yet (issue #4).
        Meanwhile, play a scripted demo headless:
          sheetlab simulate --config Assets/Examples/default.json --script Assets/Examples/demo.script.json
        """)
        return 1
    }
}

enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        usage: "render [--config F] [--script S] [--at MS] [--scale N] --out P.png",
        summary: "Writes one frame as a PNG, headless: the state at time MS of script S.",
        options: [
            .init(name: "config", value: "F", help: "config file"),
            .init(name: "script", value: "S", help: "script to play up to --at"),
            .init(name: "at", value: "MS", help: "time in milliseconds"),
            .init(name: "scale", value: "N", help: "pixels per point: 1, 2 or 3"),
            .init(name: "out", value: "P.png", help: "where to write the PNG"),
        ])

    static func run(_ args: ParsedArguments) -> Int32 {
        Console.error("sheetlab: render: the renderer is not built yet (issue #3)")
        return 1
    }
}

enum TestCommand {
    static let spec = CommandSpec(
        name: "test",
        usage: "test DIR [--update] [--shard I/N]",
        summary: "Runs the golden-image scenarios in DIR.",
        options: [
            .init(name: "update", value: nil, help: "write missing goldens and rewrite changed ones"),
            .init(name: "shard", value: "I/N", help: "run only shard I of N"),
        ],
        positionals: 1...1)

    static func run(_ args: ParsedArguments) -> Int32 {
        Console.error("sheetlab: test: golden-image tests are not built yet (issue #5)")
        return 1
    }
}
