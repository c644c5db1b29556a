import Platform
import Raster
import SheetKit
import SheetRender

/// The dropped reference as the window draws it (`Designer.reference`): the file read once per path, then fitted to the
/// canvas's pixels with the display's corners the live frames have, once per key. A new drop, a rotation, a new density
/// or a new device makes a new picture; an edit that leaves the canvas as it was reuses it.
final class ReferencePicture {
    struct Key: Equatable {
        var path: String
        var width: Int
        var height: Int
        var canvas: Canvas
        /// Black columns right of the picture, in pixels: the gap side by side.
        var gap: Int
    }

    private var source: (path: String, picture: Pixmap?)?
    private var shown: (key: Key, picture: Pixmap?)?

    /// The picture at `path` filling the frames of `renderer` (a screenshot measured in the window is the canvas's
    /// size), with their display corners and `gap` black columns on its right; nil when the file cannot be read any more.
    func picture(_ path: String, for renderer: StackRenderer, gap: Int) -> Pixmap? {
        let key = Key(path: path, width: renderer.widthPixels, height: renderer.heightPixels, canvas: renderer.setup.canvas, gap: gap)
        if let shown, shown.key == key { return shown.picture }
        if source?.path != path { source = (path, try? ImageFiles.read(path)) }
        let fitted = source?.picture.map { read in
            var out = read.width == key.width && read.height == key.height ? read : read.scaledToFill(width: key.width, height: key.height)
            renderer.applyDisplayCorners(to: &out)
            guard gap > 0 else { return out }
            var padded = Pixmap(width: out.width + gap, height: out.height, fill: .black)
            padded.draw(out, x: 0, y: 0)
            return padded
        }
        shown = (key, fitted)
        return fitted
    }
}

extension App {
    /// The reference's picture at the canvas's pixels when the designer shows it as `view` (side by side, with the gap
    /// on its right); nil otherwise.
    func reference(shownAs view: Reference.View) -> Pixmap? {
        guard let reference = designer.reference, reference.view == view else { return nil }
        let gap = view == .sideBySide ? Int((Reference.sideBySideGap * Double(renderer.scale)).rounded()) : 0
        return referencePicture.picture(reference.path, for: renderer, gap: gap)
    }
}
