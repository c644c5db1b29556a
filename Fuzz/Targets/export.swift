import SheetKit

/// Export (issue 32 item 1): every config that loads exports to every target without a trap or a hang, and no config
/// string reaches the generated code as code.
///
/// - No output holds a raw unsafe scalar (a line terminator other than LF, a control, a bidi control, NUL):
///   `ExportEscaping` writes every one as an escape, whatever the context.
/// - Each Swift output lexes: comments and string literals close on their line, no literal interpolates, no
///   multi-line literal; and every comment reads back through `ExportEscaping.commentText`.
/// - The clean twin: the same document with every Character of every string that is not an ASCII letter, digit or
///   one of ` #:._` replaced by `-` (whitespace by a space), exported the same way. When it loads, each Swift output's
///   tokens (comments dropped, literals emptied, words and numbers masked, since fitted heights and names follow the
///   text) are the twin's: a payload that left its comment or literal would add tokens.
/// The TSX outputs get the first check here; their syntax trees are compared by TypeScript's own parser in
/// ExportInjectionTests, which a fuzz target cannot run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let root = try? JSONParser.parse(fuzzText(start, count)) else { return 0 }
    guard case .success(let evil) = ConfigLoader.load(root: root, file: "fuzz.json") else { return 0 }
    // The config's file name reaches every output's first line: take it from the document's first string.
    let name = "fuzz " + (firstString(root) ?? "") + ".json"
    let twinRoot = mapStrings(root, cleaned)
    var twin: SheetSetup?
    if case .success(let document) = ConfigLoader.load(root: twinRoot, file: "fuzz.json") { twin = SheetSetup(config: document.config) }
    let setup = SheetSetup(config: evil.config)
    for target in ExportTarget.allCases {
        let code = Exporter.export(setup, to: target, configName: name).code
        if let bad = code.unicodeScalars.first(where: { $0 != "\n" && ExportEscaping.isUnsafe($0) }) {
            invariant(false, "\(target): a raw U+\(String(bad.value, radix: 16)) in the generated code")
        }
        guard target.fileExtension == "swift" else { continue }
        let lexed = swiftTokens(code)
        invariant(lexed.problem == nil, "\(target): \(lexed.problem ?? "")")
        for comment in lexed.comments {
            invariant(ExportEscaping.commentText(comment) != nil, "\(target): a comment that does not read back: \(comment.debugDescription)")
        }
        if let twin {
            let clean = swiftTokens(Exporter.export(twin, to: target, configName: cleaned(name)).code)
            if clean.tokens != lexed.tokens {
                let k = (0..<min(clean.tokens.count, lexed.tokens.count)).first { clean.tokens[$0] != lexed.tokens[$0] } ?? min(clean.tokens.count, lexed.tokens.count)
                invariant(false, "\(target): the code differs from the clean twin's at token \(k): "
                          + "\(lexed.tokens[k..<min(k + 12, lexed.tokens.count)].joined(separator: " ")) against "
                          + "\(clean.tokens[k..<min(k + 12, clean.tokens.count)].joined(separator: " "))")
            }
        }
    }
    return 0
}

/// The clean twin of a config string: every Character that is not an ASCII letter or digit or one of ` #:._` becomes
/// `-`, and whitespace a space (so an id keeps the identifier the exporters derive, a colour and a `select:` action
/// stay what they were).
func cleaned(_ s: String) -> String {
    String(s.map { ch -> Character in
        if ch.isASCII && (ch.isLetter || ch.isNumber) || " #:._".contains(ch) { return ch }
        return ch.isWhitespace ? " " : "-"
    })
}

func mapStrings(_ node: JSONNode, _ f: (String) -> String) -> JSONNode {
    switch node.value {
    case .string(let s): return JSONNode(.string(f(s)), at: node.position)
    case .array(let items): return JSONNode(.array(items.map { mapStrings($0, f) }), at: node.position)
    case .object(let members):
        return JSONNode(.object(members.map { member in
            var m = member
            m.value = mapStrings(member.value, f)
            return m
        }), at: node.position)
    default: return node
    }
}

func firstString(_ node: JSONNode) -> String? {
    switch node.value {
    case .string(let s): return s
    case .array(let items): return items.lazy.compactMap(firstString).first
    case .object(let members): return members.lazy.compactMap { firstString($0.value) }.first
    default: return nil
    }
}

/// A Swift file's tokens as the clean-twin comparison sees them: comments dropped (and kept aside), each string
/// literal `""`, each run of letters, digits and `_` `w`, every other scalar itself; or the problem that stopped it.
func swiftTokens(_ code: String) -> (tokens: [String], comments: [String], problem: String?) {
    let s = Array(code.unicodeScalars)
    var tokens: [String] = [], comments: [String] = []
    var i = 0
    func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
    func isWord(_ u: Unicode.Scalar) -> Bool { u == "_" || u.properties.isAlphabetic || u.properties.numericType != nil }
    while i < s.count {
        let c = s[i]
        if c == " " || c == "\n" {
            i += 1
        } else if c == "/" && at(i + 1) == "/" {
            var k = i + 2
            while k < s.count && s[k] != "\n" { k += 1 }
            comments.append(String(String.UnicodeScalarView(s[(i + 2)..<k])))
            i = k
        } else if c == "/" && at(i + 1) == "*" {
            var depth = 1
            i += 2
            while i < s.count && depth > 0 {
                if s[i] == "/" && at(i + 1) == "*" { depth += 1; i += 2 } else if s[i] == "*" && at(i + 1) == "/" { depth -= 1; i += 2 } else { i += 1 }
            }
            if depth > 0 { return (tokens, comments, "an unterminated block comment") }
        } else if c == "\"" {
            if at(i + 1) == "\"" && at(i + 2) == "\"" { return (tokens, comments, "a multi-line string literal") }
            i += 1
            while true {
                guard let d = at(i) else { return (tokens, comments, "an unterminated string literal") }
                if d == "\n" { return (tokens, comments, "a line break in a string literal") }
                if d == "\\" {
                    if at(i + 1) == "(" { return (tokens, comments, "an interpolation in a string literal") }
                    i += 2
                    continue
                }
                i += 1
                if d == "\"" { break }
            }
            tokens.append("\"\"")
        } else if isWord(c) {
            while i < s.count && isWord(s[i]) { i += 1 }
            tokens.append("w")
        } else {
            tokens.append(String(c))
            i += 1
        }
    }
    return (tokens, comments, nil)
}
