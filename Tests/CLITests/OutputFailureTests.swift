import Foundation
import XCTest

/// Output that cannot be written (a full disk, a closed pipe) ends a command with status 1 and a message,
/// never a Swift runtime trap (`check … > /dev/full` once died with "Fatal error: 'try!'", exit 132).
final class OutputFailureTests: XCTestCase {
    /// Runs sheetlab with its standard output (or error) on /dev/full and returns its status and stderr.
    func run(_ args: [String], stdoutFull: Bool, stderrFull: Bool = false) throws -> (status: Int32, signaled: Bool, stderr: String) {
        let binary = try XCTUnwrap(sheetlabBinary, "cannot find the built sheetlab; set SHEETLAB_BIN")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let errURL = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? full.close(); try? err.close() }
        let process = Process()
        process.executableURL = binary
        process.arguments = args
        process.currentDirectoryURL = dir
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutFull ? full : FileHandle.nullDevice
        process.standardError = stderrFull ? full : err
        try process.run()
        process.waitUntilExit()
        let said = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal, said)
    }

    func testAFullStandardOutputIsAnErrorNotATrap() throws {
        let examples = repositoryRoot.appendingPathComponent("Assets/Examples")
        let table: [(line: UInt, args: [String])] = [
            (#line, ["check", examples.appendingPathComponent("default.json").path]),
            (#line, ["simulate", "--script", examples.appendingPathComponent("demo.script.json").path]),
            (#line, ["--help"]),
        ]
        for row in table {
            let result = try run(row.args, stdoutFull: true)
            XCTAssertFalse(result.signaled, "trapped: \(result.stderr)", line: row.line)
            XCTAssertEqual(result.status, 1, result.stderr, line: row.line)
            XCTAssertTrue(result.stderr.contains("sheetlab: cannot write to standard output"), result.stderr, line: row.line)
        }
    }

    func testAFullStandardErrorIsNotATrap() throws {
        // An invalid config: the diagnostics go to stderr, which is full. Nothing can be said; the status says it.
        let result = try run(["check", "/nonexistent/config.json"], stdoutFull: false, stderrFull: true)
        XCTAssertFalse(result.signaled)
        XCTAssertEqual(result.status, 1)
    }
}
