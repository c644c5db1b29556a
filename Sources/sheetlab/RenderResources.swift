import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// Everything one config turns into, decided once. Every consumer (the window at launch, on reload and on every
/// edit; `render`, `test`, `clip`, `plot`, `map`, `bench`, `check` and `export`; a script's reloads) gets its sheet
/// from `ResolvedSheet.resolve`, and reads its decisions from here, never from the config again:
///
/// | decision | decided by |
/// |---|---|
/// | the device and canvas | `ConfigOverrides.applied(to:)`, then `SheetLabConfig.resolvedCanvas` |
/// | detent heights, the initial and the largest undimmed detent | `SheetSetup.init` (`DetentResolver`), with real text metrics |
/// | whether the view behind recedes | `SheetSetup.recedes` |
/// | the drawn corner radius and the style's geometry | `SheetSetup.cornerRadius`, `SheetSetup.shape(atHeight:)` |
/// | the background scene and content images | `ResolvedSheet.resolve`, which also keeps an earlier scene when it can |
struct ResolvedSheet {
    /// The document, its config with the overrides applied (the tree and warnings are the file's own).
    let document: ConfigDocument
    /// The decisions, in points.
    let setup: SheetSetup
    /// What is drawn behind the sheet, with its caches.
    let scene: any BackgroundScene
    /// Content images by their config path.
    let images: [String: Pixmap]
    /// The text engine the setup measured with and the renderer draws with.
    let text: TextEngine

    /// Resolves `document` under `overrides`. `previous`, the sheet shown before (a reload, an edit), lends its
    /// scene and its cached drawing when the background and the canvas are the same, so that a change to the sheet
    /// alone does not redraw the map; and its images, when the content names the same files in the same folder.
    /// `text` is the process's shared engine unless given (the bench opens the fonts anew to time the whole way).
    @MainActor
    static func resolve(_ document: ConfigDocument, overrides: ConfigOverrides = .none, reusing previous: ResolvedSheet? = nil,
                        text given: TextEngine? = nil) throws(PlatformFailure) -> ResolvedSheet {
        let document = overrides.applied(to: document)
        let text: TextEngine
        if let given { text = given } else { text = try RenderResources.text() }
        let setup = SheetSetup(config: document.config, measurer: MeasuredTextMetrics(engine: text))
        // What `previous` drew from the same folder can be kept.
        let kept = previous.flatMap { RenderResources.directory(of: $0.document) == RenderResources.directory(of: document) ? $0 : nil }
        let scene: any BackgroundScene
        if let kept, kept.document.config.background == document.config.background, kept.setup.canvas == setup.canvas {
            scene = kept.scene
        } else {
            scene = try RenderResources.scene(for: document, text: text)
        }
        let images: [String: Pixmap]
        if let kept, RenderResources.imagePaths(of: kept.document) == RenderResources.imagePaths(of: document) {
            images = kept.images
        } else {
            images = try RenderResources.contentImages(for: document)
        }
        return ResolvedSheet(document: document, setup: setup, scene: scene, images: images, text: text)
    }

    /// A renderer of this sheet, and of every sheet of `sheets` stacked over it, at `scale` pixels per point.
    /// Renderers of one sheet share its scene.
    func renderer(scale: Int) -> StackRenderer {
        StackRenderer(first: FrameRenderer(setup: setup, scale: scale, text: text, scene: scene, images: images), text: text, images: images)
    }
}

/// What the renderer needs from disk and from the platform: fonts, the scene, content images.
/// Inter's metrics for SheetKit's own measuring (`InstalledTextMetrics`: a config's validation), through the process's
/// one text engine (`RenderResources.text()`), opened on first use. The engine is the main thread's; a measure asked
/// for on another thread, or with the fonts missing (which a render then reports), is the estimate's.
struct InterTextMetrics: TextMeasuring {
    /// `measure` with Inter's metrics on the main thread, else with the estimate.
    private func measured<T: Sendable>(_ measure: @Sendable (any TextMeasuring) -> T) -> T {
        guard Thread.isMainThread else { return measure(EstimatedTextMetrics()) }
        return MainActor.assumeIsolated {
            guard let engine = try? RenderResources.text() else { return measure(EstimatedTextMetrics()) }
            return measure(MeasuredTextMetrics(engine: engine))
        }
    }
    func lines(of text: String, font: TextFont, maxWidth: Double) -> [String] { measured { $0.lines(of: text, font: font, maxWidth: maxWidth) } }
    func width(of line: String, font: TextFont) -> Double { measured { $0.width(of: line, font: font) } }
}

/// Their failures are `PlatformFailure`s: the config named them correctly, the machine could not deliver.
/// Only `ResolvedSheet.resolve` builds scenes and reads images.
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

    static func directory(of document: ConfigDocument) -> String {
        document.root == nil ? FileManager.default.currentDirectoryPath : Inputs.directory(of: document.file)
    }

    fileprivate static func scene(for document: ConfigDocument, text: TextEngine) throws(PlatformFailure) -> any BackgroundScene {
        switch document.config.background {
        case .scene(.map): return MapScene(text: text)
        case .scene(.list): return ListScene(text: text)
        case .scene(.gradient): return GradientScene(text: text)
        case .color(let c): return ColorScene(color: StraightRGBA8(c.red, c.green, c.blue, c.alpha), text: text)
        case .image(let path):
            return ImageScene(image: try image(path, relativeTo: directory(of: document), key: "background.image", file: document.file),
                              text: text)
        }
    }

    /// The image paths the content names, in order.
    fileprivate static func imagePaths(of document: ConfigDocument) -> [String] {
        sheetContents(of: document).flatMap { $0.content.compactMap { if case .image(let e) = $0 { e.path } else { nil } } }
    }

    /// Every sheet's content with the key path of its list: the first sheet's, then each of `sheets` in the file's order.
    fileprivate static func sheetContents(of document: ConfigDocument) -> [(key: String, content: [ContentElement])] {
        [("sheet.content", document.config.sheet.content)] + document.config.sheets.map { ("sheets.\($0.id).content", $0.sheet.content) }
    }

    /// Content images by their config path.
    fileprivate static func contentImages(for document: ConfigDocument) throws(PlatformFailure) -> [String: Pixmap] {
        var images: [String: Pixmap] = [:]
        for (key, content) in sheetContents(of: document) {
            for (i, element) in content.enumerated() {
                if case .image(let e) = element, images[e.path] == nil {
                    images[e.path] = try image(e.path, relativeTo: directory(of: document), key: "\(key)[\(i)].path", file: document.file)
                }
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
}
