import CSDL2
import CSDL2Image
import Foundation
import Platform
import Raster
import XCTest

/// The PNG writer (libdeflate, Sources/CDeflate) gives back exactly the pixels it was given, at every effort, for odd
/// sizes (a single pixel, a single row or column, widths that are no multiple of anything) and with alpha, read by two
/// decoders: the shim's libpng reader (`ImageFiles.decodePNG`) and SDL_image.
final class PNGWriterTests: XCTestCase {
    /// Seeded pixels: noise, flat runs and gradients (so that every filter has something to do), opaque or with every
    /// kind of alpha (0, 255 and partial).
    func picture(width: Int, height: Int, opaque: Bool, seed: UInt32) -> Pixmap {
        var p = Pixmap(width: width, height: height)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_103_515_245 &+ 12345
                let noise = UInt8(truncatingIfNeeded: state >> 24)
                let flat = (x / 5 + y / 3) % 2 == 0
                let a: UInt8 = opaque ? 255 : [0, 255, 1, 128, noise][(x + 2 * y) % 5]
                let c = StraightRGBA8(flat ? 40 : noise, UInt8(truncatingIfNeeded: x * 7 + y), UInt8(truncatingIfNeeded: y * 11), a)
                p.pixels[y * width + x] = c.premultiplied.packed
            }
        }
        return p
    }

    /// What a pixel reads back as: opaque pixels unchanged; others stored straight (rounded to nearest, black when
    /// transparent) and premultiplied again on reading, as `ImageFiles` reads.
    static func readBack(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        var out = a << 24
        for c in 0..<3 {
            let straight = min(255, ((p >> (8 * UInt32(c)) & 255) * 255 + a / 2) / a)
            out |= ((straight * a + 127) / 255) << (8 * UInt32(c))
        }
        return out
    }

    /// The straight RGBA that the file holds for a pixel: what SDL_image decodes.
    static func straight(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        var out = a << 24
        for c in 0..<3 { out |= min(255, ((p >> (8 * UInt32(c)) & 255) * 255 + a / 2) / a) << (8 * UInt32(c)) }
        return out
    }

    /// The file decoded by SDL_image as straight RGBA, packed as pixmaps pack (bytes R, G, B, A).
    func sdlImage(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let loaded = try XCTUnwrap(IMG_Load(path), "SDL_image cannot read \(path)")
        defer { SDL_FreeSurface(loaded) }
        let surface = try XCTUnwrap(SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ABGR8888.rawValue, 0))
        defer { SDL_FreeSurface(surface) }
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = UnsafeRawPointer(surface.pointee.pixels!)
        var pixels: [UInt32] = []
        for y in 0..<h {
            for x in 0..<w { pixels.append(base.loadUnaligned(fromByteOffset: y * pitch + x * 4, as: UInt32.self).littleEndian) }
        }
        return (w, h, pixels)
    }

    func testEveryEffortRoundTripsOddSizesAndAlphaExactly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sizes = [(1, 1), (1, 9), (9, 1), (2, 3), (3, 2), (5, 7), (61, 37), (257, 3), (3, 129), (1179, 5)]
        var n = 0
        for (width, height) in sizes {
            for opaque in [true, false] {
                for effort in [PNGEffort.smallest, .balanced, .fastest] {
                    n += 1
                    let image = picture(width: width, height: height, opaque: opaque, seed: UInt32(n))
                    let path = folder.appendingPathComponent("\(n).png").path
                    try ImageFiles.writePNG(image, to: path, effort: effort)
                    let what = "\(width)×\(height) \(opaque ? "opaque" : "with alpha") at \(effort)"
                    let data = try Data(contentsOf: URL(fileURLWithPath: path))
                    // Through libpng, and through ImageFiles.read (the path for background images).
                    let decoded = try ImageFiles.decodePNG(data, name: path)
                    XCTAssertEqual(decoded.width, width, what)
                    XCTAssertEqual(decoded.height, height, what)
                    XCTAssertEqual(decoded.pixels, image.pixels.map(Self.readBack), what)
                    XCTAssertEqual(try ImageFiles.read(path), decoded, what)
                    // Through SDL_image: the straight pixels the file holds.
                    let sdl = try sdlImage(path)
                    XCTAssertEqual(sdl.width, width, what)
                    XCTAssertEqual(sdl.height, height, what)
                    XCTAssertEqual(sdl.pixels, image.pixels.map(Self.straight), what)
                }
            }
        }
    }

    /// An empty pixmap is refused with a message, and leaves no file behind.
    func testAnEmptyImageIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("png-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("empty.png").path
        XCTAssertThrowsError(try ImageFiles.writePNG(Pixmap(width: 0, height: 0), to: path)) {
            XCTAssertTrue("\($0)".contains("empty"), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
