import Foundation
import Raster

/// The base image of a plain scene, drawn once per pixmap size, status bar and appearance, and reused for every frame.
struct BaseCache {
    var key: [Int] = []
    var base: Pixmap?

    mutating func get(width: Int, height: Int, scale: Int, context: SceneContext? = nil, draw: () -> Pixmap) -> Pixmap {
        let k = [width, height, scale, Int(((context?.safeTop ?? 0) * 64).rounded()), context?.isDark == true ? 1 : 0, context?.showsStatusBar == false ? 0 : 1]
        if k != key || base == nil { base = draw(); key = k }
        return base!
    }
}

/// Draws the status bar over `base`, its ink chosen from the pixels under it; nothing without a text engine.
func addStatusBar(_ base: inout Pixmap, _ context: SceneContext, text: TextEngine?) {
    guard let text, context.showsStatusBar else { return }
    StatusBar.drawAdaptive(width: Double(base.width) / Double(max(1, context.scale)), safeTop: context.safeTop,
                           scale: max(1, context.scale), text: text, into: &base)
}

/// The first `top.height` rows of what `present` draws from `base` with its status bar: `base` (drawn without it)
/// is copied, the status bar drawn over and the tap's ripple over that, as a scene drawing its status bar does.
func presentStatusBar(_ base: Pixmap, _ context: SceneContext, text: TextEngine?, into top: inout Pixmap) {
    let n = min(top.pixels.count, base.pixels.count)
    top.pixels.withUnsafeMutableBufferPointer { dst in
        base.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: n) }
    }
    // The ink suits the scene under the whole status bar area, as `addStatusBar` finds it in the base.
    if let text, context.safeTop >= 12 {
        let scale = max(1, context.scale)
        let dark = StatusBar.prefersDarkInk(over: base, safeTop: context.safeTop, scale: scale)
        StatusBar.draw(width: Double(base.width) / Double(scale), safeTop: context.safeTop, scale: scale, dark: dark, text: text, into: &top)
    }
    if let tap = context.tap { Ripple.draw(tap, scale: max(1, context.scale), into: &top, canvas: base) }
}

/// Copies the base and draws the tap's ripple over it.
func present(_ base: Pixmap, _ context: SceneContext, into pixmap: inout Pixmap) {
    pixmap.copyAll(from: base)
    if let tap = context.tap { Ripple.draw(tap, scale: max(1, context.scale), into: &pixmap) }
}

/// A single solid colour under the status bar (dark or light ink, whichever reads); a tap sends out a ripple.
public final class ColorScene: BackgroundScene {
    /// The colour, as designers write it; a translucent colour is shown over white.
    public let color: StraightRGBA8
    private let text: TextEngine?
    private var cache = BaseCache()

    /// A scene filled with `color`; with `text`, the status bar is drawn over it.
    public init(color: StraightRGBA8, text: TextEngine? = nil) { self.color = color; self.text = text }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        present(base(context, width: pixmap.width, height: pixmap.height), context, into: &pixmap)
    }

    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
        var plain = context
        plain.showsStatusBar = false
        presentStatusBar(base(plain, width: top.width, height: context.pixelHeight), context, text: text, into: &top)
    }

    private func base(_ context: SceneContext, width: Int, height: Int) -> Pixmap {
        let fill = PremultipliedRGBA8(packed: Pixel.over(color.premultiplied.packed, PremultipliedRGBA8.white.packed))
        return cache.get(width: width, height: height, scale: context.scale, context: context) {
            var p = Pixmap(width: width, height: height, fill: fill)
            addStatusBar(&p, context, text: text)
            return p
        }
    }

    public func isAnimating(_ context: SceneContext) -> Bool { Ripple.isActive(context.tap) }
}

/// A designer's image scaled to fill the canvas (aspect-fill, centred crop, bilinear) under the status bar,
/// its ink chosen from the image's luminance under the bar; a tap sends out a ripple.
public final class ImageScene: BackgroundScene {
    /// The image as given.
    public let image: Pixmap
    private let text: TextEngine?
    private var cache = BaseCache()

    /// A scene showing `image` scaled to fill; with `text`, the status bar is drawn over it.
    public init(image: Pixmap, text: TextEngine? = nil) { self.image = image; self.text = text }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        present(base(context, width: pixmap.width, height: pixmap.height), context, into: &pixmap)
    }

    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
        var plain = context
        plain.showsStatusBar = false
        presentStatusBar(base(plain, width: top.width, height: context.pixelHeight), context, text: text, into: &top)
    }

    private func base(_ context: SceneContext, width: Int, height: Int) -> Pixmap {
        cache.get(width: width, height: height, scale: context.scale, context: context) {
            var p = Self.aspectFill(image, width: width, height: height)
            addStatusBar(&p, context, text: text)
            return p
        }
    }

    public func isAnimating(_ context: SceneContext) -> Bool { Ripple.isActive(context.tap) }

    /// `image` scaled to cover `width` × `height` pixels and centred, with the overflow cropped, made opaque over white.
    static func aspectFill(_ image: Pixmap, width: Int, height: Int) -> Pixmap {
        guard image.width > 0, image.height > 0, width > 0, height > 0 else {
            return Pixmap(width: width, height: height, fill: SceneColor.rgb(229, 229, 234))
        }
        var out = image.scaledToFill(width: width, height: height)
        out.flatten(over: .white)
        return out
    }
}
