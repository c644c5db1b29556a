import SheetKit

extension Options {
    static let setting = Option<String?>.text(
        "setting", "KEY=VALUE",
        help: "draw under an iOS setting, over the config's, repeatable: textSize=AX3, boldText=true, reduceTransparency=true, "
            + "increaseContrast=true, reduceMotion=true, liquidGlass=tinted, appearance=dark")
}

extension Inputs {
    /// The `--setting` options given, in order; a later one for the same key wins.
    static func settings(_ args: ParsedArguments) throws(InputError) -> [SettingsMatrix.Setting] {
        var out: [SettingsMatrix.Setting] = []
        for text in args.repeated[Options.setting.name] ?? [] {
            switch SettingsMatrix.setting(parsing: text) {
            case .success(let s): out.append(s)
            case .failure(let problem): throw InputError(file: "--setting", problem.message)
            }
        }
        return out
    }

    /// `document` with `settings` set over its own: set in its JSON and decoded again, so that everything the
    /// appearance resolves (named colours and materials) follows. The document's warnings are kept.
    static func applying(_ settings: [SettingsMatrix.Setting], to document: ConfigDocument) throws(InputError) -> ConfigDocument {
        guard !settings.isEmpty else { return document }
        let edits = settings.map { ConfigEditor.Edit.set($0.key.configPath, JSONNode($0.json)) }
        let root = edits.reduce(document.root ?? JSONNode(.object([]))) { $1.applied(to: $0) }
        var out = ConfigDocument(try load(SheetLabConfig.self, inline: root, in: document.file, at: .root))
        out.warnings = document.warnings
        return out
    }
}
