import Foundation
import XCTest

/// Issue 32, item 3: what a file costs to read is bounded by its size, whatever it repeats.
///
/// Before, `check` spent about 1 s and 50–80 bytes of memory per input byte: a 16 MB scenario of one settings
/// matrix repeated took 27 s and 1.7 GB and was accepted, 30 MB of spacers or masks took 39 s and 2.5 GB, and 4 MB
/// of `0,` in a content list took 1.4 GB (two million diagnostics kept). Now a document holds at most
/// `JSONParser.maxValues` values, each list has a limit that `check` names at its key path (`ListLimit`), the
/// decoder keeps the first `TreeDecoder.maxIssues` problems and counts the rest, and the tree itself is compact
/// (32 bytes a value). The bounds asserted here are the ones docs/robustness.md states ("Decoding cost").
final class DecodingCostTests: CLITestCase {
    /// Peak memory (kB) and CPU seconds of `sheetlab check FILE`, with its status and output. CPU time, not wall
    /// time: a busy machine changes neither much.
    func measuredCheck(_ file: String) throws -> (status: Int32, stdout: String, stderr: String, kB: Int, cpu: Double) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { throw XCTSkip("no /usr/bin/time") }
        let binary = try XCTUnwrap(sheetlabBinary).path
        // Under a 3 GB address-space limit, as ContentMemoryTests: a regression fails fast instead of taking the machine.
        let r = try shell("ulimit -v 3145728; exec /usr/bin/time -f 'cost %M %U %S' \"$0\" check \(file)", binary)
        let fields = r.stderr.split(separator: "\n").last { $0.hasPrefix("cost ") }?.split(separator: " ") ?? []
        let kB = fields.count == 4 ? Int(fields[1]) ?? Int.max : Int.max
        let cpu = fields.count == 4 ? (Double(fields[2]) ?? .infinity) + (Double(fields[3]) ?? .infinity) : .infinity
        return (r.status, r.stdout, r.stderr, kB, cpu)
    }

    func size(_ file: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(file).path))?[.size] as? Int) ?? 0
    }

    /// `count` copies of `unit` joined by commas.
    func repeated(_ unit: String, toBytes bytes: Int) -> String {
        Array(repeating: unit, count: bytes / (unit.utf8.count + 1)).joined(separator: ",")
    }

    /// The issue's own cases: memory at most 10 × the file plus a 64 MB base (the binary alone is about 34 MB).
    func testTheIssuesRepeatedListsAreRefusedAtTheirKeyPathWithinTenTimesTheirSize() throws {
        let cases: [(file: String, text: String, expect: String)] = [
            ("settings.scenario.json",
             #"{"config": {"sheet": {"detents": ["medium", "large"]}}, "scale": 1, "snapshots": [{"at": 0, "name": "a"}], "settings": ["#
                + repeated(#"{"textSize":["large","AX3"],"appearance":["light","dark"]}"#, toBytes: 16 << 20) + "]}",
             ": settings: lists 2"),
            ("spacers.json",
             #"{"sheet": {"detents": ["medium", "large"], "content": ["# + repeated(#"{"type":"spacer","height":1}"#, toBytes: 30 << 20) + "]}}",
             "the file holds more than 2000000 values"),
            ("masks.scenario.json",
             #"{"config": {"sheet": {"detents": ["medium", "large"]}}, "scale": 1, "snapshots": [{"at": 0, "name": "a", "mask": ["#
                + repeated("[0,0,10,10]", toBytes: 30 << 20) + "]}]}",
             "the file holds more than 2000000 values"),
        ]
        for c in cases {
            write(c.file, c.text)
            let r = try measuredCheck(c.file)
            let bytes = size(c.file)
            print("\(c.file): \(bytes >> 20) MB read in \(r.kB / 1024) MB and \(r.cpu) s of CPU")
            XCTAssertEqual(r.status, 1, "\(c.file): \(r.stderr.prefix(500))")
            XCTAssertTrue(r.stderr.contains(c.expect), "\(c.file): \(r.stderr.prefix(500))")
            XCTAssertLessThan(r.kB, (64 << 10) + 10 * bytes / 1024, "\(c.file): \(r.kB / 1024) MB for \(bytes >> 20) MB")
        }
    }

    /// A list of `0,` is the densest input: 2 bytes a value, each kept as a 32-byte node, and while the list is
    /// read its items are held twice. 3 MB of it in a sheet's content (1.5 million values) is refused at its key
    /// path within 64 MB + 48 × its size: 1.4 GB for 4 MB before (each element decoded, and its problem kept).
    func testTheDensestListIsRefusedAtItsKeyPath() throws {
        write("zeros.json", #"{"sheet": {"detents": ["medium", "large"], "content": ["# + repeated("0", toBytes: 3 << 20) + "]}}")
        let r = try measuredCheck("zeros.json")
        let bytes = size("zeros.json")
        print("zeros.json: \(bytes >> 20) MB read in \(r.kB / 1024) MB and \(r.cpu) s of CPU")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(": sheet.content: has 1572864 elements; at most 10000 are allowed"), "\(r.stderr.prefix(300))")
        XCTAssertLessThan(r.kB, (64 << 10) + 48 * bytes / 1024, "\(r.kB / 1024) MB for \(bytes >> 20) MB")
    }

    /// A million problems are counted, not kept: the first `TreeDecoder.maxIssues` are kept in the file's order,
    /// 50 are printed, and the count is exact. Before, each was kept (a key path and a message, hundreds of bytes).
    func testAMillionProblemsAreCountedNotKept() throws {
        let n = 1_000_000
        write("keys.json", #"{"sheet": {"detents": ["medium", "large"], "# + (0..<n).map { #""k\#($0)":0"# }.joined(separator: ",") + "}}")
        let r = try measuredCheck("keys.json")
        let bytes = size("keys.json")
        print("keys.json: \(bytes >> 20) MB read in \(r.kB / 1024) MB and \(r.cpu) s of CPU")
        XCTAssertEqual(r.status, 1)
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("sheetlab: ") }
        XCTAssertEqual(lines.count, 52, "50 problems, the rest counted, then the count: \(lines.suffix(3))")
        XCTAssertTrue(lines[0].hasPrefix("sheetlab: keys.json:1:44: sheet.k0: unknown key; expected one of: "), "\(lines.prefix(2))")
        XCTAssertTrue(lines[49].contains(": sheet.k49: unknown key"), "\(lines[49])")
        XCTAssertEqual(lines[50], "sheetlab: … and \(n - 50) more")
        XCTAssertEqual(lines[51], "sheetlab: \(n) errors")
        XCTAssertLessThan(r.kB, (64 << 10) + 24 * bytes / 1024, "\(r.kB / 1024) MB for \(bytes >> 20) MB")
    }

    /// The largest file of each kind that is accepted stays within 64 MB + 24 × its size, and reading is linear:
    /// four times the steps or the rows cost at most six times the CPU (a quadratic step would cost sixteen).
    func testTheLargestAcceptedFilesCostLinearTime() throws {
        func steps(_ n: Int) -> String {
            #"{"steps": ["# + (0..<n).map { #"{"at": \#($0 * 10), "drag": {"from": [200, 600], "to": [200, 300], "duration": 5}}"# }.joined(separator: ", ") + "]}"
        }
        func rows(_ n: Int) -> String {
            #"{"sheet": {"detents": ["medium", "large"], "content": [{"type": "list", "rows": ["#
                + (0..<n).map { #"{"title": "Row \#($0)", "detail": "Detail"}"# }.joined(separator: ", ") + "]}]}}"
        }
        for (kind, make, full) in [("steps", steps, 100_000), ("rows", rows, 100_000)] as [(String, (Int) -> String, Int)] {
            let small = write("\(kind)-small\(kind == "steps" ? ".script" : "").json", make(full / 4))
            let large = write("\(kind)-large\(kind == "steps" ? ".script" : "").json", make(full))
            let a = try measuredCheck(small), b = try measuredCheck(large)
            XCTAssertEqual(a.status, 0, a.stderr)
            XCTAssertEqual(b.status, 0, b.stderr)
            let bytes = size(large)
            print("\(kind): \(full / 4) in \(a.cpu) s, \(full) in \(b.cpu) s of CPU; \(bytes >> 20) MB read in \(b.kB / 1024) MB")
            XCTAssertLessThan(b.kB, (64 << 10) + 24 * bytes / 1024, "\(kind): \(b.kB / 1024) MB for \(bytes >> 20) MB")
            XCTAssertLessThan(b.cpu, 6 * max(a.cpu, 0.05), "\(kind): \(a.cpu) s, then \(b.cpu) s for four times as many")
        }
    }

    /// Each list limit is refused by `check` at its key path, one past the limit; at the limit it is accepted.
    func testEachListLimitIsNamedAtItsKeyPath() throws {
        let snapshot = #"{"at": 0, "name": "a"}"#
        func scenario(snapshots: [String], settings: String? = nil) -> String {
            #"{"config": {"sheet": {"detents": ["medium", "large"]}}, "scale": 1, "snapshots": [\#(snapshots.joined(separator: ", "))]"#
                + (settings.map { #", "settings": \#($0)"# } ?? "") + "}"
        }
        func config(detents: Int = 2, content: Int = 0, rows: Int = 0) -> String {
            let ds = ["\"large\""] + (0..<(detents - 1)).map { #"{"id": "d\#($0)", "height": \#(100 + $0)}"# }
            var elements = Array(repeating: #"{"type": "spacer", "height": 1}"#, count: content)
            if rows > 0 { elements.append(#"{"type": "list", "rows": ["# + Array(repeating: #"{"title": "r"}"#, count: rows).joined(separator: ",") + "]}") }
            return #"{"sheet": {"detents": [\#(ds.joined(separator: ","))], "content": [\#(elements.joined(separator: ","))]}}"#
        }
        let matrix = #"{"appearance": ["light", "dark"]}"#
        let cases: [(String, String, String?)] = [
            ("detents.json", config(detents: 101), "sheet.detents: has 101 detents; at most 100 are allowed"),
            ("detents-ok.json", config(detents: 100), nil),
            ("content.json", config(content: 10_001), "sheet.content: has 10001 elements; at most 10000 are allowed"),
            ("content-ok.json", config(content: 10_000), nil),
            ("rows.json", config(rows: 100_001), "sheet.content[0].rows: has 100001 rows; at most 100000 are allowed"),
            ("snapshots.scenario.json", scenario(snapshots: (0...10_000).map { #"{"at": 0, "name": "s\#($0)"}"# }),
             "snapshots: has 10001 snapshots; at most 10000 are allowed"),
            ("masks.scenario.json", scenario(snapshots: [#"{"at": 0, "name": "a", "mask": ["# + Array(repeating: "[0, 0, 1, 1]", count: 1001).joined(separator: ",") + "]}"]),
             "snapshots[0].mask: has 1001 rectangles; at most 1000 are allowed"),
            ("masks-ok.scenario.json", scenario(snapshots: [#"{"at": 0, "name": "a", "mask": ["# + Array(repeating: "[0, 0, 1, 1]", count: 1000).joined(separator: ",") + "]}"]), nil),
            ("settings.scenario.json", scenario(snapshots: [snapshot], settings: "[" + Array(repeating: matrix, count: 49).joined(separator: ",") + "]"),
             "settings: lists 49 matrices; a scenario may have at most 48 combinations, and each matrix gives at least one"),
            ("settings-ok.scenario.json", scenario(snapshots: [snapshot], settings: "[" + Array(repeating: matrix, count: 48).joined(separator: ",") + "]"), nil),
        ]
        for (file, text, message) in cases {
            write(file, text)
            let r = run("check", file, timeout: 600)
            if let message {
                XCTAssertEqual(r.status, 1, "\(file): \(r.stdout)")
                XCTAssertTrue(r.stderr.contains(": \(message)"), "\(file): \(r.stderr.prefix(400))")
                XCTAssertTrue(r.stderr.hasPrefix("sheetlab: \(file):1:"), "\(file): \(r.stderr.prefix(200))")
            } else {
                XCTAssertEqual(r.status, 0, "\(file): \(r.stderr.prefix(400))")
            }
        }
    }
}
