import Foundation
import XCTest

/// Tall content renders in memory bounded by what the sheet can show: the content layer was
/// as tall as all the content, so 100 spacers of 10,000 pt asked for 14 GB and 20,000 rows for 1.55 GB at 1×.
/// Each case renders at 3× under 1.5 GB (run under a 3 GB address-space limit, as the issue's campaign was, so
/// that a regression fails fast instead of taking the machine's memory) and shows its first screen.
final class ContentMemoryTests: CLITestCase {
    static let cases: [(name: String, content: String)] = {
        var words: [String] = []
        var count = 0
        var i = 0
        while count < 250_000 {
            let w = ["sheet", "detent", "spring", "glass", "scroll", "content", "height", "grabber"][i * 7 % 8]
            words.append(w); count += w.count + 1; i += 1
        }
        let text = String(words.joined(separator: " ").prefix(250_000))
        return [
            ("spacers", #"{"type": "title", "text": "Spacers"}, "# + Array(repeating: #"{"type": "spacer", "height": 10000}"#, count: 100).joined(separator: ", ")),
            ("rows", #"{"type": "title", "text": "Rows"}, {"type": "list", "title": "Many", "rows": ["#
                + (0..<20_000).map { #"{"title": "Row \#($0)"}"# }.joined(separator: ", ") + "]}"),
            ("text", #"{"type": "title", "text": "Long text"}, {"type": "text", "text": "\#(text)"}"#),
            ("elements", #"{"type": "title", "text": "Elements"}, "# + (0..<2500).map { #"{"type": "row", "title": "Element \#($0)"}"# }.joined(separator: ", ")),
            // The window's case: a reload to 2,500 elements, then O (landscape) asked for 2.48 GB.
            ("landscape", #"{"type": "title", "text": "Elements"}, "# + (0..<2500).map { #"{"type": "row", "title": "Element \#($0)"}"# }.joined(separator: ", ")),
        ]
    }()

    func testTallContentRendersAt3xUnderOneAndAHalfGigabytes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw XCTSkip("no /usr/bin/time") }
        let binary = try XCTUnwrap(sheetlabBinary).path
        for (name, content) in Self.cases {
            let canvas = name == "landscape" ? #""canvas": {"width": 852, "height": 393}, "# : ""
            write("\(name).json", #"{\#(canvas)"sheet": {"detents": ["medium", "large"], "initialDetent": "large", "content": [\#(content)]}}"#)
            let r = try shell("ulimit -v 3145728; exec /usr/bin/time -f 'maxrss %M' \"$0\" render --config \(name).json --scale 3 --out \(name).png",
                              binary)
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("\(name).png").path))
            let kB = r.stderr.split(separator: "\n").last { $0.hasPrefix("maxrss ") }.flatMap { Int($0.dropFirst(7)) } ?? Int.max
            print("\(name): \(kB / 1024) MB")
            XCTAssertLessThan(kB, 1_500_000, "\(name): \(kB / 1024) MB")
            XCTAssertTrue(r.stdout.contains(name == "landscape" ? "2556×1179 px" : "1179×2556 px"), r.stdout)
        }
    }
}
