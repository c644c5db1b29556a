import Foundation
import SheetKit

/// `sheetlab schema KIND`: the JSON Schema of a config, script, scenario or suite settings file, for editors
/// (docs/editors.md). Built from the loader's own declarations (`DocumentSchema`).
@MainActor
enum SchemaCommand {
    static let spec = CommandSpec(
        name: "schema",
        usage: "schema config|script|scenario|suite",
        summary: """
        Prints the JSON Schema (draft 2020-12) of a config, a script, a scenario or a suite's sheetlab-test.json, built
        from the declarations SheetLab loads them with. Point an editor at it to complete and check keys: give a file
        "$schema": "PATH" (SheetLab ignores that key), or map file names to it in the editor's settings. `make install`
        installs all four in share/sheetlab/schemas; Assets/Schemas holds them in the source tree.
        """,
        options: [],
        positionals: 1...1,
        run: run)

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let word = args.positionals[0]
        guard let kind = DocumentSchema(rawValue: word) else {
            let kinds = DocumentSchema.allCases.map(\.rawValue)
            throw InputError(file: "schema", "unknown kind '\(TerminalText.safe(word))'\(Suggest.didYouMean(word, in: kinds))")
        }
        Console.outLines(String(kind.text.dropLast()))
        return 0
    }
}
