import Foundation
import XCTest

/// `sheetlab export` end to end: every example to every target equals its golden file, every golden type-checks
/// against the declarations in Tests/ExportStubs (so the generated code calls APIs that exist, with their labels),
/// wrong labels fail that check, and the capability diff reaches stderr and --strict.
///
/// Re-record the goldens after an intended change: `SHEETLAB_RECORD_EXPORTS=1 swift test --filter ExportTests`.
final class ExportTests: CLITestCase {
    static let targets = ["swiftui", "uikit", "floatingpanel", "gorhom", "vaul"]
    static let goldens = repositoryRoot.appendingPathComponent("Tests/ExportGoldens")
    static let stubs = repositoryRoot.appendingPathComponent("Tests/ExportStubs")
    static var recording: Bool { ProcessInfo.processInfo.environment["SHEETLAB_RECORD_EXPORTS"] == "1" }

    static func fileExtension(_ target: String) -> String { ["gorhom", "vaul"].contains(target) ? "tsx" : "swift" }

    /// Every example config (Assets/Examples/*.json except scripts), then the export-only configs beside the goldens
    /// (Tests/ExportGoldens/configs: the iOS settings turned on, which no example does).
    static var examples: [URL] {
        func configs(_ path: String) -> [URL] {
            let folder = repositoryRoot.appendingPathComponent(path)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".script.json") }.sorted().map { folder.appendingPathComponent($0) }
        }
        return configs("Assets/Examples") + configs("Tests/ExportGoldens/configs")
    }

    func testEveryExampleExportsToEveryTargetAsItsGolden() throws {
        XCTAssertGreaterThanOrEqual(Self.examples.count, 5)
        for config in Self.examples {
            let name = config.deletingPathExtension().lastPathComponent
            for target in Self.targets {
                let file = "\(name).\(target).\(Self.fileExtension(target))"
                let r = run("export", "--to", target, "--config", config.path, "--out", file)
                XCTAssertEqual(r.status, 0, "\(file): \(r.stderr)")
                let actual = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                let golden = Self.goldens.appendingPathComponent(file)
                if let failure = try Self.compareOrRecord(actual, golden: golden, environment: ProcessInfo.processInfo.environment) {
                    XCTFail(failure)
                }
                // The capability diff in the file's header is the one on stderr.
                let header = actual.split(separator: "\n").filter { $0.hasPrefix("//   - ") }.map { $0.dropFirst(7) }
                let stderr = r.stderrLines.filter { $0.hasPrefix("sheetlab: export: \(target): ") }.map { $0.dropFirst("sheetlab: export: \(target): ".count) }
                XCTAssertEqual(header, stderr, file)
            }
        }
    }

    /// Compares `actual` with the golden at `golden`, or records it with SHEETLAB_RECORD_EXPORTS=1; returns the
    /// failure to report, if any.
    static func compareOrRecord(_ actual: String, golden: URL, environment: [String: String]) throws -> String? {
        let file = golden.lastPathComponent
        if environment["SHEETLAB_RECORD_EXPORTS"] == "1" {
            if let ci = environment["CI"], !ci.isEmpty {
                return "\(file): SHEETLAB_RECORD_EXPORTS=1 with CI set (CI=\(ci)): export goldens are not recorded in CI, as "
                    + "`sheetlab test` refuses to record; record them locally without CI and commit them"
            }
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: golden, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: golden, encoding: .utf8) else {
            return "\(file): no golden; record with SHEETLAB_RECORD_EXPORTS=1 swift test --filter ExportTests"
        }
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let i = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            return "\(file) differs from its golden at line \(i + 1):\n  golden: \(i < e.count ? e[i] : "<end>")\n  actual: "
                + "\(i < a.count ? a[i] : "<end>")\nIf the change is intended: SHEETLAB_RECORD_EXPORTS=1 swift test --filter ExportTests"
        }
        return nil
    }

    /// Recording in CI is refused, as `sheetlab test` refuses to record goldens there: a CI run that records would
    /// always pass.
    func testRecordingIsRefusedInCI() throws {
        let golden = dir.appendingPathComponent("goldens/x.vaul.tsx")
        let failure = try Self.compareOrRecord("new\n", golden: golden, environment: ["SHEETLAB_RECORD_EXPORTS": "1", "CI": "true"])
        XCTAssertNotNil(failure, "recording with CI set passed")
        XCTAssertTrue(failure?.contains("CI") ?? false, failure ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: golden.path), "recording with CI set wrote the golden")
        // Outside CI, recording writes the golden, and the next comparison passes.
        XCTAssertNil(try Self.compareOrRecord("new\n", golden: golden, environment: ["SHEETLAB_RECORD_EXPORTS": "1"]))
        XCTAssertNil(try Self.compareOrRecord("new\n", golden: golden, environment: [:]))
        XCTAssertNotNil(try Self.compareOrRecord("changed\n", golden: golden, environment: ["CI": "true"]))
    }

    // MARK: - Type-checking

    /// The Swift stub modules (UIKit, then FloatingPanel over it, then SwiftUI), compiled once per test process into a
    /// folder of their own that is removed when the process exits: the stubs do not change during a run, and each
    /// test that checks against them asserts that they compiled.
    func stubModules() throws -> URL {
        let built = StubModules.shared.build { modules in
            ["UIKit", "FloatingPanel", "SwiftUI"].compactMap { module in
                let r = tool(["swiftc", "-emit-module", "-parse-as-library", "-module-name", module, "-I", modules.path,
                              "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path,
                              Self.stubs.appendingPathComponent("\(module).swift").path])
                return r.status == 0 ? nil : "stub module \(module) does not compile:\n\(r.output)"
            }
        }
        for failure in built.failures { XCTFail(failure) }
        return built.folder
    }

    /// Type-checks a Swift file against the stub modules, as a debug build compiles it (`-D DEBUG`: the exports' debug-only
    /// trait overrides are checked too), with each `#Preview` expanded as Apple documents (see `expandingPreviews`).
    func typecheckSwift(_ file: URL, modules: URL) -> (status: Int32, output: String) {
        var path = file.path
        if let text = try? String(contentsOf: file, encoding: .utf8), text.contains("#Preview(") {
            let expanded = dir.appendingPathComponent("expanded-\(UUID().uuidString)-\(file.lastPathComponent)")
            guard (try? Self.expandingPreviews(text).write(to: expanded, atomically: true, encoding: .utf8)) != nil else {
                return (-1, "cannot write \(expanded.path)")
            }
            path = expanded.path
        }
        return tool(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-D", "DEBUG", "-I", modules.path, path])
    }

    /// `text` with each `#Preview(` at the start of a line turned into the declaration the macro expands to: a
    /// main-actor constant made with `Preview.init(_:body:)` (Apple: "Preview macros expand into a declaration that
    /// calls this initializer"). The macro's own implementation is Xcode's PreviewsMacros plugin, which Linux lacks; the
    /// name and the body are checked against the stub's `Preview.init(_:body:)`, the macro's parameters.
    static func expandingPreviews(_ text: String) -> String {
        var n = 0
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("#Preview(") else { return String(line) }
            n += 1
            return "@MainActor private let expandedPreview\(n) = Preview(" + line.dropFirst("#Preview(".count)
        }.joined(separator: "\n")
    }

    /// Where Debian's packages put the real React type declarations (node-react's @types/react 18, node-csstype,
    /// node-prop-types), which the TSX exports are checked against instead of a hand stub.
    static let realReactTypes = URL(fileURLWithPath: "/usr/share/nodejs/@types/react/index.d.ts")

    func typecheckTSX(_ files: [URL]) -> (status: Int32, output: String) {
        let types = Self.stubs.appendingPathComponent("types")
        let declarations = ((try? FileManager.default.contentsOfDirectory(atPath: types.path)) ?? [])
            .filter { $0.hasSuffix(".d.ts") }.sorted().map { types.appendingPathComponent($0).path }
        // tsc takes `paths` only from a project file: react, its jsx runtime and what @types/react imports.
        let nodejs = "/usr/share/nodejs"
        let paths: [String: [String]] = [
            "react": ["\(nodejs)/@types/react/index.d.ts"],
            "react/jsx-runtime": ["\(nodejs)/@types/react/jsx-runtime.d.ts"],
            "csstype": ["\(nodejs)/csstype/index.d.ts"],
            "prop-types": ["\(nodejs)/@types/prop-types/index.d.ts"],
            "scheduler/tracing": [types.appendingPathComponent("real-react/scheduler-tracing.d.ts").path],
        ]
        let project: [String: Any] = [
            "compilerOptions": ["strict": true, "noEmit": true, "jsx": "react-jsx", "target": "es2020", "moduleResolution": "node",
                                "lib": ["es2020", "dom"], "types": [String](), "baseUrl": dir.path, "paths": paths],
            "files": declarations + files.map(\.path),
        ]
        let config = dir.appendingPathComponent("tsconfig-\(UUID().uuidString).json")
        guard let data = try? JSONSerialization.data(withJSONObject: project, options: [.prettyPrinted, .sortedKeys]),
              (try? data.write(to: config)) != nil else { return (-1, "cannot write \(config.path)") }
        return tool(["tsc", "--pretty", "false", "-p", config.path])
    }

    /// One tsc program over `files` (their names distinct): its status and output, and the output split by the file
    /// each error names (`typecheckErrors`), so that a batch still says which file failed.
    func typecheckTSXEach(_ files: [URL]) -> (status: Int32, output: String, errors: [String: String]) {
        XCTAssertEqual(Set(files.map(\.lastPathComponent)).count, files.count, "a batch's files need distinct names")
        let r = typecheckTSX(files)
        return (r.status, r.output, Self.typecheckErrors(r.output))
    }

    /// A compiler's report split by file: each error line that starts with a path (tsc's `path(line,col): error …`,
    /// swiftc's `path:line:col: error: …`), with the lines under it up to the next such line, keyed by the file's
    /// name. Errors that name no file, and swiftc's notes and warnings, are under "".
    static func typecheckErrors(_ output: String) -> [String: String] {
        var errors: [String: String] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, !first.isWhitespace, first != "|", !first.isNumber {
                current = ""
                if let end = line.range(of: "): error "), let open = line[..<end.lowerBound].lastIndex(of: "(") {
                    current = URL(fileURLWithPath: String(line[..<open])).lastPathComponent
                } else if let end = line.range(of: ": error: ") {
                    // path:line:col: error: …
                    let place = line[..<end.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                    if place.count >= 3 { current = URL(fileURLWithPath: place.dropLast(2).joined(separator: ":")).lastPathComponent }
                }
            }
            guard let current, !line.isEmpty else { continue }
            errors[current, default: ""] += line + "\n"
        }
        return errors
    }

    /// `swiftc -parse` over `files` at once (parsing needs no other file, so a batch is one invocation): the
    /// output of each file that does not parse, keyed by the file's name, and the invocation's status.
    func parseSwift(_ files: [URL]) -> (status: Int32, output: String, errors: [String: String]) {
        XCTAssertEqual(Set(files.map(\.lastPathComponent)).count, files.count, "a batch's files need distinct names")
        let r = tool(["swiftc", "-parse"] + files.map(\.path))
        return (r.status, r.output, Self.typecheckErrors(r.output))
    }

    // MARK: - Availability

    /// The iOS version a file states it needs: `// Requires: iOS 16.4 (…)`.
    static func statedIOS(_ text: String) -> Double? {
        guard let r = text.range(of: #"Requires: iOS [0-9]+\.[0-9]+"#, options: .regularExpression) else { return nil }
        return Double(text[r].dropFirst("Requires: iOS ".count))
    }

    /// Every iOS version named in `@available(iOS N, *)` or `#available(iOS N, *)` in `texts`.
    static func iosVersions(in texts: [String]) -> [Double] {
        var found = Set<Double>()
        for text in texts {
            var rest = text[...]
            while let r = rest.range(of: #"[@#]available\(iOS [0-9]+\.[0-9]+, \*\)"#, options: .regularExpression) {
                let v = rest[r].dropFirst("@available(iOS ".count).prefix { $0 != "," }
                if let d = Double(v) { found.insert(d) }
                rest = rest[r.upperBound...]
            }
        }
        return found.sorted()
    }

    static func domain(_ v: Double) -> String { "IOS" + String(format: "%.1f", v).replacingOccurrences(of: ".", with: "_") }

    /// `text` with each iOS availability above `minimum` turned into custom availability domains, one per version
    /// in (minimum, N]: iOS 15 code inside `if #available(iOS 14, *)` lacks the iOS 15 domain and fails. Availability
    /// at or below the minimum is dropped (`#available` of it stays, always true on Linux).
    static func restricted(_ text: String, minimum: Double, versions: [Double]) -> String {
        var out = ""
        var rest = text[...]
        while let r = rest.range(of: #"[@#]available\(iOS [0-9]+\.[0-9]+, \*\)"#, options: .regularExpression) {
            out += rest[..<r.lowerBound]
            let match = rest[r]
            let v = Double(match.dropFirst("@available(iOS ".count).prefix { $0 != "," })!
            let domains = versions.filter { $0 > minimum && $0 <= v }.map(domain)
            if match.hasPrefix("@") {
                out += domains.map { "@available(\($0))" }.joined(separator: " ")
            } else {
                out += domains.isEmpty ? String(match) : domains.map { "#available(\($0))" }.joined(separator: ", ")
            }
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    /// Type-checks `file` against the stubs with every API newer than the iOS version its header states made
    /// unavailable outside `if #available`/`@available` of that version (Swift's custom availability domains; Linux
    /// ignores `@available(iOS …)` itself). Stubs and file are one module, as domains do not cross modules yet.
    func typecheckAvailability(_ text: String, name: String) throws -> (status: Int32, output: String) {
        guard let minimum = Self.statedIOS(text) else { return (-1, "\(name) states no iOS version (`// Requires: iOS N.M`)") }
        let modules = text.contains("import FloatingPanel") ? ["UIKit", "FloatingPanel"] : text.contains("import SwiftUI") ? ["SwiftUI"] : ["UIKit"]
        let stubTexts = try modules.map { try String(contentsOf: Self.stubs.appendingPathComponent("\($0).swift"), encoding: .utf8) }
        let versions = Self.iosVersions(in: stubTexts + [text])
        let folder = dir.appendingPathComponent("availability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String] = []
        for (module, stub) in zip(modules, stubTexts) {
            let f = folder.appendingPathComponent("\(module).swift")
            try Self.restricted(stub.replacingOccurrences(of: "@_exported import UIKit\n", with: ""), minimum: minimum, versions: versions)
                .write(to: f, atomically: true, encoding: .utf8)
            files.append(f.path)
        }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { ["import UIKit", "import FloatingPanel", "import SwiftUI"].contains($0) ? "" : String($0) }.joined(separator: "\n")
        let f = folder.appendingPathComponent(name)
        try Self.restricted(Self.expandingPreviews(body), minimum: minimum, versions: versions).write(to: f, atomically: true, encoding: .utf8)
        files.append(f.path)
        let domains = versions.filter { $0 > minimum }.flatMap { ["-Xfrontend", "-define-dynamic-availability-domain", "-Xfrontend", Self.domain($0)] }
        // Swift 5 mode: the stubs are Swift 5 modules, as the real ones are; concurrency is checked by the Swift 6 pass.
        return tool(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "5", "-D", "DEBUG", "-module-name", "AvailabilityCheck",
                     "-enable-experimental-feature", "CustomAvailability"] + domains + files)
    }

    /// Every Swift export type-checks at the iOS version its header names, and not one version below it (except at
    /// FloatingPanel's own floor, iOS 12): the header is the version the file really needs.
    func testEverySwiftFileNeedsExactlyTheIOSItsHeaderNames() throws {
        try requireTools()
        for file in goldenFiles("swift") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.lastPathComponent
            guard let stated = Self.statedIOS(text) else { XCTFail("\(name) states no iOS version"); continue }
            let r = try typecheckAvailability(text, name: name)
            XCTAssertEqual(r.status, 0, "\(name) uses an API newer than iOS \(stated), its header's version:\n\(r.output)")
            let stubs = try ["UIKit", "FloatingPanel", "SwiftUI"].map { try String(contentsOf: Self.stubs.appendingPathComponent("\($0).swift"), encoding: .utf8) }
            guard stated > 12, let lower = ([12.0] + Self.iosVersions(in: stubs)).filter({ $0 < stated }).max() else { continue }
            let lowered = text.replacingOccurrences(of: "Requires: iOS \(String(format: "%.1f", stated))",
                                                    with: "Requires: iOS \(String(format: "%.1f", lower))")
            let low = try typecheckAvailability(lowered, name: name)
            XCTAssertNotEqual(low.status, 0, "\(name) also type-checks at iOS \(lower): its header overstates what it needs")
        }
    }

    /// The availability check bites: an unguarded newer API, or a header that claims an older iOS, fails.
    func testANewerAPIThanTheHeaderSaysFailsTheCheck() throws {
        try requireTools()
        let rows: [(UInt, String, String, String, String)] = [
            // cornerCurve is iOS 13; this panel states iOS 12, so the guard is what lets it compile.
            (#line, "blur-sheet.floatingpanel.swift", "if #available(iOS 13.0, *) {", "if true {", "only available in IOS13_0"),
            // UIAction is iOS 14.
            (#line, "default.floatingpanel.swift", "Requires: iOS 14.0", "Requires: iOS 13.0", "only available in IOS14_0"),
            // Detent.custom(identifier:resolver:) is iOS 16.
            (#line, "default.uikit.swift", "Requires: iOS 16.0", "Requires: iOS 15.0", "only available in IOS16_0"),
            // presentationBackground and friends are iOS 16.4.
            (#line, "default.swiftui.swift", "Requires: iOS 16.4", "Requires: iOS 16.0", "only available in IOS16_4"),
            // traitOverrides is iOS 17: the settings' overrides need their guard.
            (#line, "settings-glass.uikit.swift", "if #available(iOS 17.0, *) {", "if true {", "only available in IOS17_0"),
            (#line, "settings-fit-card.floatingpanel.swift", "if #available(iOS 17.0, *) {", "if true {", "only available in IOS17_0"),
            // dynamicTypeSize(_:) is iOS 15.
            (#line, "settings-fit-card.swiftui.swift", "Requires: iOS 16.4", "Requires: iOS 14.0", "'dynamicTypeSize' is only available in IOS15_0"),
        ]
        for (line, name, from, to, message) in rows {
            let text = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains(from), "\(name) no longer contains \(from)", line: line)
            let r = try typecheckAvailability(text.replacingOccurrences(of: from, with: to), name: name)
            XCTAssertNotEqual(r.status, 0, "\(name) with \(to) passed the availability check", line: line)
            XCTAssertTrue(r.output.contains(message), r.output, line: line)
        }
    }

    func goldenFiles(_ ext: String) -> [URL] {
        Self.examples.flatMap { config in
            Self.targets.filter { Self.fileExtension($0) == ext }.map {
                Self.goldens.appendingPathComponent("\(config.deletingPathExtension().lastPathComponent).\($0).\(ext)")
            }
        }
    }

    func testEveryGoldenTypeChecksAgainstTheDocumentedAPIs() throws {
        try requireTools()
        let modules = try stubModules()
        for file in goldenFiles("swift") {
            let r = typecheckSwift(file, modules: modules)
            XCTAssertEqual(r.status, 0, "\(file.lastPathComponent) does not type-check:\n\(r.output)")
        }
        let tsx = goldenFiles("tsx")
        let r = typecheckTSXEach(tsx)
        for file in tsx { XCTAssertNil(r.errors[file.lastPathComponent], "\(file.lastPathComponent) does not type-check") }
        XCTAssertEqual(r.status, 0, "the gorhom and vaul goldens do not type-check:\n\(r.output)")
    }

    /// The stubs are faithful enough to catch a wrong label, a wrong prop or a misspelt style key.
    func testWrongLabelsFailTheTypeCheck() throws {
        try requireTools()
        let modules = try stubModules()
        let swiftRows: [(UInt, String, String, String, String)] = [
            (#line, "default.swiftui.swift", "selection: $selectedDetent", "selected: $selectedDetent", "incorrect argument label"),
            (#line, "default.swiftui.swift", ".enabled(upThrough: .peek)", ".enabled(upTo: .peek)", "upTo"),
            (#line, "default.uikit.swift", ".custom(identifier: .peek)", ".custom(id: .peek)", "extra argument 'id'"),
            (#line, "default.uikit.swift", "sheet.prefersGrabberVisible", "sheet.prefersGrabberVisibility", "prefersGrabberVisibility"),
            (#line, "default.floatingpanel.swift", "absoluteInset: 120, edge: .bottom", "absoluteOffset: 120, edge: .bottom", "absoluteOffset"),
            (#line, "default.floatingpanel.swift", "grabberHandlePadding", "grabberPadding", "grabberPadding"),
            (#line, "default.floatingpanel.swift", "surfaceView.containerMargins", "surfaceView.containerMargin", "containerMargin"),
            (#line, "default.floatingpanel.swift", "lessThanOrEqualTo: view.bottomAnchor", "lessThan: view.bottomAnchor", "lessThan"),
            // Previews: SwiftUI's names of the sizes; Reduce Transparency is get-only, so no preview sets it; a preview's
            // body is a view (the #Preview is checked as the declaration it expands to).
            (#line, "settings-glass.swiftui.swift", ".dynamicTypeSize(.accessibility3)", ".dynamicTypeSize(.ax3)", "ax3"),
            (#line, "settings-glass.swiftui.swift", ".environment(\\.legibilityWeight, .bold)",
             ".environment(\\.accessibilityReduceTransparency, true)", "KeyPath"),
            (#line, "default.swiftui.swift", "#Preview(\"Default settings\") {\n    SheetHostView()", "#Preview(\"Default settings\") {\n    42",
             "View"),
            // Traits: UIKit's names of the sizes; UIAccessibility's settings are read-only.
            (#line, "settings-glass.uikit.swift", "= .accessibilityExtraLarge", "= .accessibility3", "accessibility3"),
            (#line, "settings-glass.uikit.swift", "sheet.traitOverrides.legibilityWeight = .bold",
             "UIAccessibility.isBoldTextEnabled = true", "get-only"),
            (#line, "settings-glass.floatingpanel.swift", "forChild: panel)", "for: panel)", "for:"),
            // The text field and the keyboard: SwiftUI's, UIKit's and FloatingPanel's names.
            (#line, "search-sheet.swiftui.swift", ".scrollDismissesKeyboard(.immediately)", ".scrollDismissesKeyboard(.onDrag)", "onDrag"),
            (#line, "search-sheet.swiftui.swift", "TextField(\"Search Maps\", text: $field0Text)", "TextField(\"Search Maps\", value: $field0Text)",
             "value"),
            (#line, "search-sheet.uikit.swift", "scroll.keyboardDismissMode = .onDrag", "scroll.keyboardDismissMode = .onDragging", "onDragging"),
            (#line, "search-sheet.floatingpanel.swift", "func textFieldDidBeginEditing(_ textField: UITextField)",
             "func textFieldDidBeginEditing(_ textField: UISearchBar)", "UISearchBar"),
        ]
        for (line, name, from, to, message) in swiftRows {
            let text = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains(from), "\(name) no longer contains \(from)", line: line)
            let broken = dir.appendingPathComponent("broken-\(line).swift")
            try text.replacingOccurrences(of: from, with: to).write(to: broken, atomically: true, encoding: .utf8)
            let r = typecheckSwift(broken, modules: modules)
            XCTAssertNotEqual(r.status, 0, "\(name) with \(to) type-checked", line: line)
            XCTAssertTrue(r.output.contains(message), r.output, line: line)
        }
        let tsRows: [(UInt, String, String, String, String)] = [
            (#line, "default.gorhom.tsx", "appearsOnIndex", "appearOnIndex", "appearOnIndex"),
            (#line, "default.gorhom.tsx", "enablePanDownToClose", "enablePanToClose", "enablePanToClose"),
            (#line, "default.vaul.tsx", "fadeFromIndex", "fadeFrom", "fadeFrom"),
            (#line, "default.vaul.tsx", "backdropFilter", "backdropFilters", "backdropFilters"),
            (#line, "default.gorhom.tsx", "bottomInset", "bottomInsets", "bottomInsets"),
            (#line, "blur-sheet.vaul.tsx", "onPointerDownOutside", "onPointerOutside", "onPointerOutside"),
            // Real React types: a prop a DOM element does not have, and a wrong event type.
            (#line, "classic-page-sheet.vaul.tsx", "style={pageStyle}", "styles={pageStyle}", "styles"),
            (#line, "blur-sheet.vaul.tsx", "(e) => e.preventDefault()", "(e: MouseEvent) => e.preventDefault()", "MouseEvent"),
            // React Native's AccessibilityInfo and gorhom's reduce-motion prop, by their real names.
            (#line, "settings-glass.gorhom.tsx", "'reduceTransparencyChanged'", "'reducedTransparencyChanged'", "reducedTransparencyChanged"),
            (#line, "settings-glass.gorhom.tsx", "isReduceTransparencyEnabled()", "isReducedTransparencyEnabled()", "isReducedTransparencyEnabled"),
            (#line, "settings-glass.gorhom.tsx", "overrideReduceMotion=", "overrideReducedMotion=", "overrideReducedMotion"),
            (#line, "settings-fit-card.vaul.tsx", "<Drawer.Content className=", "<Drawer.Content classNames=", "classNames"),
            // gorhom's keyboard props and its text input, vaul's repositionInputs, by their real names and values.
            (#line, "search-sheet.gorhom.tsx", "keyboardBehavior=\"extend\"", "keyboardBehavior=\"extended\"", "extended"),
            (#line, "search-sheet.gorhom.tsx", "enableBlurKeyboardOnGesture", "enableBlurKeyboardOnDrag", "enableBlurKeyboardOnDrag"),
            (#line, "search-sheet.gorhom.tsx", "<BottomSheetTextInput style", "<BottomSheetInput style", "BottomSheetInput"),
            (#line, "search-sheet.vaul.tsx", "repositionInputs={true}", "repositionInput={true}", "repositionInput"),
        ]
        // Every broken file in one tsc program (each is a module of its own), each failing with its own error.
        var broken: [URL] = []
        for (line, name, from, to, _) in tsRows {
            let text = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains(from), "\(name) no longer contains \(from)", line: line)
            broken.append(dir.appendingPathComponent("broken-\(line).tsx"))
            try text.replacingOccurrences(of: from, with: to).write(to: broken.last!, atomically: true, encoding: .utf8)
        }
        let checked = typecheckTSXEach(broken)
        XCTAssertNotEqual(checked.status, 0, checked.output)
        for ((line, name, _, to, message), file) in zip(tsRows, broken) {
            let errors = checked.errors[file.lastPathComponent]
            XCTAssertNotNil(errors, "\(name) with \(to) type-checked", line: line)
            XCTAssertTrue(errors?.contains(message) ?? false, errors ?? checked.output, line: line)
        }
        XCTAssertEqual(Set(checked.errors.keys).subtracting(broken.map(\.lastPathComponent)), [],
                       "errors in files that were not broken:\n\(checked.output)")
    }

    /// FloatingPanelState is not Sendable (scenee/FloatingPanel Sources/State.swift), so a custom state needs
    /// `nonisolated(unsafe)` under Swift 6; the stub says so, and the check fails without it.
    func testCustomFloatingPanelStatesTypeCheckUnderSwift6() throws {
        try requireTools()
        let modules = try stubModules()
        write("four.json", ##"{"sheet": {"detents": [{"id": "a", "height": 100}, {"id": "b", "height": 200}, "medium", "large"]}}"##)
        let r = run("export", "--to", "floatingpanel", "--config", "four.json", "--out", "four.swift")
        XCTAssertEqual(r.status, 0, r.stderr)
        let file = dir.appendingPathComponent("four.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("nonisolated(unsafe) static let b = FloatingPanelState(rawValue: \"b\""), text)
        let ok = typecheckSwift(file, modules: modules)
        XCTAssertEqual(ok.status, 0, ok.output)
        let broken = dir.appendingPathComponent("four-sendable.swift")
        try text.replacingOccurrences(of: "nonisolated(unsafe) static let", with: "static let").write(to: broken, atomically: true, encoding: .utf8)
        let bad = typecheckSwift(broken, modules: modules)
        XCTAssertNotEqual(bad.status, 0, "a plain static FloatingPanelState type-checked under Swift 6")
        XCTAssertTrue(bad.output.contains("not concurrency-safe"), bad.output)
    }

    /// A FloatingPanel file at iOS 12 (no buttons) that overrides Bold Text: the iOS 13 trait collection goes behind its
    /// own guard inside the pre-iOS 17 branch, and the file type-checks at the version its header states.
    func testTraitOverridesBelowIOS13AreGuarded() throws {
        try requireTools()
        write("bold.json", ##"{"settings": {"boldText": true, "textSize": "AX1"}, "sheet": {"detents": ["medium", "large"], "content": [{"type": "title", "text": "Hi"}]}}"##)
        let r = run("export", "--to", "floatingpanel", "--config", "bold.json", "--out", "bold.swift")
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: dir.appendingPathComponent("bold.swift"), encoding: .utf8)
        XCTAssertEqual(Self.statedIOS(text), 12, text)
        XCTAssertTrue(text.contains("            if #available(iOS 13.0, *) {\n                setOverrideTraitCollection("), text)
        let ok = try typecheckAvailability(text, name: "bold.swift")
        XCTAssertEqual(ok.status, 0, ok.output)
        let modules = try stubModules()
        let plain = typecheckSwift(dir.appendingPathComponent("bold.swift"), modules: modules)
        XCTAssertEqual(plain.status, 0, plain.output)
    }

    func requireTools() throws {
        for (name, package) in [("swiftc", "the Swift toolchain"), ("tsc", "Debian's node-typescript (make test-deps)")] {
            let r = tool(["which", name])
            if r.status != 0 { XCTFail("\(name) is not installed: install \(package)"); throw XCTSkip("no \(name)") }
        }
        for path in [Self.realReactTypes.path, "/usr/share/nodejs/csstype/index.d.ts", "/usr/share/nodejs/@types/prop-types/index.d.ts"]
        where !FileManager.default.fileExists(atPath: path) {
            XCTFail("\(path) is missing: install Debian's node-react, node-csstype and node-prop-types (make test-deps)")
            throw XCTSkip("no React types")
        }
    }

    /// Runs a tool found on PATH, with its stdout and stderr together.
    func tool(_ args: [String], timeout: TimeInterval = 300) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = args
        process.currentDirectoryURL = dir
        let log = dir.appendingPathComponent("tool-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: log) else { return (-1, "cannot open \(log.path)") }
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "cannot run \(args[0]): \(error)") }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { process.terminate(); break }
            usleep(10_000)
        }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    // MARK: - The command

    func testTheDiffGoesToStderrAndStrictMakesItAnError() throws {
        let blur = repositoryRoot.appendingPathComponent("Assets/Examples/blur-sheet.json").path
        let loose = run("export", "--to", "uikit", "--config", blur)
        XCTAssertEqual(loose.status, 0, loose.stderr)
        XCTAssertTrue(loose.stdout.hasPrefix("// Generated by `sheetlab export --to uikit` from blur-sheet.json"), loose.stdout)
        XCTAssertTrue(loose.stderrLines.contains("sheetlab: export: uikit: sheet.grabber.color: #FFFFFF; the system grabber keeps its own colour"),
                      loose.stderr)
        XCTAssertTrue(loose.stderrLines.allSatisfy { $0.hasPrefix("sheetlab: export: uikit: sheet.") }, loose.stderr)

        let strict = run("export", "--to", "uikit", "--config", blur, "--out", "strict.swift", "--strict")
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("--strict"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("strict.swift").path), "--strict wrote the file")

        // A config every target expresses passes --strict.
        write("plain.json", ##"{"sheet": {"style": "glass", "detents": ["medium", "large"], "fill": "#222222", "dimming": {"largestUndimmedDetent": "large"}, "backgroundRecedes": false}}"##)
        let ok = run("export", "--to", "swiftui", "--config", "plain.json", "--strict", "--out", "plain.swift")
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stderr, "")
        XCTAssertTrue(ok.stdout.contains("plain.swift: SwiftUI"), ok.stdout)
    }

    func testBadInputFailsCleanly() {
        write("broken.json", "{\"sheet\": {\"cornerRadious\": 3}}")
        assertFailure(run("export", "--to", "vaul", "--config", "broken.json"), file: "broken.json", position: "1:12",
                      keyPath: "sheet.cornerRadious", message: "unknown key", line: #line)
        let rows: [(UInt, [String], String)] = [
            (#line, ["export"], "--to TARGET is required"),
            (#line, ["export", "--to", "compose"], "--to: must be one of swiftui, uikit, floatingpanel, gorhom, vaul"),
            (#line, ["export", "--to", "uikit", "--out", "missing/x.swift"], "the folder missing does not exist"),
            (#line, ["export", "--to", "uikit", "--config", "nope.json"], "nope.json: no such file"),
        ]
        for (line, args, message) in rows {
            let r = runSheetlab(args, cwd: dir)
            XCTAssertEqual(r.status, 1, r.stderr, line: line)
            XCTAssertFalse(r.signaled, line: line)
            XCTAssertTrue(r.stderr.contains(message), r.stderr, line: line)
            XCTAssertEqual(r.stdout, "", line: line)
        }
        let help = run("export", "--help")
        XCTAssertEqual(help.status, 0)
        for option in ["--to", "--config", "--out", "--strict"] { XCTAssertTrue(help.stdout.contains(option), option) }
        XCTAssertTrue(run("--help").stdout.contains("export --to"), "the top help lists export")
    }
}

/// The stub modules of one test process, compiled by the first test that needs them.
final class StubModules: @unchecked Sendable {
    static let shared = StubModules()
    private let lock = NSLock()
    private var built: (folder: URL, failures: [String])?

    /// The folder, built by `compile` (given the folder; it returns its failures) the first time.
    func build(_ compile: (URL) -> [String]) -> (folder: URL, failures: [String]) {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        try? FileManager.default.createDirectory(at: stubModulesFolder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: stubModulesFolder) }
        let result = (stubModulesFolder, compile(stubModulesFolder))
        built = result
        return result
    }
}

private let stubModulesFolder = FileManager.default.temporaryDirectory.appendingPathComponent("sheetlab-export-stubs-\(getpid())-\(UUID().uuidString)")
