import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// Where the window's configs come from and what they turn into: files read through `Inputs` (the one
/// document loader), and the text engine, setups and renderers from `RenderResources`.
@MainActor
struct ConfigSource {
    /// `--device`, which wins over the config's own device unless the document names one.
    let device: String?

    /// The config at `path`, or the built-in default, as the window shows it (`windowed`).
    func load(_ path: String?) throws(InputError) -> ConfigDocument {
        Self.windowed(try Inputs.config(path, device: device))
    }

    /// The window draws the display's rounded corners unless the config says otherwise
    /// (`canvas.displayCorners`; `render` and `test` leave them off). Only the decoded config changes:
    /// the editable document, and so a saved file, keeps what the user wrote.
    static func windowed(_ document: ConfigDocument) -> ConfigDocument {
        var document = document
        if document.config.canvas.displayCorners == nil { document.config.canvas.displayCorners = true }
        return document
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

    /// Everything a document turns into: the decoded config, the engine's setup and a renderer.
    /// `current` lends its scene (and its cached drawing) when the background and canvas stay.
    func derive(_ root: JSONNode, path: String?, scale: (Canvas) -> Int,
                current: FrameRenderer?) throws(InputError) -> Workspace.Derived<FrameRenderer> {
        let file = path ?? ConfigDocument.builtInDefault.file
        var document = Self.windowed(ConfigDocument(try Inputs.load(SheetLabConfig.self, inline: root, in: file, at: .root)))
        if let device, root.value(at: KeyPath.root / "device") == nil { document.config.device = device }
        do {
            let setup = try RenderResources.setup(document)
            let keepsScene = current.map { $0.setup.config.background == document.config.background && $0.setup.canvas == setup.canvas } ?? false
            let renderer = try RenderResources.renderer(document, setup: setup, scale: scale(setup.canvas),
                                                        scene: keepsScene ? current?.scene : nil)
            return Workspace.Derived(document: document, setup: setup, output: renderer)
        } catch {
            // The renderer could not be built (an image that will not decode): the edit is refused like an invalid one.
            throw InputError([Diagnostic(file: error.subject, path: error.keyPath, message: error.message)])
        }
    }
}
