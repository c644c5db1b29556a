import Foundation
import XCTest

/// Configs and scripts may come from a pipe (`/dev/stdin`, a shell's `<(…)`): they have no size, and `check`
/// reads its input twice. Before, both said "cannot read the file" or "the file is empty".
final class PipeInputTests: CLITestCase {
    func shell(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = dir
        var env = ProcessInfo.processInfo.environment
        env["SHEETLAB"] = sheetlabBinary!.path
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    func testAConfigOrScriptFromAPipe() throws {
        var r = try shell(#"echo '{"sheet": {"detents": ["large"]}}' | "$SHEETLAB" check /dev/stdin"#)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("valid config") && r.stdout.contains("large 793 pt"), r.stdout)
        r = try shell(#""$SHEETLAB" check <(echo '{"steps": [{"at": 0, "tap": [10, 20]}]}')"#)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("valid script, 1 steps"), r.stdout)
        r = try shell(#""$SHEETLAB" render --config <(echo '{"appearance": "dark"}') --scale 1 --out dark.png"#)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("dark.png").path))
        // A broken one from a pipe is still a clear error, with its place.
        r = try shell(#"echo '{"sheet": {"cornerRadious": 3}}' | "$SHEETLAB" check /dev/stdin"#)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("/dev/stdin:1:12: sheet.cornerRadious: unknown key"), r.stderr)
    }

    func testADeviceWithoutEndIsRefusedNotReadForever() throws {
        let r = try shell(#""$SHEETLAB" check /dev/zero"#)
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, "sheetlab: /dev/zero: is larger than 64 MB\n")
    }
}
