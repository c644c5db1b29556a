import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// What the renderer needs from disk and from the platform: fonts, the scene, content images.
/// Their failures are `PlatformFailure`s: the config named them correctly, the machine could not deliver.
@MainActor
enum RenderResources {
    private static var sharedText: TextEngine?

    /// The text engine over Inter; a missing font is an error that names the Debian package.
    static func text() throws(PlatformFailure) -> TextEngine {
        if let t = sharedText { return t }
        do {
            let t = TextEngine(rasterizer: try TTFGlyphs())
            sharedText = t
            return t
        } catch {
            throw PlatformFailure(TTFGlyphs.fontDirectory, "\(error)")
        }
    }

    /// The config resolved with real text metrics, so that `fit` measures what is drawn.
    static func setup(_ document: ConfigDocument) throws(PlatformFailure) -> SheetSetup {
        SheetSetup(config: document.config, measurer: MeasuredTextMetrics(engine: try text()))
    }

    static func directory(of document: ConfigDocument) -> String {
        document.root == nil ? FileManager.default.currentDirectoryPath : Inputs.directory(of: document.file)
    }

    static func scene(for document: ConfigDocument) throws(PlatformFailure) -> any BackgroundScene {
        switch document.config.background {
        case .scene(.map): return MapScene(text: try text())
        case .scene(.list): return ListScene(text: try text())
        case .scene(.gradient): return GradientScene(text: try text())
        case .color(let c): return ColorScene(color: StraightRGBA8(c.red, c.green, c.blue, c.alpha), text: try text())
        case .image(let path):
            return ImageScene(image: try image(path, relativeTo: directory(of: document), key: "background.image", file: document.file),
                              text: try text())
        }
    }

    /// Decodes every image `document` names (its background and its content), as a render would:
    /// what `check` accepts, `render` can draw.
    static func decodeImages(of document: ConfigDocument) throws(PlatformFailure) {
        if case .image(let path) = document.config.background {
            _ = try image(path, relativeTo: directory(of: document), key: "background.image", file: document.file)
        }
        _ = try contentImages(for: document)
    }

    /// Content images by their config path.
    static func contentImages(for document: ConfigDocument) throws(PlatformFailure) -> [String: Pixmap] {
        var images: [String: Pixmap] = [:]
        for (i, element) in document.config.sheet.content.enumerated() {
            if case .image(let e) = element, images[e.path] == nil {
                images[e.path] = try image(e.path, relativeTo: directory(of: document), key: "sheet.content[\(i)].path", file: document.file)
            }
        }
        return images
    }

    static func image(_ path: String, relativeTo base: String, key: String, file: String) throws(PlatformFailure) -> Pixmap {
        do {
            return try ImageFiles.read(Inputs.resolve(path, relativeTo: base))
        } catch {
            throw PlatformFailure(file, keyPath: KeyPath.root.appending(key), "\(error)")
        }
    }

    /// A renderer for `setup`; pass the scene of an earlier renderer to keep its caches (a reload
    /// that leaves the background alone should not redraw the map).
    static func renderer(_ document: ConfigDocument, setup: SheetSetup, scale: Int,
                         scene: (any BackgroundScene)? = nil) throws(PlatformFailure) -> FrameRenderer {
        let background: any BackgroundScene
        if let scene { background = scene } else { background = try Self.scene(for: document) }
        return FrameRenderer(setup: setup, scale: scale, text: try text(), scene: background, images: try contentImages(for: document))
    }
}
