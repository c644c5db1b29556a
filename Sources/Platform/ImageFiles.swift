import CSDL2
import CSDL2Image
import Foundation
import Raster

/// PNG and JPEG files through SDL_image.
public enum ImageFiles {
    /// Reads a PNG or JPEG as premultiplied pixels.
    public static func read(_ path: String) throws -> Pixmap {
        guard FileManager.default.fileExists(atPath: path) else { throw PlatformError(message: "\(path): no such file") }
        // A FIFO would block the decoder forever and a device (/dev/zero) would feed it without end.
        guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular else {
            throw PlatformError(message: "\(path): not a regular file, so not an image")
        }
        // The size the header claims, before anything is decoded: a tiny file may claim gigabytes of pixels.
        guard let file = FileHandle(forReadingAtPath: path) else { throw PlatformError(message: "\(path): cannot open the image") }
        let head = [UInt8]((try? file.read(upToCount: ImageHeader.prefixLength)) ?? Data())
        try? file.close()
        if let problem = ImageHeader.problem(with: head) { throw PlatformError(message: "\(path): cannot read the image: \(problem)") }
        guard let loaded = IMG_Load(path) else { throw PlatformError("\(path): cannot read the image") }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw PlatformError("\(path): cannot convert the image")
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var pixmap = Pixmap(width: w, height: h)
        let base = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            let row = base + y * pitch
            for x in 0..<w {
                let p = row + x * 4
                pixmap.pixels[y * w + x] = StraightRGBA8(p[0], p[1], p[2], p[3]).premultiplied.packed
            }
        }
        return pixmap
    }

    /// Writes `pixmap` as a PNG, atomically: a temporary file beside the target, then a rename.
    /// An opaque pixmap (every frame) is written as RGB, a quarter less for zlib to squeeze. `effort` trades
    /// size for speed: `.smallest` (goldens) and `.fastest` (artifacts) go through `PNGEncoder`; `.balanced`,
    /// and any write on a machine without zlib, through SDL_image.
    public static func writePNG(_ pixmap: Pixmap, to path: String, effort: PNGEncoder.Effort = .balanced) throws {
        let opaque = pixmap.pixels.allSatisfy { $0 >> 24 == 255 }
        let channels = opaque ? 3 : 4
        var bytes = [UInt8](repeating: 0, count: pixmap.width * pixmap.height * channels)
        bytes.withUnsafeMutableBufferPointer { out in
            pixmap.pixels.withUnsafeBufferPointer { src in
                if opaque {
                    for i in 0..<src.count {
                        let p = src[i]
                        out[i * 3] = UInt8(truncatingIfNeeded: p); out[i * 3 + 1] = UInt8(truncatingIfNeeded: p >> 8)
                        out[i * 3 + 2] = UInt8(truncatingIfNeeded: p >> 16)
                    }
                } else {
                    for i in 0..<src.count {
                        let s = PremultipliedRGBA8(packed: src[i]).straight
                        out[i * 4] = s.r; out[i * 4 + 1] = s.g; out[i * 4 + 2] = s.b; out[i * 4 + 3] = s.a
                    }
                }
            }
        }
        // .balanced stays with SDL_image's libpng: its C filters are faster than ours (render_png_ms 248 against 334 ms).
        if effort != .balanced, PNGEncoder.isAvailable {
            let png = try PNGEncoder.encode(bytes, width: pixmap.width, height: pixmap.height, channels: channels, effort: effort)
            try AtomicFile.replace(path) { temporary in try png.write(to: URL(fileURLWithPath: temporary)) }
            return
        }
        try AtomicFile.replace(path) { temporary in
            try bytes.withUnsafeMutableBytes { raw in
                let format = opaque ? SDL_PIXELFORMAT_RGB24.rawValue : SDL_PIXELFORMAT_ABGR8888.rawValue
                guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(raw.baseAddress, Int32(pixmap.width), Int32(pixmap.height),
                                                                       Int32(channels * 8), Int32(pixmap.width * channels), format) else {
                    throw PlatformError("cannot wrap the frame for PNG encoding")
                }
                defer { SDL_FreeSurface(surface) }
                guard IMG_SavePNG(surface, temporary) == 0 else { throw PlatformError("\(path): cannot write the PNG") }
            }
        }
    }
}
