import Raster
import SheetKit

extension FrameRenderer {
    /// What the renderer adds over the finished frame: the light status bar over a receded backdrop,
    /// then the display's rounded corners when `canvas.displayCorners` is on.
    func finishFrame(_ visual: SheetVisual) {
        drawRecededStatusBar()
        applyDisplayCorners()
        // What the backdrop drew outside the rows these two touched is still the backdrop.
        var top = 0, bottom = heightPixels
        if recede.level > 0, let bars = recede.statusBars { top = max(top, bars.rows.upperBound) }
        if cornersApply, let mask = recede.displayCorners { top = max(top, mask.size); bottom = min(bottom, heightPixels - mask.size) }
        frameBackdrop.finish(untouched: top..<max(top, bottom))
    }

    /// Whether the frame gets the display's rounded corners.
    var cornersApply: Bool { setup.canvas.displayCorners && setup.canvas.displayCornerRadius > 0 }

    /// Draws the frame with the display's rounded corners, black outside them, when the canvas asks.
    func applyDisplayCorners() {
        guard cornersApply else { return }
        if recede.displayCorners == nil {
            recede.displayCorners = DisplayCornerMask(radius: setup.canvas.displayCornerRadius * Double(scale),
                                                      width: widthPixels, height: heightPixels)
        }
        recede.displayCorners!.apply(to: &frame)
    }

    /// Over a receded backdrop, the status bar in light ink (fading in as the black band above the view
    /// opens, the dark ink fading out): the scene's own status bar is not drawn shrunk inside the view.
    func drawRecededStatusBar() {
        let state = recede
        guard state.level > 0 else { return }
        if state.statusBars == nil {
            let rows = min(heightPixels, Int((setup.canvas.safeTop * Double(scale)).rounded(.up)) + 2)
            var light = Pixmap(width: widthPixels, height: rows), dark = light
            StatusBar.draw(width: setup.canvas.width, safeTop: setup.canvas.safeTop, scale: scale, dark: false, text: state.text, into: &light)
            StatusBar.draw(width: setup.canvas.width, safeTop: setup.canvas.safeTop, scale: scale, dark: true, text: state.text, into: &dark)
            let w = widthPixels
            let inked = (0..<rows).filter { y in (0..<w).contains { light.pixels[y * w + $0] != 0 || dark.pixels[y * w + $0] != 0 } }
            state.statusBars = (light, dark, (inked.first ?? 0)..<((inked.last ?? -1) + 1))
        }
        let bars = state.statusBars!
        let lightK = Pixel.factor(state.geometry.lightInk), darkK = 255 - lightK
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
