import Platform
import Raster
import SheetKit

/// The dropped reference as the window draws it (`Designer.reference`): read from its file once, scaled once to the
/// canvas's pixels. One key, the path and the size: a new drop, a rotation or a new density makes a new picture.
final class ReferencePicture {
    struct Key: Equatable {
        var path: String
        var width: Int
        var height: Int
    }

    private var key: Key?
    private var picture: Pixmap?

    /// The picture at `path` filling `width`×`height` pixels (same scale as the canvas: a measured screenshot is the
    /// canvas's size); nil when the file cannot be read any more.
    func picture(_ path: String, width: Int, height: Int) -> Pixmap? {
        let wanted = Key(path: path, width: width, height: height)
        if wanted != key {
            key = wanted
            picture = (try? ImageFiles.read(path)).map { read in
                read.width == width && read.height == height ? read : read.scaledToFill(width: width, height: height)
            }
        }
        return picture
    }
}

extension App {
    /// The reference's picture at the canvas's pixels when the designer shows it as `view`; nil otherwise.
    func reference(shownAs view: Reference.View) -> Pixmap? {
        guard let reference = designer.reference, reference.view == view else { return nil }
        return referencePicture.picture(reference.path, width: renderer.frame.width, height: renderer.frame.height)
    }
}
