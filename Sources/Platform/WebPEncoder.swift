import CWebP
import Foundation
import Raster

/// Animated WebP through libwebp's animation encoder (libwebpmux), which keeps only the changed
/// rectangle of each frame and merges frames that did not change into the one before.
public final class WebPEncoder: AnimationEncoder {
    /// Lossless keeps every pixel (a frame equals `render`'s PNG); lossy is at `quality` (0–100).
    public enum Compression: Sendable, Equatable {
        /// `effort` 0–9: libwebp's lossless preset level.
        case lossless(effort: Int)
        case lossy(quality: Float)
    }

    let path: String
    let width: Int
    let height: Int
    var config = WebPConfig()
    let encoder: OpaquePointer
    var lastTimestamp = -1

    public init(path: String, width: Int, height: Int, compression: Compression) throws {
        self.path = path
        self.width = width
        self.height = height
        var options = WebPAnimEncoderOptions()
        guard sheetlab_WebPAnimEncoderOptionsInit(&options) != 0, sheetlab_WebPConfigInit(&config) != 0 else {
            throw PlatformError(message: "\(path): libwebp does not match the headers it was built with")
        }
        options.anim_params.loop_count = 0  // forever
        options.anim_params.bgcolor = 0xFFFF_FFFF
        // Key frames cost a whole frame each; a clip is watched from its start, so only the first is one.
        options.kmax = 0
        options.allow_mixed = 0
        switch compression {
        case .lossless(let effort):
            // Level 0 of 0–9 by default. Measured on a 2 s clip of the glass default's demo (121 frames, 1×, whole
            // command on a quiet machine): level 0 5.4 MB in 0.9 s, level 1 3.9 MB in 3.7 s.
            _ = WebPConfigLosslessPreset(&config, Int32(min(9, max(0, effort))))
        case .lossy(let quality):
            config.lossless = 0
            config.quality = quality
            config.method = 2
        }
        guard let encoder = sheetlab_WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw PlatformError(message: "\(path): cannot start a \(width)×\(height) WebP animation")
        }
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    public func add(_ frame: Pixmap, at time: Double) throws {
        precondition(frame.width == width && frame.height == height, "every frame has the clip's size")
        let timestamp = wholeUnits(time, per: 1)
        var picture = WebPPicture()
        guard sheetlab_WebPPictureInit(&picture) != 0 else { throw PlatformError(message: "\(path): cannot make a WebP picture") }
        defer { WebPPictureFree(&picture) }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        // Packed pixels are the bytes R, G, B, A in memory; an opaque frame's premultiplied bytes are its straight ones.
        let imported = frame.pixels.withUnsafeBytes { raw in
            WebPPictureImportRGBA(&picture, raw.bindMemory(to: UInt8.self).baseAddress, Int32(width * 4))
        }
        guard imported != 0 else { throw PlatformError(message: "\(path): out of memory importing a frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw PlatformError(message: "\(path): WebP encoding failed at \(timestamp) ms: \(error)")
        }
        lastTimestamp = timestamp
    }

    public func finish(at end: Double) throws {
        let timestamp = max(wholeUnits(end, per: 1), lastTimestamp + 1)
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
            throw PlatformError(message: "\(path): WebP encoding failed at the end: \(error)")
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw PlatformError(message: "\(path): cannot assemble the WebP animation: \(error)")
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        let bytes = Data(bytes: data.bytes, count: data.size)
        try AtomicFile.replace(path) { temporary in
            try AtomicFile.writeData(bytes, to: temporary, naming: path)
        }
    }

    var error: String { WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error" }
}
