import Foundation
import XCTest
@testable import SheetKit

/// Scripts are bounded before they are played: points, times, the number of steps and the file's size,
/// each refused with an error at its key; and the JSON Lines writer never prints NaN or inf.
final class ScriptLimitTests: XCTestCase {
    /// Script.maxSteps and Script.maxBytes, as the error messages state them.
    let maxSteps = 100_000, maxBytes = 16 << 20
    func problems(_ text: String) -> [String] {
        switch DocumentLoader.load(Script.self, text: text, file: "s.json") {
        case .success: return []
        case .failure(let e): return e.diagnostics.map { "\($0.path?.description ?? ""): \($0.message)" }
        }
    }

    func testOutOfBoundsNumbersAreErrorsAtTheirKey() {
        let rows: [(UInt, String, String?)] = [
            (#line, #"{"at": 0, "tap": [1e306, 10]}"#, "steps[0].tap: x must be within ±100000 pt"),
            (#line, #"{"at": 0, "tap": [10, -1e308]}"#, "steps[0].tap: y must be within ±100000 pt"),
            (#line, #"{"at": 0, "down": [100001, 10]}"#, "steps[0].down: x must be within"),
            (#line, #"{"at": 0, "drag": {"from": [0, 0], "to": [0, 1e300]}}"#, "steps[0].drag.to: y must be within"),
            (#line, #"{"at": 1e308, "dismiss": true}"#, "steps[0].at: must be at most 3600000"),
            (#line, #"{"at": 3600001, "dismiss": true}"#, "steps[0].at: must be at most 3600000"),
            (#line, #"{"at": 0, "wait": 1e300}"#, "steps[0].wait: must be at most 3600000"),
            (#line, #"{"at": 0, "drag": {"from": [0, 0], "to": [0, 1], "duration": 1e20}}"#, "steps[0].drag.duration: must be at most 3600000"),
            // At the limits: accepted.
            (#line, #"{"at": 3600000, "tap": [100000, -100000]}"#, nil),
            (#line, #"{"at": 0, "drag": {"from": [-100000, 0], "to": [0, 100000], "duration": 3600000}}"#, nil),
        ]
        for (line, step, expected) in rows {
            let found = problems(#"{"steps": [\#(step)]}"#)
            if let expected {
                XCTAssertTrue(found.contains { $0.hasPrefix(expected) }, "expected \(expected), found \(found)", line: line)
            } else {
                XCTAssertEqual(found, [], line: line)
            }
        }
    }

    func testTooManyStepsAreRefusedAtSteps() {
        let many = "{\"steps\": [" + Array(repeating: "{}", count: maxSteps + 1).joined(separator: ",") + "]}"
        XCTAssertEqual(problems(many), ["steps: has \(maxSteps + 1) steps; a script may have at most \(maxSteps)"])
    }

    func testAFileTooLargeIsRefusedBeforeItIsParsed() {
        // Not even JSON: the size alone refuses it.
        let text = String(repeating: " ", count: maxBytes + 1) + "{"
        let found = problems(text)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.contains("the largest allowed is \(maxBytes) bytes") ?? false, "\(found)")
    }

    func testNumbersAreAlwaysJSON() {
        let rows: [(UInt, Double)] = [(#line, 1e306), (#line, -1e306), (#line, 1e300), (#line, 1e15), (#line, 123456789012345.5),
                                      (#line, .greatestFiniteMagnitude), (#line, .infinity), (#line, -.infinity), (#line, .nan),
                                      (#line, 0.1), (#line, -0.0001)]
        for (line, x) in rows {
            for text in [JSONLines.number(x), JSONLines.fraction(x)] {
                let parsed = try? JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Any]
                XCTAssertNotNil(parsed, "\(x) printed as \(text), which is not JSON", line: line)
                XCTAssertFalse(text.lowercased().contains("inf") || text.lowercased().contains("nan"), text, line: line)
                if x.isFinite, let n = parsed?.first as? NSNumber {
                    XCTAssertEqual(n.doubleValue, x, accuracy: max(0.001, abs(x) * 1e-12), line: line)
                }
            }
        }
    }
}
