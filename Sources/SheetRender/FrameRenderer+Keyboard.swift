import Raster
import SheetKit

extension FrameRenderer {
    /// The keyboard's picture for this renderer's look, drawn once (`KeyboardArt`) and kept.
    var keyboardPixmap: Pixmap {
        if let art = keyboardArt, art.look == keyboardLook { return art.pixmap }
        let pixmap = KeyboardArt.draw(keyboardLook, text: text)
        keyboardArt = (keyboardLook, pixmap)
        return pixmap
    }

    /// How many of the canvas's bottom rows the keyboard shows this frame: `visual.keyboard` points, at most the
    /// keyboard's full height and the canvas's.
    func keyboardRows(_ visual: SheetVisual) -> Int {
        guard visual.keyboard > 0 else { return 0 }
        let full = Int((keyboardLook.height * Double(scale)).rounded())
        return max(0, min(Int((visual.keyboard * Double(scale)).rounded()), full, heightPixels))
    }

    /// The first canvas row the keyboard covers with opaque pixels, down to the canvas's bottom: the stages before it
    /// need not draw those rows. `heightPixels` when no keyboard shows (and so every frame without one is the same).
    func keyboardCut(_ visual: SheetVisual) -> Int {
        let n = keyboardRows(visual)
        guard n > 0 else { return heightPixels }
        return min(heightPixels, heightPixels - n + keyboardLook.translucentRows)
    }

    /// Puts the keyboard's top `keyboardRows` rows at the canvas's bottom: opaque rows copied, the glass keyboard's
    /// rounded top corners composited over what is behind. Returns the keyboard's top row (`heightPixels` when none).
    @discardableResult
    func drawKeyboard(_ visual: SheetVisual) -> Int {
        let n = keyboardRows(visual)
        guard n > 0 else { return heightPixels }
        let art = keyboardPixmap
        let w = min(widthPixels, art.width), top = heightPixels - n
        let translucent = min(n, keyboardLook.translucentRows)
        art.pixels.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                for i in 0..<n {
                    let from = src.baseAddress! + i * art.width, to = dst.baseAddress! + (top + i) * widthPixels
                    if i < translucent { PixelRow.over(from, onto: to, count: w) } else { to.update(from: from, count: w) }
                }
            }
        }
        return top
    }
}
