import Foundation
import XCTest

/// Inputs that once ran to gigabytes, trapped or printed what is not JSON: each run here is bounded in
/// address space (`prlimit --as`), so a run that expands its input instead of streaming it dies, and the test fails.
final class RobustnessTests: CLITestCase {
    /// `sheetlab args` with at most `megabytes` of address space.
    func runBounded(_ args: [String], megabytes: Int = 800, timeout: TimeInterval = 120) -> RunResult {
        guard let binary = sheetlabBinary else { return RunResult(status: -1, signaled: false, timedOut: false, stdout: "", stderr: "no binary") }
        return runSheetlabTool("/usr/bin/prlimit", ["--as=\(megabytes * 1_000_000)", "--", binary.path] + args, timeout: timeout)
    }

    /// Runs `tool args` in the test directory, output through files, killed after `timeout` seconds.
    func runSheetlabTool(_ tool: String, _ args: [String], timeout: TimeInterval) -> RunResult {
        let out = dir.appendingPathComponent(".stdout"), err = dir.appendingPathComponent(".stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        process.currentDirectoryURL = dir
        process.standardInput = FileHandle.nullDevice
        var timedOut = false
        do {
            let o = try FileHandle(forWritingTo: out), e = try FileHandle(forWritingTo: err)
            defer { try? o.close(); try? e.close() }
            process.standardOutput = o
            process.standardError = e
            try process.run()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning {
                if Date() > deadline { timedOut = true; process.terminate(); break }
                usleep(5_000)
            }
            process.waitUntilExit()
        } catch {
            return RunResult(status: -1, signaled: false, timedOut: false, stdout: "", stderr: "could not run \(tool): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        return RunResult(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
                         stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "", stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    func drag(at: Double, duration: Double) -> String {
        #"{"at": \#(at.clean), "drag": {"from": [200, 600], "to": [200, 100], "duration": \#(duration.clean)}}"#
    }

    /// Five overlapping drags of almost an hour: 1.97 GB and hundreds of lines to be rejected, before.
    func testOverlappingLongDragsAreRejectedOncePerStepInBoundedMemory() {
        let steps = (0..<5).map { drag(at: Double($0) * 1000, duration: 3_500_000) }.joined(separator: ", ")
        write("five.script.json", #"{"steps": [\#(steps)]}"#)
        let result = runBounded(["check", "five.script.json"])
        assertFailure(result, file: "five.script.json", position: nil, keyPath: "steps[1].drag",
                      message: "the pointer is already down at 1000 ms (pressed by steps[0])", line: #line)
        // One problem per step at most, and the count.
        XCTAssertLessThanOrEqual(result.stderrLines.count, 6, result.stderr)
    }

    /// A valid five-minute drag at 1000 fps: 300,000 moves, which were all made (and sorted) before the first frame.
    func testALongDragAtAHighFrameRateStreams() {
        write("long.script.json", #"{"steps": [\#(drag(at: 0, duration: 300_000))]}"#)
        let result = runBounded(["simulate", "--script", "long.script.json", "--fps", "1000"], timeout: 300)
        XCTAssertFalse(result.signaled, "died of signal \(result.status): \(result.stderr.suffix(500))")
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(500)))
        let lines = result.stdout.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 300_000)
        XCTAssertTrue(lines.last?.contains(#""phase": "idle""#) ?? false, String(lines.last ?? ""))
    }
}

extension RobustnessTests {
    /// A 68-byte PNG that claims 30000×30000 pixels: 3.5 GB and 29 s to be refused, before.
    func testAnImageTooLargeIsRefusedBeforeItIsDecoded() throws {
        let png = try XCTUnwrap(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAdTAAAHUwCAYAAABmJ/i6AAAAC0lEQVR4nGNggAAAAAgAAbdYc5UAAAAASUVORK5CYII="))
        XCTAssertEqual(png.count, 68)
        try png.write(to: dir.appendingPathComponent("huge.png"))
        for (key, json) in [("sheet.content[0].path", #"{"sheet": {"content": [{"type": "image", "path": "huge.png"}]}}"#),
                            ("background.image", #"{"background": {"image": "huge.png"}}"#)] {
            write("big.json", json)
            for args in [["check", "big.json"], ["render", "--config", "big.json", "--out", "x.png"]] {
                let result = runBounded(args, megabytes: 800, timeout: 120)
                assertFailure(result, file: "big.json", position: nil, keyPath: key,
                              message: "the PNG is 30000×30000 pixels; images may be at most 8192×8192", context: args[0], line: #line)
            }
        }
    }
}

extension RobustnessTests {
    /// Control characters from the input (a key, a value, a file name, a command name) printed raw: a terminal
    /// obeyed them and one diagnostic spanned lines.
    func testDiagnosticsAreOneLineWithControlCharactersVisible() {
        write("esc.json", #"{"device": "gl\nass\r\u0007", "sheet": {"det\u001b[2Jents": 1}}"#)
        let runs: [(UInt, [String], String)] = [
            (#line, ["check", "esc.json"], #"sheet.det\u{1B}[2Jents"#),
            (#line, ["check", "esc.json"], #"gl\nass\r\u{7}"#),
            (#line, ["check", "no\rsuch\u{1B}.json"], #"no\rsuch\u{1B}.json"#),
            (#line, ["\u{1B}]0;pwned\u{07}"], #"unknown command '\u{1B}]0;pwned\u{7}'"#),
            (#line, ["render", "--out", "x.png", "--scale", "2\n3"], #"2\n3"#),
        ]
        for (line, args, expected) in runs {
            let result = runSheetlab(args, cwd: dir)
            XCTAssertEqual(result.status, 1, result.stderr, line: line)
            XCTAssertFalse(result.signaled, line: line)
            XCTAssertTrue(result.stderr.contains(expected), "expected \(expected) in\n\(result.stderr)", line: line)
            let controls = result.stderr.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" }
            XCTAssertEqual(controls.count, 0, "raw control characters: \(result.stderr.debugDescription)", line: line)
            for l in result.stderrLines where !l.hasPrefix(" ") && !l.hasPrefix("usage") {
                XCTAssertFalse(l.isEmpty, line: line)
            }
        }
    }
}

private extension Double {
    var clean: String { self == rounded() ? String(Int(self)) : String(self) }
}
