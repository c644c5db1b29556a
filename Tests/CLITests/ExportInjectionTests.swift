import Foundation
import SheetKit
import XCTest

/// Issue 32 item 1: a config string that reaches generated code (a detent id, a title, a button's title, a text
/// field's placeholder and text, the config's file name) must not end a comment or a literal and become code.
///
/// Each evil config has a clean twin of the same structure: every character of every string that is not an ASCII
/// letter, digit or space becomes `-`, so that the detent identifiers the exporters derive are the same. For every
/// target, both exports must type-check against the stubs (Swift 6 with `-D DEBUG`) or the real React types (tsc),
/// and the evil export must have exactly the code of the clean one: the same lines outside comments and literals
/// (Swift: a lexer that drops comments and the contents of string literals) or the same syntax tree with literal
/// texts elided (TSX: TypeScript's own parser, `ts.createSourceFile`). A payload that escaped its comment or literal
/// would add statements, an array element or an attribute, and fail the comparison.
extension ExportTests {
    /// The strings the issue names: newlines, carriage returns, `*/`, `-->`, backticks, `${`, quotes, U+2028/2029,
    /// a quote followed by a combining mark (one Character in Swift, two scalars to a lexer), NUL and other controls.
    static let evilIDs = ["x\n*/ alert(1); /*", "a\r\nb", "a */ b", "c\u{2028}sheetlabInjected()\u{2029}d",
                          "e --> sheetlabInjected() <!-- f"]
    static let evilTitles = ["</script> ${x} `y` sheetlabInjected()", "q\"\u{301}); sheetlabInjected(); (\"",
                             "it's \"quoted\" \\ back\\slash {brace} <b>bold</b> &amp;", "tab\tnul\u{0}bell\u{7}del\u{7F}\u{85}end",
                             "l1\nsheetlabInjected()\r\nl2\u{2028}l3"]

    /// `s` with every character that is not an ASCII letter, digit or space replaced by `-`.
    static func cleaned(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == " ") ? Character($0) : "-" })
    }

    /// `s` without line breaks: what a text field's strings keep (the config refuses a line break there).
    static func oneLine(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { !"\n\r\u{2028}\u{2029}\u{85}".unicodeScalars.contains($0) }))
    }

    /// A config using `ids` as detent ids (the first two fixed heights, then medium and large, so that FloatingPanel
    /// gets custom states) and `titles` as the title, a button's title, the field's placeholder and text.
    static func injectionConfig(ids: [String], titles: [String], map: (String) -> String) throws -> String {
        let id = ids.map(map), t = titles.map(map)
        // A text field holds one line: the config refuses a line break there (ConfigValidator), so the field's strings
        // keep every other character.
        let line = oneLine
        let detents: [Any] = [["id": id[0], "height": 120], ["id": id[1], "height": 220], ["id": id[2], "fraction": 0.45],
                              "medium", "large"]
        let sheet: [String: Any] = [
            "detents": detents,
            "initialDetent": id[1],
            "dimming": ["largestUndimmedDetent": id[0], "color": "#102030"],
            "keyboard": ["behavior": "interactive", "dismissOnDrag": true],
            "content": [
                ["type": "title", "text": t[0]],
                ["type": "textField", "placeholder": line(t[1]), "text": line(t[2]), "focus": true],
                ["type": "button", "title": t[3], "action": "select:" + id[0]],
                ["type": "button", "title": t[4], "action": "select:" + id[2]],
                ["type": "button", "title": "Close", "action": "dismiss"],
            ] as [[String: Any]],
        ]
        let data = try JSONSerialization.data(withJSONObject: ["sheet": sheet], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// The code of a Swift file without its comments and with every string literal's contents dropped, or a
    /// description of what the lexer could not close.
    static func swiftCode(_ text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        while i < s.count {
            let c = s[i]
            if c == "/" && at(i + 1) == "/" {
                while i < s.count && s[i] != "\n" && s[i] != "\r" { i += 1 }
            } else if c == "/" && at(i + 1) == "*" {
                var depth = 1
                i += 2
                while i < s.count && depth > 0 {
                    if s[i] == "/" && at(i + 1) == "*" { depth += 1; i += 2 } else if s[i] == "*" && at(i + 1) == "/" { depth -= 1; i += 2 } else { i += 1 }
                }
                if depth > 0 { return "UNTERMINATED BLOCK COMMENT" }
                out.append(" ")
            } else if c == "\"" {
                if at(i + 1) == "\"" && at(i + 2) == "\"" { return "MULTI-LINE STRING" }
                i += 1
                while true {
                    guard let d = at(i) else { return "UNTERMINATED STRING" }
                    if d == "\n" || d == "\r" { return "NEWLINE IN STRING at scalar \(i)" }
                    if d == "\\" {
                        if at(i + 1) == "(" { return "INTERPOLATION IN STRING at scalar \(i)" }
                        i += 2; continue
                    }
                    i += 1
                    if d == "\"" { break }
                }
                out.append(contentsOf: "\"\"".unicodeScalars)
            } else {
                out.append(c); i += 1
            }
        }
        // Blank lines and trailing spaces left by the comments do not count.
        return String(out).split(separator: "\n").map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
            .filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// What a Swift file says, read back as Swift reads it: the value of every string literal (escapes decoded:
    /// `\0 \\ \t \n \r \" \' \u{…}`) and the text of every comment (`//`, `///`, `/* */`, delimiters dropped).
    static func swiftStrings(_ text: String) -> (literals: [String], comments: [String]) {
        let s = Array(text.unicodeScalars)
        var literals: [String] = [], comments: [String] = []
        var i = 0
        func at(_ k: Int) -> Unicode.Scalar? { k < s.count ? s[k] : nil }
        while i < s.count {
            if s[i] == "/" && at(i + 1) == "/" {
                var j = i + 2
                while j < s.count && s[j] == "/" { j += 1 }
                var k = j
                while k < s.count && s[k] != "\n" && s[k] != "\r" { k += 1 }
                // The exporters write `// text`: one space after the opener, which is not the text's.
                if j < k && s[j] == " " { j += 1 }
                comments.append(String(String.UnicodeScalarView(s[j..<k])))
                i = k
            } else if s[i] == "/" && at(i + 1) == "*" {
                var k = i + 2
                while k + 1 < s.count && !(s[k] == "*" && s[k + 1] == "/") { k += 1 }
                var body = String(String.UnicodeScalarView(s[(i + 2)..<min(k, s.count)]))
                if body.hasPrefix(" ") { body.removeFirst() }
                if body.hasSuffix(" ") { body.removeLast() }
                comments.append(body)
                i = k + 2
            } else if s[i] == "\"" {
                var value = String.UnicodeScalarView()
                i += 1
                while i < s.count && s[i] != "\"" {
                    if s[i] == "\\", let e = at(i + 1) {
                        i += 2
                        switch e {
                        case "0": value.append("\0")
                        case "t": value.append("\t")
                        case "n": value.append("\n")
                        case "r": value.append("\r")
                        case "u":
                            var hex = ""
                            i += 1  // the `{`
                            while i < s.count && s[i] != "}" { hex.unicodeScalars.append(s[i]); i += 1 }
                            i += 1
                            value.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
                        default: value.append(e)  // \\ \" \'
                        }
                    } else {
                        value.append(s[i]); i += 1
                    }
                }
                literals.append(String(value))
                i += 1
            } else {
                i += 1
            }
        }
        return (literals, comments)
    }

    /// The config strings a comment quotes: each Swift string literal's spelling in it (`quotedInComment`), decoded.
    static func quotedStrings(inComment comment: String) -> [String] {
        swiftStrings(comment).literals
    }

    /// TypeScript's parser over each TSX file: the syntax kinds of its tree, identifiers by name, literal texts elided
    /// (a JSX expression holding only a string literal counts as JSX text), and its parse errors; and what the file
    /// says: its literals' values and its comments' texts.
    func tsxTrees(_ files: [URL]) throws -> TSXReading {
        let script = dir.appendingPathComponent("tree.js")
        try """
        const ts = require('typescript');
        const fs = require('fs');
        const out = [], said = [];
        for (const file of process.argv.slice(2)) {
          const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2020, true, ts.ScriptKind.TSX);
          const lines = sf.parseDiagnostics.map(d => 'PARSE ERROR: ' + ts.flattenDiagnosticMessageText(d.messageText, ' '));
          const literal = n => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isJsxText(n);
          const walk = (n, depth) => {
            let kind = ts.SyntaxKind[n.kind];
            if (ts.isJsxExpression(n) && n.expression && literal(n.expression)) kind = 'Literal';
            else if (literal(n)) kind = 'Literal';
            else if (ts.isIdentifier(n)) kind = 'Identifier ' + n.text;
            else if (ts.isTemplateExpression(n)) kind = 'TemplateExpression';
            lines.push(' '.repeat(depth) + kind);
            if (kind !== 'Literal') ts.forEachChild(n, c => walk(c, depth + 1));
          };
          walk(sf, 0);
          // What the file says, as JavaScript reads it: each literal's value (JSX text as the JSX transform keeps
          // it: whitespace-only text between tags dropped) and each comment outside JSX text, delimiters dropped.
          const literals = [], comments = new Map();
          const text = sf.getFullText();
          const collect = n => {
            if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) literals.push(n.text);
            else if (ts.isJsxText(n)) { if (!n.containsOnlyTriviaWhiteSpaces) literals.push(n.text); return; }
            for (const r of [...(ts.getLeadingCommentRanges(text, n.pos) || []), ...(ts.getTrailingCommentRanges(text, n.end) || [])]) {
              const body = text.slice(r.pos, r.end);
              // The exporters write `// text` and `/* text */`: one space after the opener and before the closer.
              comments.set(r.pos, r.kind === ts.SyntaxKind.MultiLineCommentTrivia ? body.slice(2, -2).replace(/^ /, '').replace(/ $/, '')
                                                                                  : body.replace(/^\\/+ ?/, ''));
            }
            ts.forEachChild(n, collect);
          };
          collect(sf);
          said.push({ literals, comments: [...comments.entries()].sort((a, b) => a[0] - b[0]).map(e => e[1]) });
          out.push(lines.join('\\n'));
        }
        process.stdout.write(JSON.stringify({ trees: out, said }));
        """.write(to: script, atomically: true, encoding: .utf8)
        let r = tool(["env", "NODE_PATH=/usr/share/nodejs", "node", script.path] + files.map(\.path))
        XCTAssertEqual(r.status, 0, r.output)
        return (try? JSONDecoder().decode(TSXReading.self, from: Data(r.output.utf8))) ?? TSXReading(trees: [], said: [])
    }

    /// TypeScript's reading of TSX files: each file's syntax tree (`tsxTrees`) and what it says.
    struct TSXReading: Decodable {
        struct Said: Decodable { var literals: [String]; var comments: [String] }
        var trees: [String]
        var said: [Said]
    }

    /// Exports `config` (written as `file`) to every target; returns each output's URL.
    func exportEverywhere(_ config: String, file: String, prefix: String) throws -> [String: URL] {
        write(file, config)
        var out: [String: URL] = [:]
        for target in Self.targets {
            let name = "\(prefix).\(target).\(Self.fileExtension(target))"
            let r = run("export", "--to", target, "--config", file, "--out", name)
            XCTAssertEqual(r.status, 0, "\(file) → \(target): \(r.stderr)")
            out[target] = dir.appendingPathComponent(name)
        }
        return out
    }

    /// The evil config made of `ids` and `titles`, its clean twin, and what the evil export must say back.
    func injectionCase(ids: [String], titles: [String], evilFile: String, line: UInt = #line) throws -> SameCodeCase {
        let said = Said(ids: Array(ids.prefix(3)), content: [titles[0], Self.oneLine(titles[1]), Self.oneLine(titles[2]), titles[3], titles[4]],
                        file: evilFile + ".json")
        return SameCodeCase(evil: try Self.injectionConfig(ids: ids, titles: titles, map: { $0 }),
                            clean: try Self.injectionConfig(ids: ids, titles: titles, map: Self.cleaned), evilFile: evilFile, said: said, line: line)
    }

    func assertNoInjection(ids: [String], titles: [String], evilFile: String, line: UInt = #line) throws {
        try assertSameCode([try injectionCase(ids: ids, titles: titles, evilFile: evilFile, line: line)])
    }

    /// The config strings an export must say back unchanged: the detent ids (in its comments, quoted, or in its
    /// literals), the content's texts (the title, the field's placeholder and text, the buttons' titles: in literals)
    /// and the config's file name (in the first comment).
    struct Said {
        var ids: [String]
        var content: [String]
        var file: String
    }

    /// `said`'s strings come back out of `target`'s export unchanged, read as its language reads it: literals by
    /// value, comments through `ExportEscaping.commentText` (block comments) or the Swift literal spellings they quote.
    func assertSaysBack(_ said: Said, target: String, literals: [String], comments: [String], line: UInt) {
        let header = comments.first.flatMap(ExportEscaping.commentText) ?? "<none>"
        XCTAssertTrue(header.hasPrefix("Generated by `sheetlab export --to \(target)` from \(said.file) (device "),
                      "\(target): the first comment does not name the config file \(said.file.debugDescription): \(header.debugDescription)", line: line)
        let values = Set(literals)
        for text in said.content where !values.contains(text) {
            XCTFail("\(target): \(text.debugDescription) is not the value of any literal; literals: \(literals.filter { $0.count > 2 }.prefix(40))", line: line)
        }
        let quoted = Set(comments.flatMap(Self.quotedStrings(inComment:)) + comments.compactMap(ExportEscaping.commentText) + literals)
        for id in said.ids where !quoted.contains(id) {
            XCTFail("\(target): the detent id \(id.debugDescription) is not said back by any comment or literal; comments: \(comments.prefix(60))", line: line)
        }
    }

    /// An evil config, its clean twin, the evil config's file name (without `.json`), what the evil export must say
    /// back, and the line of the case.
    struct SameCodeCase {
        var evil: String
        var clean: String
        var evilFile: String
        var said: Said?
        var line: UInt
    }

    /// Exports each case's `evil` config and its `clean` twin to every target: both type-check, and their code (outside
    /// comments and literals) is the same. The cases are checked together: each Swift export type-checks on its own
    /// (the exports of one target declare the same types), but every Swift file is parsed by one `swiftc -parse`, every
    /// TSX file is type-checked by one tsc program and read by one TypeScript parse; each failure names its case's line
    /// and file.
    func assertSameCode(_ cases: [SameCodeCase]) throws {
        try requireTools()
        let modules = try stubModules()
        let swiftTargets = Self.targets.filter { Self.fileExtension($0) == "swift" }
        let tsx = Self.targets.filter { Self.fileExtension($0) == "tsx" }
        var exports: [(evil: [String: URL], clean: [String: URL])] = []
        for (k, c) in cases.enumerated() {
            // A prefix per case: the file names within the batch are distinct (an export's text does not depend on it).
            let evil = try exportEverywhere(c.evil, file: c.evilFile + ".json", prefix: "evil\(k)")
            let clean = try exportEverywhere(c.clean, file: "clean-" + Self.cleaned(c.evilFile) + ".json", prefix: "clean\(k)")
            exports.append((evil, clean))
            for target in swiftTargets {
                guard let e = evil[target], let cl = clean[target] else { continue }
                for (kind, url) in [("evil", e), ("clean", cl)] {
                    let r = typecheckSwift(url, modules: modules)
                    XCTAssertEqual(r.status, 0, "the \(kind) \(target) export does not type-check:\n\(r.output)\n\((try? String(contentsOf: url, encoding: .utf8)) ?? "")",
                                   line: c.line)
                }
                if let said = c.said {
                    let read = Self.swiftStrings(try String(contentsOf: e, encoding: .utf8))
                    assertSaysBack(said, target: target, literals: read.literals, comments: read.comments, line: c.line)
                }
                let evilCode = Self.swiftCode(try String(contentsOf: e, encoding: .utf8))
                let cleanCode = Self.swiftCode(try String(contentsOf: cl, encoding: .utf8))
                if evilCode != cleanCode {
                    let a = evilCode.split(separator: "\n", omittingEmptySubsequences: false)
                    let b = cleanCode.split(separator: "\n", omittingEmptySubsequences: false)
                    let k = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                    XCTFail("\(target): the evil export's code differs from the clean one's at code line \(k + 1):\n  evil:  \(k < a.count ? a[k] : "<end>")\n"
                            + "  clean: \(k < b.count ? b[k] : "<end>")", line: c.line)
                }
            }
        }
        // Every Swift export parsed at once.
        let swiftFiles = zip(cases, exports).flatMap { c, e in
            swiftTargets.flatMap { t in [("evil", t, e.evil[t], c.line), ("clean", t, e.clean[t], c.line)] }
        }.compactMap { kind, target, url, line in url.map { (kind, target, $0, line) } }
        let parsed = parseSwift(swiftFiles.map(\.2))
        for (kind, target, url, line) in swiftFiles {
            XCTAssertNil(parsed.errors[url.lastPathComponent], "the \(kind) \(target) export does not parse:\n\(parsed.errors[url.lastPathComponent] ?? "")",
                         line: line)
        }
        XCTAssertEqual(parsed.status, 0, "the Swift exports do not all parse:\n\(parsed.output)")
        // Every TSX export in one tsc program and one read by TypeScript's parser: the evil files, then the clean ones, case by case.
        let files = exports.flatMap { e in tsx.compactMap { e.evil[$0] } + tsx.compactMap { e.clean[$0] } }
        let checked = typecheckTSXEach(files)
        for (c, e) in zip(cases, exports) {
            for target in tsx {
                for (kind, url) in [("evil", e.evil[target]), ("clean", e.clean[target])] {
                    guard let url, let errors = checked.errors[url.lastPathComponent] else { continue }
                    XCTFail("the \(kind) \(target) export (\(url.lastPathComponent)) does not type-check:\n\(errors)", line: c.line)
                }
            }
        }
        XCTAssertEqual(checked.status, 0, "the TSX exports do not type-check:\n\(checked.output)")
        let reading = try tsxTrees(files)
        guard reading.trees.count == files.count, reading.said.count == files.count else { return XCTFail("no syntax trees") }
        for (n, c) in cases.enumerated() {
            let base = n * 2 * tsx.count
            let trees = Array(reading.trees[base..<base + 2 * tsx.count]), said = Array(reading.said[base..<base + 2 * tsx.count])
            for (i, target) in tsx.enumerated() {
                if let s = c.said { assertSaysBack(s, target: target, literals: said[i].literals, comments: said[i].comments, line: c.line) }
                let a = trees[i].split(separator: "\n"), b = trees[tsx.count + i].split(separator: "\n")
                XCTAssertFalse(trees[i].contains("PARSE ERROR"), "\(target): \(trees[i].split(separator: "\n").prefix(3))", line: c.line)
                if a != b {
                    let k = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
                    XCTFail("\(target): the evil export's syntax tree differs from the clean one's at node \(k + 1):\n  evil:  "
                            + "\(k < a.count ? a[k] : "<end>")\n  clean: \(k < b.count ? b[k] : "<end>")", line: c.line)
                }
            }
        }
    }

    /// The brief's ids: a newline and `*/` (ends a JS block comment and a line comment), CR LF (ends a Swift line
    /// comment, one Character to Swift), `*/` alone, U+2028/2029 (line terminators in JS), `-->`; and titles with
    /// `</script>`, `${`, backticks, quotes, a quote with a combining mark, controls and NUL.
    func testEvilDetentIdsAndTitlesDoNotInjectCodeInAnyTarget() throws {
        try assertNoInjection(ids: Self.evilIDs, titles: Self.evilTitles, evilFile: "evil")
    }

    /// The same strings the other way round (each id in a title's place and each title as an id), and a config file
    /// name with a newline, `*/` and U+2028: the name reaches every file's first comment line.
    func testEvilFileNamesAndSwappedStringsDoNotInjectCode() throws {
        try assertNoInjection(ids: Self.evilTitles, titles: Self.evilIDs,
                              evilFile: "sheet\n*) sheetlabInjected(); (* \u{2028}sheetlabInjected()\r--> x")
    }

    /// Seeded random strings made of the dangerous pieces (and letters), in every string-valued place at once, for
    /// three seeds: the same checks. Each id starts with its own letters so that the clean twins' ids stay distinct.
    func testRandomStringsOfDangerousPiecesDoNotInjectCode() throws {
        let pieces = ["\n", "\r", "\r\n", "*/", "/*", "//", "`", "${", "\"", "'", "\\", "\u{2028}", "\u{2029}", "\u{0}", "<!--",
                      "-->", "</script>", "{", "}", "<", ">", "&", "a", " ", "\u{301}", "\u{202E}", "\t", "#", "\\("]
        var cases: [SameCodeCase] = []
        for seed in [1, 2, 3] as [UInt64] {
            var state = seed &* 0x9E37_79B9_7F4A_7C15
            func next() -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) }
            func random(_ prefix: String) -> String { prefix + (0..<(4 + next() % 8)).map { _ in pieces[next() % pieces.count] }.joined() }
            cases.append(try injectionCase(ids: (0..<3).map { random("d\($0)s\(seed) ") }, titles: (0..<5).map { random("t\($0) ") },
                                           evilFile: "random\(seed)"))
        }
        try assertSameCode(cases)
    }

    /// The lexer the Swift check relies on sees a payload that escaped: a raw newline in a comment adds a code line.
    func testTheSwiftCodeComparisonSeesAnEscapedPayload() {
        XCTAssertEqual(Self.swiftCode("let a = 1 // \"x\"\nlet b = \"q\\\"\" /* c */"), "let a = 1\nlet b = \"\"")
        XCTAssertNotEqual(Self.swiftCode("// id: x\n*/ alert(1)"), Self.swiftCode("// id: x-- alert-1-"))
        XCTAssertTrue(Self.swiftCode("let s = \"a\rb\"").hasPrefix("NEWLINE IN STRING"))
    }
}

/// Issue 30 item 5: the text field and every keyboard behaviour, exported to every target and type-checked as the
/// goldens are. What each library does with the keyboard: docs/keyboard-reference.md (gorhom's `keyboardBehavior`,
/// src/components/bottomSheet/constants.ts and BottomSheet.tsx:803-860; vaul's `repositionInputs`, src/index.tsx:476-534;
/// FloatingPanel: no keyboard handling in Sources/, its Maps example's `move(to: .full)` on editing).
extension ExportTests {
    func testEveryKeyboardBehaviourExportsToEveryTargetAndTypeChecks() throws {
        try requireTools()
        let modules = try stubModules()
        // behaviour: gorhom's keyboardBehavior, vaul's repositionInputs, and which targets name a loss for it.
        let rows: [(UInt, String, String, Bool, Set<String>)] = [
            (#line, "system", "extend", true, ["floatingpanel", "gorhom", "vaul"]),
            (#line, "interactive", "interactive", true, ["swiftui", "uikit", "floatingpanel", "vaul"]),
            (#line, "extend", "extend", true, ["swiftui", "uikit", "floatingpanel", "vaul"]),
            (#line, "fillParent", "fillParent", true, ["swiftui", "uikit", "floatingpanel", "vaul"]),
            (#line, "none", "extend", false, ["swiftui", "uikit", "gorhom"]),
            (#line, "reposition", "interactive", true, ["swiftui", "uikit", "floatingpanel", "gorhom"]),
            (#line, "adjustResize", "interactive", true, ["swiftui", "uikit", "floatingpanel", "gorhom", "vaul"]),
        ]
        var tsx: [URL] = []
        for (line, behavior, gorhom, reposition, losing) in rows {
            // Odd rows: a rounded field that is not focused and a keyboard that stays up on a drag.
            let plain = ["interactive", "fillParent", "reposition"].contains(behavior)
            let config = "\(behavior).json"
            write(config, """
                {"sheet": {"detents": ["medium", "large"], "keyboard": {"behavior": "\(behavior)", "dismissOnDrag": \(!plain), "height": 300},
                 "content": [{"type": "title", "text": "Find"}, {"type": "textField", "placeholder": "Name", "text": "Ann",
                              "style": "\(plain ? "rounded" : "search")", "focus": \(!plain)}]}}
                """)
            for target in Self.targets {
                let file = "\(behavior).\(target).\(Self.fileExtension(target))"
                let r = run("export", "--to", target, "--config", config, "--out", file)
                XCTAssertEqual(r.status, 0, r.stderr, line: line)
                let url = dir.appendingPathComponent(file)
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                let loses = r.stderrLines.contains { $0.hasPrefix("sheetlab: export: \(target): sheet.keyboard.behavior: \(behavior);") }
                XCTAssertEqual(loses, losing.contains(target), "\(file): the keyboard behaviour's loss\n\(r.stderr)", line: line)
                // A keyboard height of the config's own is the device's on every target.
                XCTAssertTrue(r.stderrLines.contains { $0.hasPrefix("sheetlab: export: \(target): sheet.keyboard.height: 300;") }, r.stderr, line: line)
                switch target {
                case "swiftui":
                    XCTAssertTrue(text.contains(".scrollDismissesKeyboard(\(plain ? ".never" : ".immediately"))"), text, line: line)
                    XCTAssertEqual(text.contains("@FocusState private var field0IsFocused: Bool"), !plain, line: line)
                    XCTAssertEqual(text.contains(".textFieldStyle(.roundedBorder)"), plain, line: line)
                    XCTAssertTrue(text.contains("@State private var field0Text = \"Ann\""), text, line: line)
                case "uikit", "floatingpanel":
                    XCTAssertTrue(text.contains("scroll.keyboardDismissMode = \(plain ? ".none" : ".onDrag")"), text, line: line)
                    XCTAssertEqual(text.contains("field0.becomeFirstResponder()"), !plain, line: line)
                    XCTAssertTrue(text.contains("let field0 = \(plain ? "UITextField" : "UISearchTextField")()"), text, line: line)
                    if target == "floatingpanel" {
                        XCTAssertEqual(text.contains("?.move(to: .full, animated: true)\n    }"), behavior != "none", text, line: line)
                    }
                case "gorhom":
                    XCTAssertTrue(text.contains("keyboardBehavior=\"\(gorhom)\""), text, line: line)
                    XCTAssertEqual(text.contains("android_keyboardInputMode=\"adjustResize\""), behavior == "adjustResize", line: line)
                    XCTAssertEqual(text.contains("enableBlurKeyboardOnGesture={true}"), !plain, line: line)
                    XCTAssertTrue(text.contains("<BottomSheetTextInput style={styles.field} placeholder=\"Name\""), text, line: line)
                default:
                    XCTAssertTrue(text.contains("repositionInputs={\(reposition)}"), text, line: line)
                    XCTAssertEqual(text.contains("onDrag={blurFocusedField}"), !plain, line: line)
                    XCTAssertTrue(text.contains("<input type=\"\(plain ? "text" : "search")\""), text, line: line)
                }
                if Self.fileExtension(target) == "tsx" {
                    tsx.append(url)
                } else {
                    let checked = typecheckSwift(url, modules: modules)
                    XCTAssertEqual(checked.status, 0, "\(file) does not type-check:\n\(checked.output)", line: line)
                    let available = try typecheckAvailability(text, name: file)
                    XCTAssertEqual(available.status, 0, "\(file) needs more than its header's iOS:\n\(available.output)", line: line)
                }
            }
        }
        let checked = typecheckTSXEach(tsx)
        for file in tsx { XCTAssertNil(checked.errors[file.lastPathComponent], "\(file.lastPathComponent) does not type-check") }
        XCTAssertEqual(checked.status, 0, "the keyboard exports do not type-check:\n\(checked.output)")
    }
}
