import CGIF
import Foundation
import Raster

/// Animated GIF through giflib: each frame redraws only its changed rectangle, with a palette of its
/// own and dithering (`IndexedFrames`); unchanged frames lengthen the one before.
///
/// GIF delays are centiseconds, and browsers stretch delays under 2 cs to 10 cs: at most 50 fps.
public final class GIFEncoder: AnimationEncoder {
    public static let maxFPS = 50.0

    let path: String
    let temporary: String
    var file: UnsafeMutablePointer<GifFileType>?
    var frames: IndexedFrames
    /// The frame waiting for its delay, which the next frame's time decides.
    var pending: (frame: IndexedFrame, time: Double)?

    public init(path: String, width: Int, height: Int) throws {
        self.path = path
        // Beside the file `path` names (a link is followed), or in the temporary folder for a device or a FIFO.
        temporary = AtomicFile.scratchPath(for: path)
        frames = IndexedFrames(width: width, height: height)
        var error: Int32 = 0
        guard let file = EGifOpenFileName(temporary, false, &error) else { throw Self.failure(path, "cannot create the file", error) }
        self.file = file
        EGifSetGifVersion(file, true)
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else {
            throw closing("cannot write the header")
        }
        // NETSCAPE2.0: loop forever.
        let loop: [UInt8] = [1, 0, 0]
        let ok = EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK
            && Array("NETSCAPE2.0".utf8).withUnsafeBufferPointer { EGifPutExtensionBlock(file, 11, $0.baseAddress) } == GIF_OK
            && loop.withUnsafeBufferPointer { EGifPutExtensionBlock(file, 3, $0.baseAddress) } == GIF_OK
            && EGifPutExtensionTrailer(file) == GIF_OK
        guard ok else { throw closing("cannot write the loop extension") }
    }

    deinit {
        if let file {
            var error: Int32 = 0
            _ = EGifCloseFile(file, &error)
            unlink(temporary)
        }
    }

    public func add(_ frame: Pixmap, at time: Double) throws {
        guard let indexed = frames.next(frame) else { return }
        if let p = pending { try write(p.frame, from: p.time, to: time) }
        pending = (indexed, time)
    }

    public func finish(at end: Double) throws {
        if let p = pending { try write(p.frame, from: p.time, to: max(end, p.time)) }
        pending = nil
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else {
            unlink(temporary)
            throw Self.failure(path, "cannot finish the file", error)
        }
        // giflib creates its file private (0600); a clip is made to be shared, like any file the umask allows.
        let mask = umask(0)
        umask(mask)
        chmod(temporary, 0o666 & ~mask)
        try AtomicFile.replace(path) { target in
            guard rename(temporary, target) == 0 else {
                unlink(temporary)
                throw PlatformError(message: "\(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    func write(_ frame: IndexedFrame, from start: Double, to end: Double) throws {
        guard let file else { return }
        let delay = max(1, wholeUnits(end, per: 10) - wholeUnits(start, per: 10))
        var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(min(delay, 65535)),
                                           TransparentColor: frame.transparentIndex.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK else {
            throw closing("cannot write a frame's delay")
        }
        // A colour map's size is a power of two; the palette (and a transparent entry) fits in 256.
        var colors = frame.palette.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        let needed = colors.count + (frame.transparentIndex == nil ? 0 : 1)
        var bits = 1
        while 1 << bits < needed { bits += 1 }
        colors += [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: (1 << bits) - colors.count)
        let r = frame.rect
        let ok = colors.withUnsafeMutableBufferPointer { buffer in
            var map = ColorMapObject(ColorCount: Int32(buffer.count), BitsPerPixel: Int32(bits), SortFlag: false, Colors: buffer.baseAddress)
            return EGifPutImageDesc(file, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height), false, &map) == GIF_OK
        }
        guard ok else { throw closing("cannot write a frame") }
        var indices = frame.indices
        let rowsOK = indices.withUnsafeMutableBufferPointer { buffer in
            (0..<r.height).allSatisfy { row in EGifPutLine(file, buffer.baseAddress! + row * r.width, Int32(r.width)) == GIF_OK }
        }
        guard rowsOK else { throw closing("cannot write a frame's pixels (a full disk?)") }
    }

    /// Closes and removes the half-written file, and says why.
    func closing(_ what: String) -> PlatformError {
        let code = file?.pointee.Error ?? 0
        if let file {
            var error: Int32 = 0
            _ = EGifCloseFile(file, &error)
        }
        file = nil
        unlink(temporary)
        return Self.failure(path, what, code)
    }

    static func failure(_ path: String, _ what: String, _ code: Int32) -> PlatformError {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return PlatformError(message: "\(path): \(what): \(reason)")
    }
}
