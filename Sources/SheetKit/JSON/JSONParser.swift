/// A strict JSON parser (RFC 8259) that records line and column for every value and key.
///
/// Foundation's parser reports neither positions nor duplicate keys, and both matter
/// for error messages a designer can act on.
public struct JSONParser {
    public struct SyntaxError: Error, Sendable, Equatable {
        public var message: String
        public var position: SourcePosition
        /// Where in the document the parser was: the key whose value is malformed.
        public var path = KeyPath.root
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Line and column of `index`, found incrementally (the parser asks for every value's).
    private(set) var positions: SourcePositionTracker
    private var depth = 0
    private var path: [KeyPath.Component] = []
    private static let maxDepth = 256
    /// The most values (numbers, strings, booleans, nulls, arrays and objects) one document may hold. A full script
    /// (`Script.maxSteps` steps of about ten values each) is half of it. With it, a document's tree is at most about
    /// 64 MB whatever the file holds: 64 MB of `0,` would otherwise be 33 million values.
    public static let maxValues = 2_000_000
    private var values = 0
    /// The items and members of the arrays and objects being read, innermost last. Each list is copied out at its
    /// end into an array of exactly its size: appending to its own array would leave up to half of it unused.
    private var itemStack: [JSONNode] = []
    private var memberStack: [JSONMember] = []

    public init(text: String) {
        bytes = Array(text.utf8)
        positions = SourcePositionTracker(bytes: bytes)
    }

    public static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(text: text)
        return try parser.parseDocument()
    }

    mutating func parseDocument() throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        if index >= bytes.count { throw error("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected \(describe(bytes[index])) after the end of the JSON value") }
        return node
    }

    private var position: SourcePosition {
        mutating get { positions.position(at: index) }
    }

    private mutating func error(_ message: String) -> SyntaxError { SyntaxError(message: message, position: position, path: KeyPath(path)) }
    private func error(_ message: String, at start: SourcePosition) -> SyntaxError {
        SyntaxError(message: message, position: start, path: KeyPath(path))
    }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\n"): return "end of line"
        case 0x20...0x7E: return "'\(Character(UnicodeScalar(byte)))'"
        default: return "byte 0x\(String(byte, radix: 16))"
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        let start = position
        guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
        values += 1
        if values > Self.maxValues {
            throw error("the file holds more than \(Self.maxValues) values (numbers, strings, lists and objects); "
                        + "a config, script or scenario may hold at most \(Self.maxValues)", at: start)
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(), at: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(), at: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            let word = readWord()
            switch word {
            case "true": return JSONNode(.bool(true), at: start)
            case "false": return JSONNode(.bool(false), at: start)
            case "null": return JSONNode(.null, at: start)
            case "NaN", "nan", "Infinity", "-Infinity", "inf":
                throw error( "\(word) is not a JSON number; numbers must be finite", at: start)
            case "": throw error( "unexpected \(describe(bytes[index])); expected a value", at: start)
            default: throw error( "unexpected '\(word)'; expected a value (strings need double quotes)", at: start)
            }
        }
    }

    private mutating func readWord() -> String {
        let begin = index
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
        let word = String(decoding: bytes[begin..<index], as: UTF8.self)
        if word.isEmpty { return "" }
        return word
    }

    private func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONValue {
        try enter(); defer { depth -= 1 }
        index += 1
        let base = memberStack.count
        func done(_ p: inout JSONParser) -> JSONValue {
            let members = Array(p.memberStack[base...])
            p.memberStack.removeSubrange(base...)
            return .object(members)
        }
        /// Duplicate keys are found by a scan while an object is small (most are), by a set once it is not.
        var keys: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object; expected a key") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
                throw error("expected a key in double quotes, found \(describe(bytes[index]))")
            }
            let keyPosition = position
            let key = try parseString()
            let duplicate: Bool
            if var set = keys {
                keys = nil  // keep the set uniquely referenced while inserting
                duplicate = !set.insert(key).inserted
                keys = set
            } else {
                duplicate = memberStack[base...].contains { $0.key == key }
                if memberStack.count - base == 16 { keys = Set(memberStack[base...].map(\.key) + [key]) }
            }
            if duplicate { throw error( "duplicate key \"\(key)\"", at: keyPosition) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            path.append(.key(key))
            let value = try parseValue()
            path.removeLast()
            memberStack.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return done(&self) }
            throw error("expected ',' or '}' after the value of \"\(key)\", found \(describe(bytes[index]))")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONValue {
        try enter(); defer { depth -= 1 }
        index += 1
        let base = itemStack.count
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            path.append(.index(itemStack.count - base))
            let item = try parseValue()
            itemStack.append(item)
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                let items = Array(itemStack[base...])
                itemStack.removeSubrange(base...)
                return .array(items)
            }
            throw error("expected ',' or ']' in the array, found \(describe(bytes[index]))")
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1  // opening quote
        // Most strings have no escape: one pass to the closing quote, then one String made from the bytes.
        var end = index
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return text
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            end += 1
        }
        var scalars = String.UnicodeScalarView()
        var chunkStart = index
        func flush(_ s: inout String.UnicodeScalarView, _ from: Int, _ to: Int, _ bytes: [UInt8]) {
            s.append(contentsOf: String(decoding: bytes[from..<to], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                flush(&scalars, chunkStart, index, bytes)
                index += 1
                return String(scalars)
            }
            if b == UInt8(ascii: "\n") { throw error("unterminated string (a line break inside quotes)") }
            if b < 0x20 { throw error("control character in a string; escape it") }
            if b == UInt8(ascii: "\\") {
                flush(&scalars, chunkStart, index, bytes)
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try readHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try readHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    index -= 1
                    throw error("invalid escape '\\\(Character(UnicodeScalar(e)))'")
                }
                chunkStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func readHex4() throws(SyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let begin = index
        let start = position
        func digits(_ p: inout JSONParser) -> Int {
            var n = 0
            while p.index < p.bytes.count, p.bytes[p.index] >= UInt8(ascii: "0"), p.bytes[p.index] <= UInt8(ascii: "9") { p.index += 1; n += 1 }
            return n
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
            _ = readWord()
            throw error( "-Infinity is not a JSON number; numbers must be finite", at: start)
        }
        let intStart = index
        let intDigits = digits(&self)
        if intDigits == 0 { throw error("expected a digit") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
            throw error( "numbers may not have leading zeros", at: start)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits(&self) == 0 { throw error("expected a digit after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits(&self) == 0 { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[begin..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error( "invalid number '\(text)'", at: start) }
        if !value.isFinite { throw error( "the number \(text) is out of range", at: start) }
        return value
    }
}
