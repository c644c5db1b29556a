/// A JSON Schema (draft 2020-12) for one kind of SheetLab document, built from the loader's own declarations.
///
/// Object properties are named by the types' `CodingKeys` (a renamed key renames the schema's), enumerations list
/// the same `CaseIterable` types the loader's `choice` reads, and number ranges are the loader's `NumberRule`s.
/// `SchemaAgreementTests` decodes documents generated from each schema and checks that the loader asks for exactly the
/// keys the schema names at every object, and accepts and rejects numbers at each range's edges as the schema does.
public struct JSONSchema: Sendable {
    /// The schema's keywords, in the order they are written.
    public var keywords: [(String, JSONNode)]
    /// Whether, as an optional property, it also takes `null`: the loader reads a null value as the key left out
    /// (its default), except where a key's presence is what counts (`strict()`).
    var takesNull = true

    public init(_ keywords: [(String, JSONNode)]) { self.keywords = keywords }

    public var node: JSONNode { .object(keywords) }

    /// The value of `keyword`, if set.
    public subscript(keyword: String) -> JSONNode? { keywords.first { $0.0 == keyword }?.1 }

    /// This schema with `description` (what an editor shows on hover).
    public func described(_ text: String) -> JSONSchema { with("description", .string(text)) }

    /// This schema as a property that refuses `null` (the loader reads the key's presence, so null is an error).
    func strict() -> JSONSchema { var copy = self; copy.takesNull = false; return copy }

    /// This schema or `null`: `"type": ["number", "null"]` where it names one type, else `anyOf` with null.
    func orNull() -> JSONSchema {
        if let type = self["type"], case .string(let name) = type.value, self["const"] == nil {
            var copy = self
            copy.keywords = keywords.map { k, v in
                if k == "type" { return (k, .array([.string(name), .string("null")])) }
                if k == "enum", case .array(let items) = v.value { return (k, .array(items + [.null])) }
                return (k, v)
            }
            return copy
        }
        var inner = self
        inner.keywords.removeAll { $0.0 == "description" }
        var wrapped = JSONSchema([("anyOf", .array([inner.node, JSONSchema.null.node]))])
        if let d = self["description"] { wrapped.keywords.append(("description", d)) }
        return wrapped
    }

    func with(_ keyword: String, _ value: JSONNode) -> JSONSchema {
        var copy = self
        copy.keywords.removeAll { $0.0 == keyword }
        copy.keywords.append((keyword, value))
        return copy
    }

    // MARK: Building

    public static let string = JSONSchema([("type", .string("string"))])
    public static let boolean = JSONSchema([("type", .string("boolean"))])
    /// A non-empty string.
    public static let name = JSONSchema([("type", .string("string")), ("minLength", .number(1))])

    /// `true`, the only value some keys take (`"dismiss": true`).
    public static let justTrue = JSONSchema([("const", .bool(true))])

    /// A reference to a schema under `$defs`.
    public static func ref(_ name: String) -> JSONSchema { JSONSchema([("$ref", .string("#/$defs/\(name)"))]) }

    /// One of these strings.
    public static func oneOfStrings(_ values: [String]) -> JSONSchema {
        JSONSchema([("type", .string("string")), ("enum", .array(values.map { .string($0) }))])
    }

    /// A case of `T`, by its raw value: the names the loader's `choice` accepts.
    public static func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> JSONSchema where T.RawValue == String {
        oneOfStrings(T.allCases.map(\.rawValue))
    }

    /// A number the loader checks with `rule`.
    public static func number(_ rule: NumberRule) -> JSONSchema {
        var k: [(String, JSONNode)] = [("type", .string("number"))]
        switch rule {
        case .any: break
        case .positive: k.append(("exclusiveMinimum", .number(0)))
        case .nonNegative: k.append(("minimum", .number(0)))
        case .fraction: k += [("exclusiveMinimum", .number(0)), ("maximum", .number(1))]
        case .unit: k += [("minimum", .number(0)), ("maximum", .number(1))]
        case .closed(let a, let b): k += [("minimum", .number(a)), ("maximum", .number(b))]
        case .halfOpen(let a, let b): k += [("minimum", .number(a)), ("exclusiveMaximum", .number(b))]
        case .halfOpenAbove(let a, let b): k += [("exclusiveMinimum", .number(a)), ("maximum", .number(b))]
        }
        return JSONSchema(k)
    }

    /// A whole number from `range`.
    public static func integer(_ range: ClosedRange<Int>) -> JSONSchema {
        JSONSchema([("type", .string("integer")), ("minimum", .number(Double(range.lowerBound))),
                    ("maximum", .number(Double(range.upperBound)))])
    }

    /// A whole number of at least `minimum`.
    public static func integer(atLeast minimum: Int) -> JSONSchema {
        JSONSchema([("type", .string("integer")), ("minimum", .number(Double(minimum)))])
    }

    /// One of these whole numbers.
    public static func integer(oneOf values: [Int]) -> JSONSchema {
        JSONSchema([("type", .string("integer")), ("enum", .array(values.map { .number(Double($0)) }))])
    }

    /// An array of `items`.
    public static func array(_ items: JSONSchema, minItems: Int? = nil, maxItems: Int? = nil) -> JSONSchema {
        var k: [(String, JSONNode)] = [("type", .string("array")), ("items", items.node)]
        if let minItems { k.append(("minItems", .number(Double(minItems)))) }
        if let maxItems { k.append(("maxItems", .number(Double(maxItems)))) }
        return JSONSchema(k)
    }

    /// A closed object: these properties (named by `Key`), `required` among them, and no other key.
    public static func object<Key: CodingKey>(_ keys: Key.Type, _ properties: [(Key, JSONSchema)], required: [Key] = [])
        -> JSONSchema {
        object(properties.map { ($0.0.stringValue, $0.1) }, required: required.map(\.stringValue))
    }

    /// A closed object with these properties by name. An optional property also takes `null` unless it is `strict()`.
    public static func object(_ properties: [(String, JSONSchema)], required: [String] = []) -> JSONSchema {
        let written = properties.map { name, schema in
            (name, required.contains(name) || !schema.takesNull ? schema.node : schema.orNull().node)
        }
        var k: [(String, JSONNode)] = [("type", .string("object")), ("properties", .object(written))]
        if !required.isEmpty { k.append(("required", .array(required.map { .string($0) }))) }
        k.append(("additionalProperties", .bool(false)))
        return JSONSchema(k)
    }

    /// An object whose keys are names of the writer's choosing (`propertyNames`), each holding a `values`.
    public static func map(names: JSONSchema, values: JSONSchema, maxProperties: Int? = nil) -> JSONSchema {
        var k: [(String, JSONNode)] = [("type", .string("object")), ("propertyNames", names.node),
                                       ("additionalProperties", values.node)]
        if let maxProperties { k.append(("maxProperties", .number(Double(maxProperties)))) }
        return JSONSchema(k)
    }

    /// Exactly one of `choices`.
    public static func oneOf(_ choices: [JSONSchema]) -> JSONSchema {
        JSONSchema([("oneOf", .array(choices.map(\.node)))])
    }

    /// At least one of `choices` (used where the choices can overlap, as a colour name and a pattern cannot, but
    /// editors show `anyOf` alternatives better).
    public static func anyOf(_ choices: [JSONSchema]) -> JSONSchema {
        JSONSchema([("anyOf", .array(choices.map(\.node)))])
    }

    /// A string matching `pattern` (ECMA-262, as JSON Schema reads it).
    public static func pattern(_ pattern: String) -> JSONSchema {
        JSONSchema([("type", .string("string")), ("pattern", .string(pattern))])
    }

    /// The whole document: `$schema`, a title, `root`'s keywords and `defs` under `$defs`. The root object also takes
    /// a `"$schema"` key (a path or URL to this schema, for editors), which the loader accepts and ignores.
    static func document(title: String, root: JSONSchema, defs: [(String, JSONSchema)]) -> JSONSchema {
        var keywords: [(String, JSONNode)] = [("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
                                              ("title", .string(title))]
        for (key, value) in root.keywords {
            if key == "properties", case .object(let members) = value.value {
                let schemaKey = JSONSchema.string.described("The JSON Schema this file follows, for editors: "
                    + "a path or URL, such as the output of `sheetlab schema`. SheetLab ignores it.")
                keywords.append((key, .object([(DocumentSchema.schemaKey, schemaKey.node)] + members.map { ($0.key, $0.value) })))
            } else {
                keywords.append((key, value))
            }
        }
        keywords.append(("$defs", .object(defs.map { ($0.0, $0.1.node) })))
        return JSONSchema(keywords)
    }
}
