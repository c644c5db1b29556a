import Foundation

// Commands whose engines are still being built. They say so plainly and exit 1, rather than pretend.

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
