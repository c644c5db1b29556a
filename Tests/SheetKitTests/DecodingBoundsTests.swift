import XCTest
@testable import SheetKit

/// The parser's and the decoder's own bounds (issue 32, item 3); the CLI's figures are in `DecodingCostTests`.
final class DecodingBoundsTests: XCTestCase {
    /// A document may hold `JSONParser.maxValues` values; one more is refused where it is, with its key path.
    func testTheParserRefusesTheValueOnePastTheLimit() throws {
        let n = JSONParser.maxValues
        // The object is one value, the list another: n − 2 numbers fill the document exactly.
        let full = #"{"a": ["# + Array(repeating: "0", count: n - 2).joined(separator: ",") + "]}"
        let root = try JSONParser.parse(full)
        guard case .array(let items)? = root["a"]?.value else { return XCTFail("no list") }
        XCTAssertEqual(items.count, n - 2)
        let over = #"{"a": ["# + Array(repeating: "0", count: n - 1).joined(separator: ",") + "]}"
        XCTAssertThrowsError(try JSONParser.parse(over)) { error in
            let e = error as? JSONParser.SyntaxError
            XCTAssertEqual(e?.path.description, "a[\(n - 2)]")
            XCTAssertEqual(e?.position.column, 8 + 2 * (n - 2))
            XCTAssertTrue(e?.message.hasPrefix("the file holds more than \(n) values") ?? false, e?.message ?? "")
        }
    }

    /// Lists come out of the parser in order and whole, however they nest (they are read through shared stacks).
    func testNestedListsAndObjectsKeepTheirItems() throws {
        let root = try JSONParser.parse(#"{"a": [[1, [2, 3], {"b": [4], "c": {}}], [], 5], "d": {"e": [6, {"f": 7}]}}"#)
        XCTAssertEqual(root, JSONNode.object([
            ("a", .array([.array([.number(1), .array([.number(2), .number(3)]), .object([("b", .array([.number(4)])), ("c", JSONNode(.object([])))])]),
                          .array([]), .number(5)])),
            ("d", .object([("e", .array([.number(6), .object([("f", .number(7))])]))])),
        ]).positionless(like: root))
    }

    /// Duplicate keys are found in small objects (by a scan) and in large ones (by a set, past 16 keys).
    func testDuplicateKeysAreFoundInSmallAndLargeObjects() {
        for count in [2, 16, 17, 40] {
            let keys = (0..<count).map { #""k\#($0)": 0"# } + [#""k\#(count / 2)": 1"#]
            XCTAssertThrowsError(try JSONParser.parse("{" + keys.joined(separator: ", ") + "}"), "\(count) keys") { error in
                XCTAssertEqual((error as? JSONParser.SyntaxError)?.message, "duplicate key \"k\(count / 2)\"")
            }
            XCTAssertNoThrow(try JSONParser.parse("{" + keys.dropLast().joined(separator: ", ") + "}"))
        }
    }

    struct Strict: Decodable {
        var a: Int?
        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            a = try c.decodeIfPresent(Int.self, forKey: .a)
        }
        enum Key: String, CodingKey { case a }
    }

    /// The decoder keeps the first `TreeDecoder.maxIssues` problems and counts the others.
    func testTheDecoderCountsProblemsPastItsLimit() throws {
        let n = TreeDecoder.maxIssues + 500
        let root = try JSONParser.parse("{" + (0..<n).map { #""k\#($0)": 0"# }.joined(separator: ", ") + "}")
        let decoded = TreeDecoder().decodeCounting(Strict.self, from: root)
        XCTAssertEqual(decoded.issues.count, TreeDecoder.maxIssues)
        XCTAssertEqual(decoded.unlisted, 500)
        XCTAssertEqual(decoded.issues.first?.path?.description, "k0")
        XCTAssertEqual(decoded.issues.last?.path?.description, "k\(TreeDecoder.maxIssues - 1)")
        guard case .failure(let error) = DocumentLoader.load(Probe.self, root: root, file: "f.json") else { return XCTFail("loaded") }
        XCTAssertEqual(error.diagnostics.count, TreeDecoder.maxIssues)
        XCTAssertEqual(error.count, n)
    }

    /// Unknown keys still get their "did you mean", from the keys asked, in the order asked.
    func testUnknownKeysStillSuggestTheKeyAsked() throws {
        let root = try JSONParser.parse(#"{"zzzzzz": 1}"#)
        let decoded = TreeDecoder().decodeCounting(Strict.self, from: root)
        XCTAssertEqual(decoded.issues.map(\.message), ["unknown key; expected one of: a"])
        let near = TreeDecoder().decodeCounting(Strict.self, from: try JSONParser.parse(#"{"A": 1}"#))
        XCTAssertEqual(near.issues.first?.message.hasPrefix("unknown key; did you mean"), true, "\(near.issues)")
    }
}

private struct Probe: LoadableDocument, Decodable {
    static let shape = "expected an object"
    static let maxBytes = 1 << 26
    static var fallback: Probe? { nil }
    var strict: DecodingBoundsTests.Strict
    init(from decoder: any Decoder) throws { strict = try DecodingBoundsTests.Strict(from: decoder) }
    static func check(_ value: Probe?, root: JSONNode, fileExists: (String) -> Bool) -> [Diagnostic] { [] }
}

private extension JSONNode {
    /// This tree with every position taken from `other` where the shapes agree: compares values only.
    func positionless(like other: JSONNode) -> JSONNode {
        var copy = self
        copy.position = other.position
        switch (value, other.value) {
        case (.array(let a), .array(let b)) where a.count == b.count:
            copy.value = .array(zip(a, b).map { $0.positionless(like: $1) })
        case (.object(let a), .object(let b)) where a.count == b.count:
            copy.value = .object(zip(a, b).map { JSONMember(key: $0.key, keyPosition: $1.keyPosition, value: $0.value.positionless(like: $1.value)) })
        default: break
        }
        return copy
    }
}
