import XCTest
@testable import SheetKit

/// Positions in JSON documents: right on every line ending and every encoding, and found in linear time.
final class JSONPositionTests: XCTestCase {
    /// Where each error lands: lines break at LF only (CRLF counts its CR as whitespace, a lone CR
    /// does not break the line), columns count characters, not bytes.
    func testErrorPositionsTable() {
        let rows: [(line: UInt, json: String, position: String)] = [
            (#line, "{\"a\": x}", "1:7"),
            (#line, "{\n  \"a\": x}", "2:8"),
            (#line, "{\r\n  \"a\": x}", "2:8"),
            (#line, "{\r  \"a\": x}", "1:10"),
            (#line, "{\"é\": 1,\r\"b\": x}", "1:15"),
            (#line, "{\"éé\": [\"ü\",\n\"日本\", x]}", "2:7"),
            (#line, "[1,\n2,\n\n 3,]", "4:4"),
            (#line, "{\"a\": \"b\nc\"}", "1:9"),
            (#line, "{\"a\": \"ü\\q\"}", "1:10"),
            (#line, "{\"a\": 1}\n\n  }", "3:3"),
        ]
        for row in rows {
            XCTAssertThrowsError(try JSONParser.parse(row.json), line: row.line) { error in
                XCTAssertEqual((error as? JSONParser.SyntaxError)?.position.description, row.position, line: row.line)
            }
        }
    }

    /// The tracker answers like counting from the start of the document, in any order of offsets.
    func testTrackerAgreesWithCountingFromTheStart() {
        let text = "{\"é\": [1,\r\n 2],\r \"日本\": \"x\"\n,\"z\": 3}"
        let bytes = Array(text.utf8)
        var tracker = SourcePositionTracker(bytes: bytes)
        let offsets = Array(0...bytes.count) + [bytes.count / 2, 3, bytes.count, 0]
        for offset in offsets {
            let before = bytes[..<offset]
            let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let column = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count + 1
            XCTAssertEqual(tracker.position(at: offset), SourcePosition(line: line, column: column), "offset \(offset)")
        }
    }

    /// A long document on one line (LF, CR or none) costs the position tracker a bounded number of
    /// bytes per input byte: it never rescans the line from its start.
    func testPositionsCostLinearOnOneLine() throws {
        let steps = (0..<3000).map { #"{"at": \#($0 * 100), "tap": [196, 500], "note": "ü"}"# }
        let documents = [
            ("one line", #"{"steps": ["# + steps.joined(separator: ",") + "]}"),
            ("CR line endings", "{\"steps\": [\r" + steps.joined(separator: ",\r") + "\r]}"),
            ("LF line endings", "{\"steps\": [\n" + steps.joined(separator: ",\n") + "\n]}"),
        ]
        for (name, text) in documents {
            var parser = JSONParser(text: text)
            _ = try parser.parseDocument()
            let n = text.utf8.count
            XCTAssertLessThanOrEqual(parser.positions.bytesScanned, 2 * n, "\(name): scanned \(parser.positions.bytesScanned) bytes for \(n)")
        }
    }
}
