import CWebP
import Foundation
import Raster

/// Animated (or still) WebP through libwebp's `WebPAnimDecoder`, which composes each frame onto the full canvas and
/// hands it out premultiplied (`MODE_rgbA`), the encoding `Pixmap` keeps.
final class WebPFrameSource: FrameSource {
    let path: String
    let width: Int
    let height: Int
    /// The whole file: the decoder reads from it until it is deleted. Compressed, so small next to the frames.
    private let bytes: UnsafeMutableRawBufferPointer
    private let decoder: OpaquePointer
    /// The end of the previous frame in ms: libwebp gives each frame's end, and a frame is shown from the one before's.
    private var previousEnd: Int32 = 0

    init(path: String) throws {
        self.path = path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlatformError(message: "\(path): cannot read the file")
        }
        bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        data.copyBytes(to: bytes)
        var options = WebPAnimDecoderOptions()
        guard sheetlab_WebPAnimDecoderOptionsInit(&options) != 0 else {
            bytes.deallocate()
            throw PlatformError(message: "\(path): libwebp's demuxer does not match the headers it was built with")
        }
        options.color_mode = MODE_rgbA
        options.use_threads = 0
        var webp = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: data.count)
        guard let decoder = sheetlab_WebPAnimDecoderNew(&webp, &options) else {
            bytes.deallocate()
            throw PlatformError(message: "\(path): not a WebP that libwebp can read (a damaged or truncated file)")
        }
        self.decoder = decoder
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else {
            WebPAnimDecoderDelete(decoder)
            bytes.deallocate()
            throw PlatformError(message: "\(path): a WebP without a canvas size")
        }
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    func next() throws -> DecodedFrame? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>?
        var end: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer else {
            throw PlatformError(message: "\(path): a damaged WebP frame after \(Double(previousEnd) / 1000) s")
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: buffer, count: width * height * 4)) }
        let start = previousEnd
        previousEnd = end
        return DecodedFrame(pixmap: Pixmap(width: width, height: height, pixels: pixels), time: Double(start) / 1000,
                            duration: Double(end - start) / 1000)
    }
}
