import Foundation
import XCTest
@testable import SheetKit

/// The JSON Schemas (`sheetlab schema`) agree with the loader they are built beside (issue 35): documents generated from
/// each schema, one per value each place allows, are decoded by the loader, which must
/// - accept every one (a schema never admits what the loader refuses, past the cross-key rules listed below),
/// - ask, at every object, for every key the schema names there and for no key the schema does not know there,
/// - and refuse each number just past a range's edge and each name outside an enumeration, where the schema does.
final class SchemaAgreementTests: XCTestCase {
    /// Rules between keys that the schemas leave to the loader (its messages, so that nothing else hides here).
    /// (Written in the schemas as `if`/`then`/`else`, which this sampler does not read.)
    static let crossKeyRules = ["\"sheet\" goes with \"action\": \"present\"", "a present names its sheet", "takes crop or mask, not both", "takes crop or matches, not both"]

    func testTheLoaderAcceptsEverySampleAndAsksForExactlyTheSchemasKeys() throws {
        for kind in DocumentSchema.allCases {
            let sampler = SchemaSampler(root: kind.schema.node)
            let samples = try sampler.samples(kind.schema.node, at: .root)
            XCTAssertGreaterThan(samples.count, 5, "\(kind)")
            var checkedObjects = 0
            for sample in samples {
                let (issues, asked) = decode(kind, sample.node)
                let real = issues.filter { issue in !Self.crossKeyRules.contains { issue.message.contains($0) } }
                XCTAssertEqual(real.map { "\($0.path): \($0.message)" }, [], "\(kind) sample \(JSONWriter.write(sample.node))")
                if !real.isEmpty { return }
                for (path, keys) in sample.objects {
                    guard let loaderKeys = asked[path].map(Set.init) else {
                        XCTFail("\(kind): the loader never opened the object at \(path)"); continue
                    }
                    XCTAssert(keys.named.isSubset(of: loaderKeys), "\(kind) \(path): the schema names \(keys.named.subtracting(loaderKeys).sorted()), which the loader does not ask for")
                    XCTAssert(loaderKeys.isSubset(of: keys.known), "\(kind) \(path): the loader asks for \(loaderKeys.subtracting(keys.known).sorted()), which the schema does not know")
                    checkedObjects += 1
                }
            }
            XCTAssertGreaterThan(checkedObjects, 5, "\(kind)")
        }
    }

    func testTheLoaderRefusesWhatTheSchemaRefuses() throws {
        var refused = 0
        for kind in DocumentSchema.allCases {
            let sampler = SchemaSampler(root: kind.schema.node)
            for bad in try sampler.badSamples(kind.schema.node, at: .root) {
                let (issues, _) = decode(kind, bad.node)
                // At the value, or at the array holding it (a rectangle or a Bézier is checked as a whole).
                XCTAssert(issues.contains { $0.path.map(bad.path.isWithinArray(at:)) ?? false }, "\(kind): \(bad.what) at \(bad.path) is outside the schema, but the loader says \(issues.map { "\($0.path): \($0.message)" })")
                refused += 1
            }
        }
        XCTAssertGreaterThan(refused, 50)
    }

    /// Before the schemas, `"$schema"` was an unknown key; now any string is taken, and anything else is refused.
    func testEveryDocumentTakesASchemaKey() throws {
        let texts: [(DocumentSchema, String)] = [
            (.config, #"{"$schema": "../Schemas/config.schema.json", "appearance": "dark"}"#),
            (.script, #"{"$schema": "x", "steps": []}"#),
            (.scenario, #"{"$schema": "x", "snapshots": [{"at": 0, "name": "a"}]}"#),
            (.suite, #"{"$schema": "x"}"#),
        ]
        for (kind, text) in texts {
            XCTAssertEqual(decode(kind, try JSONParser.parse(text)).issues.map(\.message), [], "\(kind)")
            let bad = text.replacingOccurrences(of: #""x""#, with: "3").replacingOccurrences(of: #""../Schemas/config.schema.json""#, with: "3")
            let issues = decode(kind, try JSONParser.parse(bad)).issues
            XCTAssertEqual(issues.map { $0.path?.description }, ["$schema"], "\(kind)")
        }
        // Only at the root: a sheet's "$schema" is an unknown key.
        let nested = decode(.config, try JSONParser.parse(#"{"sheet": {"$schema": "x"}}"#)).issues
        XCTAssertEqual(nested.map { $0.path?.description }, ["sheet.$schema"])
        XCTAssert(nested[0].message.hasPrefix("unknown key"))
    }

    /// The loader's issues and asked keys for a document; a scenario's inline config and script are decoded as the
    /// suite decodes them (on their own, later), their paths under `config` and `script`.
    func decode(_ kind: DocumentSchema, _ node: JSONNode) -> (issues: [Diagnostic], asked: [KeyPath: [String]]) {
        let decoder = TreeDecoder()
        switch kind {
        case .config: return decoder.decodeAsking(SheetLabConfig.self, from: node)
        case .script: return decoder.decodeAsking(Script.self, from: node)
        case .suite: return decoder.decodeAsking(SuiteSettings.self, from: node)
        case .scenario:
            var (issues, asked) = decoder.decodeAsking(Scenario.self, from: node)
            for (key, inner) in [("config", DocumentSchema.config), ("script", .script)] {
                guard let inline = node[key], case .object = inline.value else { continue }
                let (moreIssues, moreAsked) = decode(inner, inline)
                issues += moreIssues
                for (path, keys) in moreAsked { asked[KeyPath([.key(key)] + path.components)] = keys }
            }
            return (issues, asked)
        }
    }
}

/// Documents a JSON Schema describes: one per value each place allows (the others at their first value), and documents
/// with one value just outside it. It reads the subset of JSON Schema `JSONSchema` writes.
struct SchemaSampler {
    struct Sample {
        var node: JSONNode
        /// The keys the schema names at each object of the sample, and every key it knows there (all of `oneOf`'s objects).
        var objects: [KeyPath: (named: Set<String>, known: Set<String>)]
    }

    struct BadSample {
        var node: JSONNode
        var path: KeyPath
        var what: String
    }

    struct Unreadable: Error, CustomStringConvertible { var description: String }

    let defs: [String: JSONNode]

    init(root: JSONNode) {
        var defs: [String: JSONNode] = [:]
        if case .object(let members)? = root["$defs"]?.value { for m in members { defs[m.key] = m.value } }
        self.defs = defs
    }

    func resolve(_ schema: JSONNode) throws -> JSONNode {
        guard case .string(let ref)? = schema["$ref"]?.value else { return schema }
        let name = String(ref.dropFirst("#/$defs/".count))
        guard let def = defs[name] else { throw Unreadable(description: "no $defs/\(name)") }
        return try resolve(def)
    }

    func samples(_ raw: JSONNode, at path: KeyPath) throws -> [Sample] {
        let schema = try resolve(raw)
        if case .array(let choices)? = (schema["oneOf"] ?? schema["anyOf"])?.value {
            // Every key any object choice knows is known at this place: the loader may ask for all of them.
            var known = Set<String>()
            for choice in choices { known.formUnion(try propertyNames(try resolve(choice))) }
            return try choices.flatMap { choice in
                try samples(choice, at: path).map { sample in
                    var s = sample
                    if let here = s.objects[path] { s.objects[path] = (here.named, here.known.union(known)) }
                    return s
                }
            }
        }
        if case .array(let examples)? = schema["examples"]?.value { return examples.map { Sample(node: $0, objects: [:]) } }
        if let c = schema["const"] { return [Sample(node: c, objects: [:])] }
        if case .array(let values)? = schema["enum"]?.value { return values.map { Sample(node: $0, objects: [:]) } }
        let types: [String]
        switch schema["type"]?.value {
        case .string(let t)?: types = [t]
        case .array(let list)?: types = list.compactMap { if case .string(let t) = $0.value { t } else { nil } }
        default: throw Unreadable(description: "\(path): no type in \(JSONWriter.write(schema))")
        }
        return try types.flatMap { try samples(of: $0, schema, at: path) }
    }

    func propertyNames(_ schema: JSONNode) throws -> Set<String> {
        guard case .object(let members)? = schema["properties"]?.value else { return [] }
        return Set(members.map(\.key))
    }

    func number(_ schema: JSONNode, _ key: String) -> Double? {
        if case .number(let d)? = schema[key]?.value { return d }
        return nil
    }

    func samples(of type: String, _ schema: JSONNode, at path: KeyPath) throws -> [Sample] {
        func leaf(_ nodes: [JSONNode]) -> [Sample] { nodes.map { Sample(node: $0, objects: [:]) } }
        switch type {
        case "null": return leaf([.null])
        case "boolean": return leaf([.bool(true), .bool(false)])
        case "string":
            if schema["pattern"] != nil {
                throw Unreadable(description: "\(path): a pattern needs examples")
            }
            return leaf([.string("x")])
        case "integer", "number":
            var values: [Double] = []
            if let lo = number(schema, "minimum") { values.append(lo) }
            if let hi = number(schema, "maximum") { values.append(hi) }
            if values.isEmpty, let lo = number(schema, "exclusiveMinimum") { values.append(lo + 1) }
            if values.isEmpty, let hi = number(schema, "exclusiveMaximum") { values.append(hi - 1) }
            if values.isEmpty { values = [1] }
            return leaf(values.map { .number($0) })
        case "array":
            let count = max(Int(number(schema, "minItems") ?? 1), 1)
            if case .array(let prefix)? = schema["prefixItems"]?.value {
                let first = try prefix.enumerated().map { i, s in try samples(s, at: path / i)[0] }
                return [Sample(node: .array(first.map(\.node)), objects: first.reduce(into: [:]) { $0.merge($1.objects) { a, _ in a } })]
            }
            guard let items = schema["items"] else { throw Unreadable(description: "\(path): an array without items") }
            // Each item sample as the array's first item; the rest (to minItems) at the first sample.
            let itemSamples = try samples(items, at: path / 0)
            let unique = schema["uniqueItems"]?.value == .bool(true)
            return itemSamples.map { s in
                let rest = unique ? [] : Array(repeating: itemSamples[0].node, count: count - 1)
                return Sample(node: .array([s.node] + rest), objects: s.objects)
            }
        case "object":
            if let values = schema["additionalProperties"], values.value != .bool(false) {
                return try samples(values, at: path / "s1").map { s in
                    Sample(node: .object([("s1", s.node)]), objects: s.objects)
                }
            }
            guard case .object(let properties)? = schema["properties"]?.value else { return leaf([.object([])]) }
            let names = Set(properties.map(\.key)).subtracting([DocumentSchema.schemaKey])
            let options = try properties.filter { $0.key != DocumentSchema.schemaKey }.map { m in
                (m.key, try samples(m.value, at: path / m.key))
            }
            // The first sample of every key, then each other sample of each key in turn.
            func document(_ choice: [String: Int]) -> Sample {
                var members: [(String, JSONNode)] = []
                var objects: [KeyPath: (named: Set<String>, known: Set<String>)] = [path: (names, names)]
                for (key, list) in options {
                    let s = list[choice[key] ?? 0]
                    members.append((key, s.node))
                    objects.merge(s.objects) { a, _ in a }
                }
                return Sample(node: .object(members), objects: objects)
            }
            var out = [document([:])]
            for (key, list) in options where list.count > 1 {
                for i in 1..<list.count { out.append(document([key: i])) }
            }
            return out
        default:
            throw Unreadable(description: "\(path): type \(type)")
        }
    }

    /// Documents with one value just outside what the schema allows: a number past each edge of a range, a name that is
    /// no case of an enumeration. Every other value is the first sample.
    func badSamples(_ raw: JSONNode, at path: KeyPath) throws -> [BadSample] {
        let base = try samples(raw, at: path)[0].node
        var out: [BadSample] = []
        try collectBad(raw, at: path, into: &out)
        return out.map { bad in BadSample(node: base.replacing(at: bad.path, with: bad.node), path: bad.path, what: bad.what) }
    }

    private func collectBad(_ raw: JSONNode, at path: KeyPath, into out: inout [BadSample]) throws {
        let schema = try resolve(raw)
        if case .array(let choices)? = (schema["oneOf"] ?? schema["anyOf"])?.value {
            // Only the choice the base sample takes, and only where it has a single type (a bad value must fit no choice).
            if let first = choices.first, choices.count == 2, choices.last?["type"]?.value == .string("null") {
                try collectBad(first, at: path, into: &out)
            }
            return
        }
        var types: [String] = []
        switch schema["type"]?.value {
        case .string(let t)?: types = [t]
        case .array(let list)?: types = list.compactMap { if case .string(let t) = $0.value { t } else { nil } }
        default: break
        }
        if case .array(let values)? = schema["enum"]?.value, types.first == "string" {
            out.append(BadSample(node: .string("not-a-\(values.count)-name"), path: path, what: "a name outside the enumeration"))
            return
        }
        if case .array(let values)? = schema["enum"]?.value, types.first == "integer" {
            let top = values.compactMap { if case .number(let d) = $0.value { d } else { nil } }.max() ?? 0
            out.append(BadSample(node: .number(top + 1), path: path, what: "a number outside the enumeration"))
            return
        }
        if types.first == "number" || types.first == "integer" {
            let step = types.first == "integer" ? 1.0 : 0.001
            if let lo = number(schema, "minimum") { out.append(BadSample(node: .number(lo - step), path: path, what: "\(lo - step) below minimum \(lo)")) }
            if let lo = number(schema, "exclusiveMinimum") { out.append(BadSample(node: .number(lo), path: path, what: "\(lo) at exclusive minimum")) }
            if let hi = number(schema, "maximum") { out.append(BadSample(node: .number(hi + step), path: path, what: "\(hi + step) above maximum \(hi)")) }
            if let hi = number(schema, "exclusiveMaximum") { out.append(BadSample(node: .number(hi), path: path, what: "\(hi) at exclusive maximum")) }
            return
        }
        if types.first == "object", case .object(let properties)? = schema["properties"]?.value {
            for m in properties where m.key != DocumentSchema.schemaKey { try collectBad(m.value, at: path / m.key, into: &out) }
        }
        if types.first == "array" {
            if case .array(let prefix)? = schema["prefixItems"]?.value {
                for (i, item) in prefix.enumerated() { try collectBad(item, at: path / i, into: &out) }
            } else if let items = schema["items"] {
                try collectBad(items, at: path / 0, into: &out)
            }
        }
    }
}

extension KeyPath {
    /// Whether this path is `other`, or an element (at any depth of arrays) of the array at `other`.
    func isWithinArray(at other: KeyPath) -> Bool {
        guard components.starts(with: other.components) else { return false }
        return components.dropFirst(other.components.count).allSatisfy { if case .index = $0 { true } else { false } }
    }
}

extension JSONNode {
    /// This document with the value at `path` (which exists) replaced.
    func replacing(at path: KeyPath, with value: JSONNode) -> JSONNode {
        guard let head = path.components.first else { return value }
        let rest = KeyPath(Array(path.components.dropFirst()))
        switch (head, self.value) {
        case (.key(let k), .object(let members)):
            return JSONNode(.object(members.map { m in
                m.key == k ? JSONMember(key: m.key, keyPosition: m.keyPosition, value: m.value.replacing(at: rest, with: value)) : m
            }))
        case (.index(let i), .array(let items)):
            var copy = items
            copy[i] = items[i].replacing(at: rest, with: value)
            return JSONNode(.array(copy))
        default:
            return self
        }
    }
}
