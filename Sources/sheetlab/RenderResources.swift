import Foundation
import Platform
import Raster
import SheetKit
import SheetRender

/// What the renderer needs from disk and from the platform: fonts, the scene, content images.
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

    static func scene(for document: ConfigDocument, text: TextEngine) throws(PlatformFailure) -> any BackgroundScene {
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
    static func imagePaths(of document: ConfigDocument) -> [String] {
        sheetContents(of: document).flatMap { $0.content.compactMap { if case .image(let e) = $0 { e.path } else { nil } } }
    }

    /// Every sheet's content with the key path of its list: the first sheet's, then each of `sheets` in the file's order.
    static func sheetContents(of document: ConfigDocument) -> [(key: String, content: [ContentElement])] {
        [("sheet.content", document.config.sheet.content)] + document.config.sheets.map { ("sheets.\($0.id).content", $0.sheet.content) }
    }

    /// Content images by their config path.
    static func contentImages(for document: ConfigDocument) throws(PlatformFailure) -> [String: Pixmap] {
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
