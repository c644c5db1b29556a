import Foundation
import Glibc
import Raster

/// A PNG writer with real compression: rows filtered as libpng does (per row, the filter whose output has the
/// smallest sum of absolute values), then zlib at a chosen level. zlib comes from the system's `libz.so.1`
/// (always there: SDL_image's libpng needs it), opened at run time so that the package needs no new C module.
public enum PNGEncoder {
    /// How hard to work: goldens are kept in git (smallest), failure artifacts are thrown away (fastest).
    public enum Effort: Sendable {
        /// Adaptive filtering, zlib level 9.
        case smallest
        /// Adaptive filtering, zlib level 6 (zlib's default).
        case balanced
        /// The Up filter, zlib level 1.
        case fastest
    }

    typealias Compress2 = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt, Int32) -> Int32
    typealias CompressBound = @convention(c) (UInt) -> UInt
    typealias CRC32 = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt

    struct Zlib {
        var compress2: Compress2
        var compressBound: CompressBound
        var crc32: CRC32
    }

    nonisolated(unsafe) static let zlib: Zlib? = {
        guard let handle = dlopen("libz.so.1", RTLD_NOW) else { return nil }
        guard let c = dlsym(handle, "compress2"), let b = dlsym(handle, "compressBound"), let r = dlsym(handle, "crc32") else { return nil }
        return Zlib(compress2: unsafeBitCast(c, to: Compress2.self), compressBound: unsafeBitCast(b, to: CompressBound.self),
                    crc32: unsafeBitCast(r, to: CRC32.self))
    }()

    /// Whether this machine has zlib to encode with.
    public static var isAvailable: Bool { zlib != nil }

    /// The PNG file of `bytes`: rows of `width` pixels of `channels` (3: RGB, 4: RGBA) bytes each.
    public static func encode(_ bytes: [UInt8], width: Int, height: Int, channels: Int, effort: Effort) throws -> Data {
        guard let zlib else { throw PlatformError(message: "zlib (libz.so.1) is not available to encode PNGs") }
        let stride = width * channels
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * height)
        bytes.withUnsafeBufferPointer { src in
            filtered.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = src.baseAddress! + y * stride
                    let previous = y > 0 ? src.baseAddress! + (y - 1) * stride : nil
                    let out = dst.baseAddress! + y * (stride + 1)
                    switch effort {
                    case .fastest:
                        filter(2, row: row, previous: previous, stride: stride, channels: channels, into: out)
                    case .smallest, .balanced:
                        var best: UInt8 = 0, bestCost = Int.max
                        for f: UInt8 in 0...4 {
                            let cost = filter(f, row: row, previous: previous, stride: stride, channels: channels, into: out)
                            if cost < bestCost { bestCost = cost; best = f }
                        }
                        if best != 4 { filter(best, row: row, previous: previous, stride: stride, channels: channels, into: out) }
                    }
                }
            }
        }
        var length = zlib.compressBound(UInt(filtered.count))
        var compressed = [UInt8](repeating: 0, count: Int(length))
        let status = zlib.compress2(&compressed, &length, filtered, UInt(filtered.count), effort == .smallest ? 9 : effort == .balanced ? 6 : 1)
        guard status == 0 else { throw PlatformError(message: "zlib could not compress the image (status \(status))") }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width)); header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, channels == 4 ? 6 : 2, 0, 0, 0])
        chunk("IHDR", header, into: &png, zlib)
        chunk("IDAT", Data(compressed[0..<Int(length)]), into: &png, zlib)
        chunk("IEND", Data(), into: &png, zlib)
        return png
    }

    /// Writes one filtered row (its filter byte first); the sum of the filtered bytes as signed magnitudes.
    @discardableResult
    static func filter(_ type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, stride: Int, channels: Int,
                       into out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = type
        var cost = 0
        for i in 0..<stride {
            let x = row[i]
            let a: UInt8 = i >= channels ? row[i - channels] : 0
            let b: UInt8 = previous?[i] ?? 0
            let c: UInt8 = i >= channels ? previous?[i - channels] ?? 0 : 0
            let predicted: UInt8
            switch type {
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
            case 4:
                let p = Int(a) + Int(b) - Int(c)
                let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predicted = 0
            }
            let v = x &- predicted
            out[i + 1] = v
            cost += v < 128 ? Int(v) : 256 - Int(v)
        }
        return cost
    }

    static func chunk(_ type: String, _ body: Data, into png: inout Data, _ zlib: Zlib) {
        png.appendBigEndian(UInt32(body.count))
        var typed = Data(type.utf8)
        typed.append(body)
        png.append(typed)
        let crc = typed.withUnsafeBytes { raw in zlib.crc32(0, raw.bindMemory(to: UInt8.self).baseAddress, UInt32(raw.count)) }
        png.appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}

private extension Data {
    mutating func appendBigEndian(_ v: UInt32) { append(contentsOf: [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]) }
}
