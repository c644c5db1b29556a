/// A config that loaded, with where it came from.
public struct ConfigDocument: Sendable {
    public var config: SheetLabConfig
    /// The parsed source, for positions; `nil` for the built-in default.
    public var root: JSONNode?
    /// The file name used in messages.
    public var file: String
    public var warnings: [Diagnostic]

    public init(config: SheetLabConfig, root: JSONNode? = nil, file: String, warnings: [Diagnostic] = []) {
        self.config = config; self.root = root; self.file = file; self.warnings = warnings
    }

    /// The built-in default that `sheetlab` shows with no config.
    public static let builtInDefault = ConfigDocument(config: SheetLabConfig(), file: "<built-in default>")
}

/// Configs through `DocumentLoader`, as `ConfigDocument`s.
public enum ConfigLoader {
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - file: the name to show in messages.
    ///   - fileExists: answers whether a path (relative to the config file) names a readable file.
    public static func load(text: String, file: String, fileExists: (String) -> Bool = { _ in true }) -> Result<ConfigDocument, InputError> {
        DocumentLoader.load(SheetLabConfig.self, text: text, file: file, fileExists: fileExists).map(ConfigDocument.init)
    }

    /// Loads a config from an already parsed node: a whole file, or an object inside another document
    /// (a scenario's inline config), in which case `path` prefixes every key path.
    public static func load(root: JSONNode, file: String, path prefix: KeyPath = .root,
                            fileExists: (String) -> Bool = { _ in true }) -> Result<ConfigDocument, InputError> {
        DocumentLoader.load(SheetLabConfig.self, root: root, file: file, at: prefix, fileExists: fileExists).map(ConfigDocument.init)
    }
}

extension ConfigDocument {
    public init(_ loaded: LoadedDocument<SheetLabConfig>) {
        self.init(config: loaded.value, root: loaded.root, file: loaded.file, warnings: loaded.warnings)
    }
}

extension SheetLabConfig: LoadableDocument {
    public static let shape = "a config is a JSON object"
    /// A config whose root failed to decode but reported nothing is the default (every key is optional).
    public static var fallback: SheetLabConfig? { SheetLabConfig() }

    /// Validation reports every problem, so it runs on the defaults where decoding failed.
    public static func check(_ value: SheetLabConfig?, root: JSONNode, fileExists: (String) -> Bool) -> [Diagnostic] {
        ConfigValidator.validate(value ?? SheetLabConfig(), root: root, fileExists: fileExists)
    }
}
