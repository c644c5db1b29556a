import Foundation
import Glibc
@testable import sheetlab
import XCTest

/// The files inputs are read from: a symlink to a regular file is a regular file
/// and is read again at every reload; a FIFO named inside another file is refused, not waited on; a file is refused
/// from its size before it is read; libpng's own lines never reach stderr.
final class InputFileTests: CLITestCase {
    var path: (String) -> String { { self.dir.appendingPathComponent($0).path } }

    /// A 4×4 RGB PNG whose rows use filter type 7, which does not exist: libpng says "bad adaptive filter value".
    func badFilterPNG() -> Data {
        var raw: [UInt8] = []
        for _ in 0..<4 { raw += [7] + [UInt8](repeating: 0x80, count: 12) }
        return png(width: 4, height: 4, depth: 8, colorType: 2, raw: raw)
    }

    /// A PNG of `raw` (rows with their filter bytes) stored without compression.
    func png(width: UInt32, height: UInt32, depth: UInt8, colorType: UInt8, raw: [UInt8]) -> Data {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc(body))
        }
        // zlib, one stored block, then Adler-32.
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let n = UInt16(raw.count)
        let zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8(~n >> 8)] + raw + be(b << 16 | a)
        let ihdr = be(width) + be(height) + [depth, colorType, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    /// A real 8×8 PNG, written by sheetlab's own writer.
    func goodPNG(_ name: String) throws {
        try ImageFilesBridge.write(width: 8, height: 8, to: path(name))
    }

    // MARK: - 5. Symlinks

    func testASymlinkedBackgroundOrContentImageIsARegularFile() throws {
        try goodPNG("real/picture.png")
        XCTAssertEqual(symlink("real/picture.png", path("link.png")), 0)
        write("background.json", #"{"device": "iphone-se", "background": {"image": "link.png"}}"#)
        write("content.json", #"{"device": "iphone-se", "sheet": {"content": [{"type": "image", "path": "link.png", "height": 40}]}}"#)
        for config in ["background.json", "content.json"] {
            let r = run("render", "--config", config, "--scale", "1", "--out", "out.png")
            XCTAssertEqual(r.status, 0, "\(config): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("not a regular file"), r.stderr)
        }
    }

    /// The window reads its config through `Inputs.config` on every reload: through a link, an edit of the target
    /// must be seen (it was read once and cached, as if a pipe).
    func testASymlinkedConfigIsReadAgainAtEveryReload() throws {
        write("real/config.json", #"{"device": "iphone-se"}"#)
        XCTAssertEqual(symlink("real/config.json", path("config.json")), 0)
        XCTAssertEqual(try Inputs.readText(path("config.json")), #"{"device": "iphone-se"}"#)
        write("real/config.json", #"{"device": "iphone-15"}"#)
        XCTAssertEqual(try Inputs.readText(path("config.json")), #"{"device": "iphone-15"}"#)
        XCTAssertEqual(try Inputs.config(path("config.json")).config.device, "iphone-15")
    }

    // MARK: - 6. A FIFO named inside a file

    func testAFIFONamedInsideAFileIsRefusedNotWaitedOn() throws {
        XCTAssertEqual(mkfifo(path("fifo.json"), 0o644), 0)
        write("reload.script.json", #"{"steps": [{"at": 100, "reload": "fifo.json"}]}"#)
        write("config.scenario.json", #"{"config": "fifo.json", "snapshots": [{"name": "rest", "at": 0}]}"#)
        write("script.scenario.json", #"{"script": "fifo.json", "snapshots": [{"name": "rest", "at": 0}]}"#)
        let table: [(line: UInt, args: [String])] = [
            (#line, ["check", "reload.script.json"]),
            (#line, ["simulate", "--script", "reload.script.json"]),
            (#line, ["render", "--script", "reload.script.json", "--scale", "1", "--out", "o.png"]),
            (#line, ["test", "config.scenario.json"]),
            (#line, ["test", "script.scenario.json"]),
        ]
        for row in table {
            let r = runSheetlab(row.args, cwd: dir, timeout: 120)
            XCTAssertFalse(r.timedOut, "\(row.args) hung on the FIFO", line: row.line)
            XCTAssertEqual(r.status, 1, r.stdout + r.stderr, line: row.line)
            XCTAssertTrue((r.stdout + r.stderr).contains("fifo.json: is not a regular file"), r.stdout + r.stderr, line: row.line)
        }
    }

    // MARK: - 8. The size limit comes first

    func testAHugeSparseFileIsRefusedFromItsSize() throws {
        for (name, size) in [("big.json", 1_500_000_000), ("huge.json", 3_500_000_000)] {
            XCTAssertTrue(FileManager.default.createFile(atPath: path(name), contents: nil))
            XCTAssertEqual(truncate(path(name), off_t(size)), 0)
            // Refused from its size: neither read (its memory would be its size) nor scanned (CPU time), on any machine.
            let binary = try XCTUnwrap(sheetlabBinary).path
            let r = try shell("exec /usr/bin/time -f 'cost %M %U %S' \"$0\" check \(name)", binary)
            let cost = r.stderr.split(separator: "\n").last { $0.hasPrefix("cost ") }?.split(separator: " ") ?? []
            XCTAssertEqual(r.status, 1)
            XCTAssertEqual(r.stderr.split(separator: "\n").first.map(String.init),
                           "sheetlab: \(name): is \(size) bytes; the largest allowed is 67108864 bytes (64 MB)")
            XCTAssertEqual(cost.count, 4, r.stderr)
            let kB = cost.count == 4 ? Int(cost[1]) ?? .max : .max
            let cpu = cost.count == 4 ? (Double(cost[2]) ?? .infinity) + (Double(cost[3]) ?? .infinity) : .infinity
            XCTAssertLessThan(kB, 100 * 1024, "\(name) was read before it was refused: \(kB / 1024) MB")
            XCTAssertLessThan(cpu, 0.5, "\(name) was scanned before it was refused: \(cpu) s of CPU")
        }
    }

    func testAStreamIsCutAtTheLimit() throws {
        let binary = try XCTUnwrap(sheetlabBinary)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["check", "/dev/stdin"]
        p.standardInput = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/zero"))
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 1)
        XCTAssertEqual(said, "sheetlab: /dev/stdin: is larger than 64 MB\n")
    }

    // MARK: - 9. libpng's own lines

    /// PNGs are decoded by the shim's libpng reader as SDL_image decoded them: a 16-bit channel keeps its high byte
    /// (no gamma, no rounding), grey becomes RGB.
    func testPNGsDecodeAsBefore() throws {
        let sixteen = png(width: 2, height: 1, depth: 16, colorType: 2, raw: [0, 0x12, 0x34, 0xAB, 0xCD, 0x80, 0xFF, 0xFF, 0xFF, 0x00, 0x01, 0x7F, 0xFF])
        try sixteen.write(to: dir.appendingPathComponent("16.png"))
        let a = try ImageFiles.read(path("16.png"))
        XCTAssertEqual(a.pixels, [0xFF80_AB12, 0xFF7F_00FF])
        let grey = png(width: 2, height: 1, depth: 8, colorType: 4, raw: [0, 0x40, 0xFF, 0xC0, 0x80])
        try grey.write(to: dir.appendingPathComponent("grey.png"))
        let g = try ImageFiles.read(path("grey.png"))
        XCTAssertEqual(g.pixels, [0xFF40_4040, 0x8060_6060])
    }

    func testLibpngSaysNothingOnItsOwn() throws {
        try badFilterPNG().write(to: dir.appendingPathComponent("bad.png"))
        write("c.json", #"{"device": "iphone-se", "background": {"image": "bad.png"}}"#)
        let r = run("render", "--config", "c.json", "--scale", "1", "--out", "o.png")
        XCTAssertEqual(r.status, 1)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sheetlab: c.json: background.image: bad.png: cannot read the image: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("bad adaptive filter value"), r.stderr)
        // A golden with the same damage.
        write("g.scenario.json", #"{"config": {"device": "iphone-se"}, "snapshots": [{"name": "rest", "at": 0}]}"#)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("__goldens__/g"), withIntermediateDirectories: true)
        try badFilterPNG().write(to: dir.appendingPathComponent("__goldens__/g/rest.png"))
        let t = run("test", "g.scenario.json")
        XCTAssertEqual(t.status, 1)
        XCTAssertFalse((t.stdout + t.stderr).contains("libpng error"), t.stdout + t.stderr)
    }
}

import Platform
import Raster

/// The PNG writer, for fixtures.
enum ImageFilesBridge {
    static func write(width: Int, height: Int, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let pixels = (0..<(width * height)).map { UInt32(0xFF00_0000) | UInt32($0 * 4 & 255) }
        try ImageFiles.writePNG(Pixmap(width: width, height: height, pixels: pixels), to: path)
    }
}
