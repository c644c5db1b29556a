import Raster

/// Something that turns frames into an animation file: WebP, GIF or MP4.
///
/// Frames arrive in order, each with the time (ms from the clip's start) from which it shows;
/// each shows until the next frame's time, and the last until `finish(at:)`'s time.
/// Frames are opaque premultiplied pixels, all of the size the encoder was made for.
public protocol AnimationEncoder: AnyObject {
    func add(_ frame: Pixmap, at time: Double) throws
    /// Ends the animation at `end` ms and writes the file (atomically: a reader never sees half a clip).
    func finish(at end: Double) throws
}

/// Clip times to whole units (ms for WebP, cs for GIF) without drift: each frame's start is rounded, not
/// each duration, so that 60 fps in ms is 17, 17, 16, … and the total is exact.
public func wholeUnits(_ time: Double, per unit: Double) -> Int {
    Int((time / unit).rounded())
}
