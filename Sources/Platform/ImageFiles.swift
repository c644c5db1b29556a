import CDeflate
import CSDL2
import CSDL2Image
import CPNG
import Foundation
import Glibc
import Raster

/// Images from disk through SDL_image (JPEG) and libpng (PNG); goldens decoded through libpng; PNGs written through
/// libdeflate.
public enum ImageFiles {
    /// Reads a PNG or JPEG as premultiplied pixels.
    public static func read(_ path: String) throws -> Pixmap {
        // A FIFO would block the decoder forever and a device (/dev/zero) would feed it without end. A symlink is
        // followed: a link to a regular file is a regular file.
        var info = stat()
        guard stat(path, &info) == 0 else { throw PlatformError(message: "\(path): no such file") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PlatformError(message: "\(path): not a regular file, so not an image")
        }
        // The size the header claims, before anything is decoded: a tiny file may claim gigabytes of pixels.
        guard let file = FileHandle(forReadingAtPath: path) else { throw PlatformError(message: "\(path): cannot open the image") }
        let head = [UInt8]((try? file.read(upToCount: ImageHeader.prefixLength)) ?? Data())
        try? file.close()
        if let problem = ImageHeader.problem(with: head) { throw PlatformError(message: "\(path): cannot read the image: \(problem)") }
        // PNGs through libpng's own reader, whose errors and warnings come back as text in the message: SDL_image's
        // libpng prints "libpng error: …" on stderr before sheetlab could say anything.
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            guard info.st_size <= maxPNGBytes else {
                throw PlatformError(message: "\(path): cannot read the image: the file is \(info.st_size) bytes; a PNG may be at most \(maxPNGBytes >> 20) MB")
            }
            guard let data = FileManager.default.contents(atPath: path) else { throw PlatformError(message: "\(path): cannot open the image") }
            return try readPNG(data, name: path)
        }
        guard let loaded = IMG_Load(path) else { throw PlatformError("\(path): cannot read the image") }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw PlatformError("\(path): cannot convert the image")
        }
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = UnsafeRawPointer(surface.pointee.pixels!)
        let pixels = [UInt32](unsafeUninitializedCapacity: w * h) { out, count in
            for y in 0..<h {
                let row = base + y * pitch, to = out.baseAddress! + y * w
                for x in 0..<w {
                    // Bytes R, G, B, A: packed as pixmaps store them. Opaque pixels (nearly all) need no premultiplying.
                    let p = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self).littleEndian
                    let a = p >> 24
                    if a == 255 { to[x] = p; continue }
                    @inline(__always) func m(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                    to[x] = m(p & 0xFF) | m(p >> 8 & 0xFF) << 8 | m(p >> 16 & 0xFF) << 16 | a << 24
                }
            }
            count = w * h
        }
        return Pixmap(width: w, height: h, pixels: pixels)
    }

    /// The largest PNG file read: more than an 8192×8192 RGBA image stored without compression.
    static let maxPNGBytes: Int = 300 << 20

    /// A background or content image's PNG as SDL_image decoded it (no gamma correction, 16-bit channels cut to their
    /// high byte), through the shim's libpng reader, whose errors come back as text.
    static func readPNG(_ data: Data, name: String) throws -> Pixmap {
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let max = ImageHeader.maxSide * ImageHeader.maxSide
        let pixels: [UInt32]? = data.withUnsafeBytes { raw in
            guard sheetlab_png_read(raw.baseAddress, raw.count, nil, &width, &height, max, &message) == 0 else { return nil }
            let count = Int(width) * Int(height)
            var status: Int32 = -1
            let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                status = sheetlab_png_read(raw.baseAddress, raw.count, buffer.baseAddress, &width, &height, max, &message)
                initialized = count
            }
            return status == 0 ? pixels : nil
        }
        guard let pixels else { throw PlatformError(message: "\(name): cannot read the image: \(text(message))") }
        return Pixmap(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Decodes a PNG held in memory (a golden, read once) as premultiplied pixels, through libpng, without
    /// SDL_image's surface conversions. `name` names the file in errors.
    public static func decodePNG(_ data: Data, name: String) throws -> Pixmap {
        if let problem = ImageHeader.problem(with: [UInt8](data.prefix(ImageHeader.prefixLength))) {
            throw PlatformError(message: "\(name): cannot read the image: \(problem)")
        }
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        // libpng reads `data` as it decodes: begin and finish both inside its scope, straight into the pixmap's storage.
        let pixels: [UInt32]? = data.withUnsafeBytes { raw in
            var image = png_image()
            guard sheetlab_png_begin(raw.baseAddress, raw.count, &image, &width, &height, ImageHeader.maxSide * ImageHeader.maxSide,
                                     &message) == 0 else { return nil }
            let count = Int(width) * Int(height)
            var finished: Int32 = -1
            let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
                finished = sheetlab_png_finish(&image, buffer.baseAddress, &message)
                initialized = count
            }
            return finished == 0 ? pixels : nil
        }
        guard let pixels else { throw PlatformError(message: "\(name): cannot read the image: \(text(message))") }
        return Pixmap(width: Int(width), height: Int(height), pixels: pixels)
    }

    /// Writes `pixmap` as a PNG, atomically (a temporary file beside the target, then a rename): its rows converted
    /// and filtered into one buffer that libdeflate compresses whole (Sources/CDeflate). An opaque pixmap (every
    /// frame) is written as RGB, a quarter less to compress. `effort` trades size for speed; every effort decodes to
    /// the same pixels.
    public static func writePNG(_ pixmap: Pixmap, to path: String, effort: PNGEffort = .balanced) throws {
        let opaque = pixmap.pixels.withUnsafeBufferPointer { p in
            // The alpha bytes ANDed together are 255 only when every pixel is opaque.
            var all: UInt32 = 0xFF00_0000
            for v in p { all &= v }
            return all & 0xFF00_0000 == 0xFF00_0000
        }
        try AtomicFile.replace(path) { temporary in
            guard let file = fopen(temporary, "wb") else {
                throw PlatformError(message: "\(path): cannot write the PNG: \(String(cString: strerror(errno)))")
            }
            var message = [CChar](repeating: 0, count: 200)
            let status = pixmap.pixels.withUnsafeBufferPointer { p in
                sheetlab_png_encode(file, p.baseAddress, Int32(pixmap.width), Int32(pixmap.height), opaque ? 1 : 0,
                                    effort.deflateLevel, effort.filter, effort.candidates, &message)
            }
            let failed = ferror(file) != 0
            let closed = fclose(file) == 0
            guard status == 0 else { throw PlatformError(message: "\(path): cannot write the PNG: \(text(message))") }
            guard !failed && closed else { throw PlatformError(message: "\(path): cannot write the PNG: \(String(cString: strerror(errno)))") }
        }
    }
}

/// A C message buffer as text, up to its terminating zero.
private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// How hard a PNG write works: renders and goldens are written balanced (recording then costs about what checking
/// does), failure artifacts, thrown away, fastest; smallest squeezes hardest, for files kept where size matters most.
/// Measured on the nine `Assets/Examples` renders at 3× (1179×2556, opaque), encoding alone on one core, against the
/// libpng writer this replaced (Up filter, zlib level 3: 235 ms and 3.54 MB for the nine): balanced 137 ms and
/// 3.10 MB (−12 %), fastest 130 ms and 3.13 MB (README, Performance). libdeflate's level 1 is slower than its
/// level 2 on these frames (206 ms) and larger; the adaptive choice among all five filters costs twice the time for
/// 2–4 % less.
public enum PNGEffort: Sendable {
    /// Per row, the filter whose output has the smallest sum of absolute values among all five; libdeflate level 12.
    case smallest
    /// The Up filter, libdeflate level 2: what `render`, `plot`, `map` and recorded goldens write. A frame of the
    /// default config at 3×: 14 ms and 338 kB (the libpng writer: 21 ms and 383 kB).
    case balanced
    /// The Sub filter, libdeflate level 2: as fast as Up on interface frames, faster on photographs and gradients.
    case fastest

    var deflateLevel: Int32 { switch self { case .smallest: 12; case .balanced, .fastest: 2 } }
    var filter: Int32 {
        switch self {
        case .smallest: Int32(SHEETLAB_PNG_ADAPTIVE)
        case .balanced: Int32(SHEETLAB_PNG_UP)
        case .fastest: Int32(SHEETLAB_PNG_SUB)
        }
    }
    /// The filters the adaptive choice tries (a mask of 1 << filter): all five.
    var candidates: Int32 { 0b11111 }
}
