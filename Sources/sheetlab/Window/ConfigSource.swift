import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// The one place the window reads configs and builds renderers (through `Inputs` and `Rendering`),
/// so that a single document loader can take its place.
@MainActor
struct ConfigSource {
    /// `--device`, which wins over the config's own device unless the document names one.
    let device: String?

    /// The config at `path`, or the built-in default.
    func load(_ path: String?) throws(Inputs.Failure) -> ConfigDocument {
        try Inputs.config(path, device: device)
    }

    /// The config file read again, as the designer takes it.
    func reload(_ path: String) -> FileLoad {
        do { return .loaded(try load(path)) } catch { return .failed(error.diagnostics) }
    }

    /// The editable document for a loaded config: the file's own tree, or the built-in default's.
    func editableRoot(of document: ConfigDocument) throws(Inputs.Failure) -> JSONNode {
        if let root = document.root { return root }
        do { return try JSONNodeEncoder.encode(SheetLabConfig()) } catch {
            throw Inputs.Failure(file: document.file, "cannot build the default document: \(error)")
        }
    }

    /// The text engine the renderer and the overlays draw with.
    func text() throws(Inputs.Failure) -> TextEngine { try Rendering.text() }

    /// The engine's setup for a loaded config, with real text metrics.
    func setup(_ document: ConfigDocument) throws(Inputs.Failure) -> SheetSetup { try Rendering.setup(document) }

    /// A renderer for a document already derived; `scene` keeps an earlier renderer's scene.
    func renderer(_ document: ConfigDocument, setup: SheetSetup, scale: Int,
                  scene: (any BackgroundScene)? = nil) throws(Inputs.Failure) -> FrameRenderer {
        try Rendering.renderer(document, setup: setup, scale: scale, scene: scene)
    }

    /// Everything a document turns into: the decoded config, the engine's setup and a renderer.
    /// `current` lends its scene (and its cached drawing) when the background and canvas stay.
    func derive(_ root: JSONNode, path: String?, scale: (Canvas) -> Int,
                current: FrameRenderer?) throws(DiagnosticsError) -> Workspace.Derived<FrameRenderer> {
        let file = path ?? ConfigDocument.builtInDefault.file
        let base = path.map { Inputs.directory(of: $0) } ?? ""
        var document: ConfigDocument
        switch ConfigLoader.load(root: root, file: file, fileExists: { Inputs.isReadableFile(Inputs.resolve($0, relativeTo: base)) }) {
        case .failure(let e): throw e
        case .success(let d): document = d
        }
        if let device, root.value(at: KeyPath.root / "device") == nil { document.config.device = device }
        do {
            let setup = try self.setup(document)
            let keepsScene = current.map { $0.setup.config.background == document.config.background && $0.setup.canvas == setup.canvas } ?? false
            let renderer = try self.renderer(document, setup: setup, scale: scale(setup.canvas), scene: keepsScene ? current?.scene : nil)
            return Workspace.Derived(document: document, setup: setup, output: renderer)
        } catch {
            throw DiagnosticsError(error.diagnostics)
        }
    }
}
