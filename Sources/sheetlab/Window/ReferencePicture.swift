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
    }

    private var source: (path: String, picture: Pixmap?)?
    private var shown: (key: Key, picture: Pixmap?)?

    /// The picture at `path` filling the frames of `renderer` (a screenshot measured in the window is the canvas's
    /// size), with their display corners; nil when the file cannot be read any more.
    func picture(_ path: String, for renderer: StackRenderer) -> Pixmap? {
        let key = Key(path: path, width: renderer.widthPixels, height: renderer.heightPixels, canvas: renderer.setup.canvas)
        if let shown, shown.key == key { return shown.picture }
        if source?.path != path { source = (path, try? ImageFiles.read(path)) }
        let fitted = source?.picture.map { read in
            var out = read.width == key.width && read.height == key.height ? read : read.scaledToFill(width: key.width, height: key.height)
            renderer.applyDisplayCorners(to: &out)
            return out
        }
        shown = (key, fitted)
        return fitted
    }
}

extension App {
    /// The reference's picture at the canvas's pixels when the designer shows it as `view`; nil otherwise.
    func reference(shownAs view: Reference.View) -> Pixmap? {
        guard let reference = designer.reference, reference.view == view else { return nil }
        return referencePicture.picture(reference.path, for: renderer)
    }
}
