import Foundation
import Platform
import SheetKit

/// `sheetlab map`: the decision map of a config (`DecisionMap`, drawn by `MapPicture`).
@MainActor
enum MapCommand {
    static let spec = CommandSpec(
        name: "map",
        usage: "map [--config F] [--sheet ID] [--feel FEEL] [--compare] --out P.png",
        summary: """
        Draws the decision map: for a release at a position (the sheet's top, 0 to H) and a velocity
        (−3000 to 3000 pt/s), the detent the sheet ends on, or dismissal, each in its colour, with the
        detents' tops and the dismiss line marked. --compare draws the five library feels side by side, and
        the config's own when it names a preset article's rule (multi-height, blur-sheet). --sheet ID maps a sheet of
        the config's `sheets` (as it is presented over the first one) instead of the first sheet.
        """,
        options: [Options.config, sheet, Options.feel, Options.compare, Options.out],
        run: run)

    static let sheet = Option<String?>.text("sheet", "ID", help: "map this sheet of the config's `sheets` instead of the first")

    static func run(_ args: ParsedArguments) throws -> Int32 {
        let out = try Inputs.outputPNG(try args.required(Options.out))
        let feel = try args.value(Options.feel)
        let compare = args.isSet(Options.compare)
        let config = try args.value(Options.config)
        let document = try Inputs.config(config)
        Console.warnings(document.warnings)
        let first = try ResolvedSheet.resolve(document).setup
        let sheetID = try args.value(Self.sheet)
        let setup: SheetSetup
        if let sheetID {
            let ids = document.config.sheets.map(\.id)
            guard let stacked = first.stackSetups[sheetID] else {
                throw UsageError(message: "--sheet: no sheet \"\(TerminalText.safe(sheetID))\" in \(TerminalText.safe(document.file))"
                                 + Suggest.didYouMean(sheetID, in: ids)
                                 + (ids.isEmpty ? " (it has no `sheets`)" : " (its sheets: \(ids.map(TerminalText.safe).joined(separator: ", ")))"))
            }
            setup = stacked
        } else {
            setup = first
        }
        let own = Feel.libraries.contains(setup.feel) ? [] : [setup.feel]
        let feels = compare ? Feel.libraries + own : [feel ?? setup.feel]
        let maps = feels.map { DecisionMap(setup: setup, feel: $0) }
        let name = config.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "built-in default"
        let title = "Decision map · \(name)\(sheetID.map { " › \(TerminalText.safe($0))" } ?? "") · " + (compare ? "\(feels.count) feels" : "feel: \(feels[0].title)")
        let picture = MapPicture(maps: maps, title: title, text: try RenderResources.text()).render()
        do {
            try ImageFiles.writePNG(picture, to: out)
        } catch {
            throw PlatformFailure(out, error: error)
        }
        Console.out("\(out): \(picture.width)×\(picture.height) px, \(feels.map(\.rawValue).joined(separator: ", "))")
        return 0
    }
}
