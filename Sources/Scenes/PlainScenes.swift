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

/// A scene that is one still picture under the status bar, drawn once per pixmap size, status bar and appearance
/// (`BaseCache`) and copied for every frame; a tap sends out a ripple. The shell of `ColorScene`, `ImageScene` and
/// `GradientScene`: each gives only its picture.
public class PlainScene: BackgroundScene {
    private let text: TextEngine?
    /// The scene's picture, `width` × `height` pixels for a context, opaque, without the status bar.
    private let picture: (_ width: Int, _ height: Int, SceneContext) -> Pixmap
    private var cache = BaseCache()

    /// A scene showing `picture`; with `text`, the status bar is drawn over it.
    init(text: TextEngine?, picture: @escaping (_ width: Int, _ height: Int, SceneContext) -> Pixmap) {
        self.text = text
        self.picture = picture
    }

    public func render(_ context: SceneContext, into pixmap: inout Pixmap) {
        pixmap.copyAll(from: base(context, width: pixmap.width, height: pixmap.height))
        if let tap = context.tap { Ripple.draw(tap, scale: max(1, context.scale), into: &pixmap) }
    }

    /// The first `top.height` rows of what `render` draws with the status bar: the base drawn without it is
    /// copied, the status bar drawn over and the tap's ripple over that.
    public func drawStatusBar(_ context: SceneContext, over top: inout Pixmap) {
        var plain = context
        plain.showsStatusBar = false
        let drawn = base(plain, width: top.width, height: context.pixelHeight)
        let n = min(top.pixels.count, drawn.pixels.count)
        top.pixels.withUnsafeMutableBufferPointer { dst in
            drawn.pixels.withUnsafeBufferPointer { src in dst.baseAddress!.update(from: src.baseAddress!, count: n) }
        }
        // The ink suits the scene under the whole status bar area, as `base(_:width:height:)` finds it.
        if let text, context.safeTop >= 12 {
            let scale = max(1, context.scale)
            let dark = StatusBar.prefersDarkInk(over: drawn, safeTop: context.safeTop, scale: scale)
            StatusBar.draw(width: Double(drawn.width) / Double(scale), safeTop: context.safeTop, scale: scale, dark: dark, text: text, into: &top)
        }
        if let tap = context.tap { Ripple.draw(tap, scale: max(1, context.scale), into: &top, canvas: drawn) }
    }

    public func isAnimating(_ context: SceneContext) -> Bool { Ripple.isActive(context.tap) }

    /// The picture with the status bar over it, its ink chosen from the pixels under it (none without a text engine).
    private func base(_ context: SceneContext, width: Int, height: Int) -> Pixmap {
        cache.get(width: width, height: height, scale: context.scale, context: context) {
            var p = picture(width, height, context)
            if let text, context.showsStatusBar {
                StatusBar.drawAdaptive(width: Double(p.width) / Double(max(1, context.scale)), safeTop: context.safeTop,
                                       scale: max(1, context.scale), text: text, into: &p)
            }
            return p
        }
    }
}

/// A single solid colour under the status bar (dark or light ink, whichever reads); a tap sends out a ripple.
public final class ColorScene: PlainScene {
    /// The colour, as designers write it; a translucent colour is shown over white.
    public let color: StraightRGBA8

    /// A scene filled with `color`; with `text`, the status bar is drawn over it.
    public init(color: StraightRGBA8, text: TextEngine? = nil) {
        self.color = color
        let fill = PremultipliedRGBA8(packed: Pixel.over(color.premultiplied.packed, PremultipliedRGBA8.white.packed))
        super.init(text: text) { width, height, _ in Pixmap(width: width, height: height, fill: fill) }
    }
}

/// A designer's image scaled to fill the canvas (aspect-fill, centred crop, bilinear) under the status bar,
/// its ink chosen from the image's luminance under the bar; a tap sends out a ripple.
public final class ImageScene: PlainScene {
    /// The image as given.
    public let image: Pixmap

    /// A scene showing `image` scaled to fill; with `text`, the status bar is drawn over it.
    public init(image: Pixmap, text: TextEngine? = nil) {
        self.image = image
        super.init(text: text) { width, height, _ in ImageScene.aspectFill(image, width: width, height: height) }
    }

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
