import Raster
import SheetKit

extension FrameRenderer {
    /// What the renderer adds over the finished frame: the light status bar over a receded backdrop,
    /// then the display's rounded corners when `canvas.displayCorners` is on.
    func finishFrame(_ visual: SheetVisual) {
        let keyboardTop = timed(.keyboard) {
            let top = drawKeyboard(visual)
            drawRecededStatusBar()
            return top
        }
        timed(.corners) { applyDisplayCorners() }
        // What the backdrop drew outside the rows these two touched is still the backdrop.
        var top = 0, bottom = keyboardTop
        if receding { top = max(top, statusBars.rows.upperBound) }
        if cornersApply, let mask = displayCorners { top = max(top, mask.size); bottom = min(bottom, heightPixels - mask.size) }
        frameBackdrop.finish(untouched: top..<max(top, bottom))
    }

    /// Whether the frame gets the display's rounded corners.
    var cornersApply: Bool { appliesDisplayCorners && setup.canvas.displayCorners && setup.canvas.displayCornerRadius > 0 }

    /// Draws the frame with the display's rounded corners, black outside them, when the canvas asks.
    func applyDisplayCorners() {
        guard cornersApply else { return }
        if displayCorners == nil {
            displayCorners = DisplayCornerMask(radius: setup.canvas.displayCornerRadius * Double(scale),
                                                      width: widthPixels, height: heightPixels)
        }
        displayCorners!.apply(to: &frame)
    }

    /// Over a receded backdrop, the status bar in light ink (fading in as the black band above the view
    /// opens, the dark ink fading out): the scene's own status bar is not drawn shrunk inside the view.
    func drawRecededStatusBar() {
        guard receding else { return }
        let bars = statusBars
        let lightK = Pixel.factor(recededView.geometry.lightInk), darkK = 255 - lightK
        let from = bars.rows.lowerBound * widthPixels, count = bars.rows.count * widthPixels
        guard count > 0 else { return }
        bars.light.pixels.withUnsafeBufferPointer { light in
            bars.dark.pixels.withUnsafeBufferPointer { dark in
                frame.pixels.withUnsafeMutableBufferPointer { dst in
                    if darkK > 0 { PixelRow.over(dark.baseAddress! + from, opacity: darkK, onto: dst.baseAddress! + from, count: count) }
                    if lightK > 0 { PixelRow.over(light.baseAddress! + from, opacity: lightK, onto: dst.baseAddress! + from, count: count) }
                }
            }
        }
    }
}

/// The status bar in light and in dark ink over transparency, and the rows that hold ink.
struct StatusBarInk {
    let light: Pixmap
    let dark: Pixmap
    let rows: Range<Int>

    init(width: Int, height: Int, canvas: Canvas, scale: Int, text: TextEngine) {
        let n = min(height, Int((canvas.safeTop * Double(scale)).rounded(.up)) + 2)
        var light = Pixmap(width: width, height: n), dark = light
        StatusBar.draw(width: canvas.width, safeTop: canvas.safeTop, scale: scale, dark: false, text: text, into: &light)
        StatusBar.draw(width: canvas.width, safeTop: canvas.safeTop, scale: scale, dark: true, text: text, into: &dark)
        let inked = (0..<n).filter { y in (0..<width).contains { light.pixels[y * width + $0] != 0 || dark.pixels[y * width + $0] != 0 } }
        self.light = light
        self.dark = dark
        rows = (inked.first ?? 0)..<((inked.last ?? -1) + 1)
    }
}
