import Foundation
import XCTest

/// Images a config names must be regular files that decode: `check` rejects what `render` cannot
/// draw, naming the key, and a FIFO or a device never hangs a command in the image decoder.
final class BadImageTests: CLITestCase {
    func testOnlyRegularDecodableImagesPass() throws {
        write("empty.png", "")
        write("garbage.png", "this is not a PNG")
        let fifo = dir.appendingPathComponent("fifo.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let table: [(line: UInt, path: String, message: String)] = [
            (#line, "empty.png", "cannot read the image"),
            (#line, "garbage.png", "cannot read the image"),
            (#line, "fifo.png", "not a regular file"),
            (#line, "/dev/zero", "not a regular file"),
        ]
        for row in table {
            for (key, json) in [
                ("sheet.content[0].path", #"{"sheet": {"content": [{"type": "image", "path": "\#(row.path)"}]}}"#),
                ("background.image", #"{"background": {"image": "\#(row.path)"}}"#),
            ] {
                write("bad.json", json)
                for args in [["check", "bad.json"], ["render", "--config", "bad.json", "--out", "x.png"]] {
                    let result = runSheetlab(args, cwd: dir, timeout: 120)
                    let context = "\(args[0]) \(row.path) at \(key)"
                    XCTAssertFalse(result.timedOut, "\(context): hung", line: row.line)
                    XCTAssertFalse(result.signaled, "\(context): \(result.stderr)", line: row.line)
                    XCTAssertEqual(result.status, 1, "\(context): \(result.stderr)", line: row.line)
                    XCTAssertTrue(result.stderr.contains("bad.json") && result.stderr.contains(key), "\(context): \(result.stderr)", line: row.line)
                    XCTAssertTrue(result.stderr.contains(row.message), "\(context): \(result.stderr)", line: row.line)
                }
            }
        }
    }
}
