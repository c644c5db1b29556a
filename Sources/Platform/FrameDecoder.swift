import Foundation
import Raster

/// One frame of a recording: its pixels and when it is first shown.
public struct DecodedFrame: Sendable {
    /// Premultiplied RGBA8, the recording's full size.
    public var pixmap: Pixmap
    /// Seconds from the recording's first frame (its real presentation time, so a variable frame rate is kept).
    public var time: Double
    /// How long the file shows it, in seconds, when the file says: an animated WebP lengthens a frame instead of
    /// repeating it, so its last frame's rest is known only from this. Nil for a video's frames, which last until the next.
    public var duration: Double?

    public init(pixmap: Pixmap, time: Double, duration: Double? = nil) {
        self.pixmap = pixmap
        self.time = time
        self.duration = duration
    }
}

/// A recording read one frame at a time, so that a long 3× recording never sits in memory whole.
public protocol FrameSource: AnyObject {
    /// The file it reads, for error messages.
    var path: String { get }
    /// Frame size in pixels.
    var width: Int { get }
    var height: Int { get }
    /// The next frame in presentation order, or nil after the last one.
    func next() throws -> DecodedFrame?
}

/// Opens a screen recording or an animated clip for reading, frame by frame.
///
/// Animated WebP goes through libwebp's animation decoder (ffmpeg's WebP decoder reads only still WebP); GIF, MP4, MOV
/// and whatever else ffmpeg reads go through the `ffmpeg` program, raw RGBA down a pipe, with each frame's own
/// presentation time from `ffprobe`.
public enum FrameDecoder {
    /// Which reader a file needs, from its first bytes.
    enum Container: Equatable { case webp, other }

    static func container(of head: Data) -> Container {
        let bytes = [UInt8](head.prefix(12))
        if bytes.count == 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] { return .webp }
        return .other
    }

    /// Whether the file's first bytes (12 are enough) are a recording's: an MP4 or QuickTime movie (an `ftyp`, `moov`,
    /// `mdat`, `wide`, `free` or `skip` box first), Matroska or WebM, AVI, GIF, or WebP (a still WebP is a recording of
    /// one frame). PNG and JPEG are not: they are screenshots.
    public static func isRecording(head: Data) -> Bool {
        let b = [UInt8](head.prefix(12))
        guard b.count >= 4 else { return false }
        if b.count >= 6, b[0..<6].elementsEqual("GIF87a".utf8) || b[0..<6].elementsEqual("GIF89a".utf8) { return true }
        if b[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] { return true }
        guard b.count >= 12 else { return false }
        if b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WEBP".utf8) || b[8..<12].elementsEqual("AVI ".utf8) { return true }
        let box = String(decoding: b[4..<8], as: UTF8.self)
        return ["ftyp", "moov", "mdat", "wide", "free", "skip"].contains(box)
    }

    /// `isRecording(head:)` of the file at `path`; false when it cannot be read (the image reader then says why).
    public static func isRecording(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return isRecording(head: (try? handle.read(upToCount: 12)) ?? Data())
    }

    /// The reader for `path`. Throws, naming the file, when it cannot be read, is not a recording (a still image, a
    /// text file), or needs ffmpeg and ffmpeg is not installed.
    public static func open(_ path: String, ffmpeg: String? = FFmpegEncoder.executable()) throws -> any FrameSource {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PlatformError(message: "\(path): cannot read the file (\(String(cString: strerror(errno))))")
        }
        let head = (try? handle.read(upToCount: 12)) ?? Data()
        try? handle.close()
        switch container(of: head) {
        case .webp:
            return try WebPFrameSource(path: path)
        case .other:
            guard let ffmpeg else {
                throw PlatformError(message: "\(path): recordings other than WebP are read by ffmpeg, which is not installed "
                                    + "(apt-get install \(FFmpegEncoder.package))")
            }
            return try FFmpegFrameSource(path: path, ffmpeg: ffmpeg)
        }
    }
}
