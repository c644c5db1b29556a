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
    /// Renderers of one sheet share its scene. One that draws a single frame (`render`, a `test` snapshot) skips what
    /// only the frames after it use: the resting shapes' outlines prepared after the first (same pixels).
    func renderer(scale: Int, oneFrame: Bool = false) -> StackRenderer {
        let renderer = StackRenderer(first: FrameRenderer(setup: setup, scale: scale, text: text, scene: scene, images: images),
                                     text: text, images: images)
        if oneFrame { renderer.preparesAfterFirstFrame = false }
        return renderer
    }
}
