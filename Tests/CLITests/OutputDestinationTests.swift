import Foundation
import Glibc
import XCTest

/// Where outputs go when the destination is not a regular file: a character device,
/// a symlink to one or a FIFO is written in place and stays what it is, a failed write there exits 1, an MP4 on a
/// full disk is not reported saved, and every message names the file once, in words.
///
/// Devices are made with mknod in the test's own folder (major 1: 3 is null, 7 is full), never the machine's
/// /dev/null. Needs root for mknod (skipped otherwise).
final class OutputDestinationTests: CLITestCase {
    static let script = #"{"steps": [{"at": 50, "drag": {"from": [196, 500], "to": [196, 300], "duration": 200}}]}"#

    func node(_ name: String, minor: UInt32) throws -> String {
        let path = dir.appendingPathComponent(name).path
        guard mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0 else {
            throw XCTSkip("mknod needs root: \(String(cString: strerror(errno)))")
        }
        return path
    }

    func kind(_ name: String) -> mode_t? {
        var s = stat()
        guard lstat(dir.appendingPathComponent(name).path, &s) == 0 else { return nil }
        return s.st_mode & S_IFMT
    }

    /// Every command that writes a file, pointed at `out`.
    func writers(_ out: String) -> [(name: String, args: [String])] {
        write("drag.script.json", Self.script)
        write("suite/s.scenario.json", #"{"config": {"device": "iphone-se"}, "snapshots": [{"name": "rest", "at": 0}]}"#)
        return [
            ("export", ["export", "--to", "vaul", "--out", out]),
            ("render", ["render", "--scale", "1", "--out", out + ".png"]),
            ("clip gif", ["clip", "--script", "drag.script.json", "--scale", "1", "--fps", "10", "--out", out + ".gif"]),
            ("clip webp", ["clip", "--script", "drag.script.json", "--scale", "1", "--fps", "10", "--out", out + ".webp"]),
            ("test junit", ["test", "suite", "--update=missing", "--reporter", "junit=\(out)"]),
            ("test json", ["test", "suite", "--update=missing", "--reporter", "json=\(out)"]),
        ]
    }

    /// The destination's name for `args` (render and clip add an extension).
    func destination(_ args: [String], _ out: String) -> String {
        args.first { $0.hasPrefix(out) || $0.hasSuffix("=" + out) }.map { $0.hasPrefix(out) ? $0 : out } ?? out
    }

    func testAFullDeviceIsAnErrorAndStaysADevice() throws {
        for (name, args) in writers("full") {
            let target = destination(args, "full")
            _ = try node(target, minor: 7)
            let r = runSheetlab(args, cwd: dir, timeout: 60, environment: environmentWithoutCI)
            XCTAssertFalse(r.signaled || r.timedOut, name)
            XCTAssertEqual(r.status, 1, "\(name): \(r.stdout) \(r.stderr)")
            XCTAssertTrue((r.stderr + r.stdout).contains("no space left on the device"), "\(name): \(r.stderr) \(r.stdout)")
            XCTAssertEqual(kind(target), S_IFCHR, "\(name): \(target) was replaced")
            unlink(dir.appendingPathComponent(target).path)
        }
    }

    func testASymlinkToANullDeviceIsWrittenThroughAndStays() throws {
        for (name, args) in writers("link") {
            let target = destination(args, "link")
            _ = try node("null", minor: 3)
            XCTAssertEqual(symlink("null", dir.appendingPathComponent(target).path), 0)
            let r = runSheetlab(args, cwd: dir, timeout: 60, environment: environmentWithoutCI)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertEqual(kind(target), S_IFLNK, "\(name): the link was replaced")
            XCTAssertEqual(kind("null"), S_IFCHR, "\(name): the device the link names was replaced")
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
            XCTAssertEqual(left, [], "\(name): temporaries left beside the device")
            unlink(dir.appendingPathComponent(target).path)
            unlink(dir.appendingPathComponent("null").path)
        }
    }

    func testAFIFOWithoutAReaderIsRefusedAndWithOneIsWritten() throws {
        for (name, args) in writers("fifo") {
            let target = destination(args, "fifo")
            let path = dir.appendingPathComponent(target).path
            XCTAssertEqual(mkfifo(path, 0o644), 0)
            let r = runSheetlab(args, cwd: dir, timeout: 30, environment: environmentWithoutCI)
            XCTAssertFalse(r.timedOut, "\(name): hung on a FIFO nobody reads")
            XCTAssertEqual(r.status, 1, "\(name): \(r.stderr)")
            XCTAssertTrue((r.stderr + r.stdout).contains("\(target): is a FIFO that nobody reads"), "\(name): \(r.stderr) \(r.stdout)")
            XCTAssertEqual(kind(target), S_IFIFO, "\(name): the FIFO was replaced")

            // With a reader, the bytes go down the FIFO.
            let done = expectation(description: "read")
            final class Box: @unchecked Sendable { var bytes = 0 }
            let box = Box()
            Thread.detachNewThread {
                let fd = open(path, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = read(fd, &buffer, buffer.count)
                    if n <= 0 { break }
                    box.bytes += n
                }
                close(fd)
                done.fulfill()
            }
            let w = runSheetlab(args, cwd: dir, timeout: 30, environment: environmentWithoutCI)
            wait(for: [done], timeout: 30)
            XCTAssertEqual(w.status, 0, "\(name): \(w.stderr)")
            XCTAssertGreaterThan(box.bytes, 20, name)
            XCTAssertEqual(kind(target), S_IFIFO, "\(name): the FIFO was replaced")
            unlink(path)
        }
    }

    /// `export --out /dev/stderr` with stderr on a null device: the device is written, not replaced by a Swift file.
    func testExportToStandardErrorOnADeviceLeavesTheDevice() throws {
        let null = try node("null", minor: 3)
        let binary = try XCTUnwrap(sheetlabBinary)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["export", "--to", "vaul", "--out", "/dev/stderr"]
        p.currentDirectoryURL = dir
        p.standardOutput = FileHandle.nullDevice
        p.standardError = try XCTUnwrap(FileHandle(forWritingAtPath: null))
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertEqual(kind("null"), S_IFCHR, "the device standard error was on was replaced")
    }

    /// An MP4 whose disk fills: exit 1, no file left, not "saved". A 64 kB tmpfs (root and mount needed).
    func testAnMP4OnAFullDiskIsNotReportedSaved() throws {
        guard access("/usr/bin/ffmpeg", X_OK) == 0 else { throw XCTSkip("no ffmpeg") }
        let small = dir.appendingPathComponent("small").path
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", small]
        mount.standardError = FileHandle.nullDevice
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw XCTSkip("cannot mount a tmpfs") }
        defer {
            let u = Process()
            u.executableURL = URL(fileURLWithPath: "/bin/umount")
            u.arguments = [small]
            try? u.run()
            u.waitUntilExit()
        }
        write("drag.script.json", Self.script)
        let r = run("clip", "--script", "drag.script.json", "--scale", "2", "--out", "small/drag.mp4")
        XCTAssertFalse(r.signaled || r.timedOut)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("sheetlab: small/drag.mp4: "), r.stderr)
        XCTAssertFalse(r.stdout.contains("frames"), r.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: small), [], "a file was left on the full disk")

        // And through the device path: /dev/full as the MP4.
        _ = try node("full.mp4", minor: 7)
        let f = run("clip", "--script", "drag.script.json", "--scale", "1", "--out", "full.mp4")
        XCTAssertEqual(f.status, 1, f.stdout + f.stderr)
        XCTAssertTrue(f.stderr.contains("full.mp4: cannot write: no space left on the device"), f.stderr)
        XCTAssertEqual(kind("full.mp4"), S_IFCHR)
    }

    // MARK: - Defect 10: one path, the reason in words

    func testAFolderInTheWayIsNamedOnce() {
        try? FileManager.default.createDirectory(at: dir.appendingPathComponent("isdir.png"), withIntermediateDirectories: true)
        let r = run("render", "--scale", "1", "--out", "isdir.png")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "sheetlab: isdir.png: is a folder, not a file; not written\n")
    }

    func testUnwritableArtifactsSayWhyInWordsWithTheOutputHint() {
        write("suite/s.scenario.json", #"{"config": {"device": "iphone-se"}, "snapshots": [{"name": "rest", "at": 0}]}"#)
        XCTAssertEqual(runSheetlab(["test", "suite", "--update=missing"], cwd: dir, environment: environmentWithoutCI).status, 0)
        // A different look, so the snapshot fails, and an artifacts folder that is a file.
        write("suite/s.scenario.json", #"{"config": {"device": "iphone-se", "background": {"scene": "gradient"}}, "snapshots": [{"name": "rest", "at": 0}]}"#)
        write("outfile", "x")
        let r = run("test", "suite", "--output", "outfile")
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stdout.contains("NSCocoaErrorDomain") || r.stdout.contains("UserInfo"), r.stdout)
        XCTAssertTrue(r.stdout.contains("artifacts not written: outfile/s/rest.actual.png: a part of the path is not a folder (--output DIR"),
                      r.stdout)
    }
}

extension OutputDestinationTests {
    /// `--out /dev/stdout` into a pipe: /proc's link names "pipe:[…]", which no path reaches; the pipe is written.
    func testStandardOutputOnAPipeIsWritten() throws {
        let binary = try XCTUnwrap(sheetlabBinary)
        let p = Process()
        p.executableURL = binary
        p.arguments = ["export", "--to", "vaul", "--out", "/dev/stdout"]
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let bytes = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("vaul"), "\(bytes.count) bytes")
    }
}
