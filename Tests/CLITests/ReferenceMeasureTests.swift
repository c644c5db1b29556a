import Foundation
import Platform
import XCTest
@testable import sheetlab

/// Issue 37, item 4: `sheetlab measure` over every published reference docs/ios-reference.md cites, held to the
/// figures the doc states (docs/reference/references.json holds them; 2 pt, 1 pt of radius). The committed TrueSheet
/// frames always run; the others are read from their mirrors under /work/.mirror (`SHEETLAB_MIRRORS`) at the commit
/// the doc cites, and are skipped, naming the mirror, where it is absent: their licences do not let the project
/// commit them.
final class ReferenceMeasureTests: XCTestCase {
    static let file = repositoryRoot.appendingPathComponent("docs/reference/references.json").path
    static let doc = repositoryRoot.appendingPathComponent("docs/ios-reference.md").path

    /// Every reference measured once for the whole class.
    nonisolated(unsafe) static var measured: (set: ReferenceSet, results: [ReferenceSet.Result])?
    @MainActor static func results() throws -> (set: ReferenceSet, results: [ReferenceSet.Result]) {
        if let m = measured { return m }
        let set = try ReferenceSet.load(file)
        let m = (set, set.references.map { set.measure($0) })
        measured = m
        return m
    }

    static func isSkipped(_ r: ReferenceSet.Result) -> Bool { if case .skipped = r.outcome { true } else { false } }

    func testTheCommittedReferencesGiveTheFiguresTheDocsState() throws {
        // XCTest runs tests on the main thread, where the command runs.
        try MainActor.assumeIsolated { try Self.theCommittedReferencesGiveTheFiguresTheDocsState() }
    }

    @MainActor static func theCommittedReferencesGiveTheFiguresTheDocsState() throws {
        let (set, results) = try Self.results()
        let committed = results.filter { $0.reference.source.file != nil }
        XCTAssertEqual(committed.map(\.reference.id), ["G-P", "G-S", "G-L"])
        for r in committed {
            XCTAssertFalse(Self.isSkipped(r), "\(r.reference.id) is committed and always runs")
            XCTAssertEqual(r.failures(set.tolerances), [], r.reference.id)
        }
    }

    func testTheMirroredReferencesGiveTheFiguresTheDocsState() throws {
        // XCTest runs tests on the main thread, where the command runs.
        try MainActor.assumeIsolated { try Self.theMirroredReferencesGiveTheFiguresTheDocsState() }
    }

    @MainActor static func theMirroredReferencesGiveTheFiguresTheDocsState() throws {
        let (set, results) = try Self.results()
        var absent: [String] = []
        for r in results where r.reference.source.file == nil {
            if Self.isSkipped(r) { absent.append(r.reference.source.repo!); continue }
            XCTAssertEqual(r.failures(set.tolerances), [], r.reference.id)
        }
        if !absent.isEmpty {
            let repos = Array(Set(absent)).sorted()
            throw XCTSkip("not measured, their mirrors are absent under \(RepositoryMirror.root): \(repos.joined(separator: ", ")) (the fetch tool brings them)")
        }
    }

    /// The doc's generated table is the command's output now: the rows of every reference measured here are the
    /// doc's rows, byte for byte (a change to the finder that moves a figure is regenerated, not left stale).
    func testTheDocsTableIsWhatTheCommandPrints() throws {
        // XCTest runs tests on the main thread, where the command runs.
        try MainActor.assumeIsolated { try Self.theDocsTableIsWhatTheCommandPrints() }
    }

    @MainActor static func theDocsTableIsWhatTheCommandPrints() throws {
        let (set, results) = try Self.results()
        let text = try String(contentsOfFile: Self.doc, encoding: .utf8)
        let inDoc = try XCTUnwrap(ReferenceSet.table(in: text), "docs/ios-reference.md has no generated table").split(separator: "\n").map(String.init)
        let now = ReferenceSet.table(results, tolerances: set.tolerances).split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(inDoc.prefix(2)), Array(now.prefix(2)), "the header")
        for r in results where !Self.isSkipped(r) {
            let key = "| \(r.reference.id) |"
            XCTAssertEqual(inDoc.filter { $0.hasPrefix(key) }, now.filter { $0.hasPrefix(key) },
                           "\(r.reference.id): run `make reference-tables` and commit docs/ios-reference.md")
        }
    }

    /// Every figure references.json holds is one the doc writes in its own tables (outside the generated one): the
    /// file quotes the doc, it does not add figures of its own.
    func testEveryStatedFigureIsWrittenInTheDoc() throws {
        // XCTest runs tests on the main thread, where the command runs.
        try MainActor.assumeIsolated { try Self.everyStatedFigureIsWrittenInTheDoc() }
    }

    @MainActor static func everyStatedFigureIsWrittenInTheDoc() throws {
        let (set, _) = try Self.results()
        let text = try String(contentsOfFile: Self.doc, encoding: .utf8)
        let table = try XCTUnwrap(ReferenceSet.table(in: text))
        let prose = text.replacingOccurrences(of: table, with: "")
        for r in set.references {
            for s in r.stated {
                for v in Set([s.low, s.high]) {
                    let forms = [String(format: "%.2f", v), String(format: "%.1f", v), v == v.rounded() ? String(Int(v)) : ""].filter { !$0.isEmpty }
                    XCTAssertTrue(forms.contains { prose.contains($0) }, "\(r.id) \(s.quantity.rawValue): \(forms[0]) is not in docs/ios-reference.md")
                }
            }
        }
    }

    func testABadReferencesFileIsAnErrorNamingThePlace() throws {
        // XCTest runs tests on the main thread, where the command runs.
        try MainActor.assumeIsolated { try Self.aBadReferencesFileIsAnErrorNamingThePlace() }
    }

    @MainActor static func aBadReferencesFileIsAnErrorNamingThePlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("refs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let table: [(line: UInt, json: String, message: String)] = [
            (#line, "[]", "not a JSON object"),
            (#line, #"{"references": []}"#, "tolerances: needs the numbers pt and radius"),
            (#line, #"{"tolerances": {"pt": 2, "radius": 1}, "references": [{"id": "X", "device": "iphone-99", "file": "x.png", "stated": {"top": 1}}]}"#,
             "references[0] (X).device: unknown device 'iphone-99'"),
            (#line, #"{"tolerances": {"pt": 2, "radius": 1}, "references": [{"id": "X", "device": "iphone-15", "file": "x.png", "screen": "1,2", "stated": {"top": 1}}]}"#,
             "references[0] (X).screen: must be \"X0,Y0,SCALE\""),
            (#line, #"{"tolerances": {"pt": 2, "radius": 1}, "references": [{"id": "X", "device": "iphone-15", "file": "x.png", "stated": {"height": 1}}]}"#,
             "references[0] (X).stated: unknown quantity 'height'"),
            (#line, #"{"tolerances": {"pt": 2, "radius": 1}, "references": [{"id": "X", "device": "iphone-15", "file": "x.png", "stated": {"top": 1}, "misses": {"left": "?"}}]}"#,
             "references[0] (X).misses: 'left' is not a stated quantity"),
        ]
        for row in table {
            let path = dir.appendingPathComponent("r.json").path
            try row.json.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try ReferenceSet.load(path), line: row.line) { error in
                XCTAssertTrue("\(error)".contains(row.message), "\(error)", line: row.line)
                XCTAssertTrue("\(error)".contains(path), "\(error)", line: row.line)
            }
        }
    }
}
