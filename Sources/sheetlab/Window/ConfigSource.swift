import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// Where the window's configs come from and what they turn into: files read through `Inputs` (the one
/// document loader), resolved by `ResolvedSheet.resolve` (the one derive) under the designer's overrides.
@MainActor
struct ConfigSource {
    /// The config at `path` as the file has it, or the built-in default; overrides are applied when it is resolved.
    func load(_ path: String?) throws(InputError) -> ConfigDocument {
        try Inputs.config(path)
    }

    /// The config file read again, as the designer takes it.
    func reload(_ path: String) -> FileLoad {
        do { return .loaded(try load(path)) } catch { return .failed(error.diagnostics) }
    }

    /// The editable document for a loaded config: the file's own tree, or the built-in default's.
    func editableRoot(of document: ConfigDocument) throws(PlatformFailure) -> JSONNode {
        if let root = document.root { return root }
        do { return try JSONNodeEncoder.encode(SheetLabConfig()) } catch {
            throw PlatformFailure(document.file, "cannot build the default document: \(error)")
        }
    }

    /// Everything an editor's document turns into under `overrides`: decoded, then resolved. `current` lends its
    /// scene (and its cached drawing) when the background and canvas stay. A renderer that cannot be built (an
    /// image that will not decode) is refused like an invalid edit.
    func derive(_ root: JSONNode, path: String?, overrides: ConfigOverrides, current: ResolvedSheet?) throws(InputError) -> ResolvedSheet {
        let file = path ?? ConfigDocument.builtInDefault.file
        let document = ConfigDocument(try Inputs.load(SheetLabConfig.self, inline: root, in: file, at: .root))
        do {
            return try ResolvedSheet.resolve(document, overrides: overrides, reusing: current)
        } catch {
            throw InputError([Diagnostic(file: error.subject, path: error.keyPath, message: error.message)])
        }
    }
}
