import Foundation
import XCTest

/// The config's `sheets` (sheets presented over sheets, docs/stacks.md) in every target: each stacked sheet is written
/// and its `present` rows are wired, every stack rule type-checks, the capability diff names the rules a target cannot
/// follow, and hostile sheet ids stay inert (issue 32).
extension ExportTests {
    /// A first sheet presenting `a`, which presents `b`: `a` with the rule `behavior`, fixed and fraction detents, a
    /// text field, a select button and no dismissal; `b` a fit sheet with a dismiss button. `ids` names the two sheets.
    static func stackConfig(behavior: String, ids: (String, String) = ("a", "b"), titles: (String, String) = ("Open A", "Open B")) throws -> String {
        let a: [String: Any] = [
            "style": "classic",
            "stackBehavior": behavior,
            "detents": [["id": "card", "height": 300], ["id": "tall", "fraction": 0.8], "large"] as [Any],
            "initialDetent": "card",
            "dismissible": false,
            "fill": "#203040",
            "keyboard": ["dismissOnDrag": true],
            "content": [
                ["type": "title", "text": "Sheet A"],
                ["type": "textField", "placeholder": "Name"],
                ["type": "button", "title": "Taller", "action": "select:tall"],
                ["type": "button", "title": titles.1, "action": "present", "sheet": ids.1],
            ] as [[String: Any]],
        ]
        let b: [String: Any] = [
            "detents": ["fit"],
            "motion": ["feel": "gorhom"],
            "content": [
                ["type": "title", "text": "Sheet B"],
                ["type": "button", "title": "Close", "action": "dismiss"],
            ] as [[String: Any]],
        ]
        let config: [String: Any] = [
            "sheet": ["content": [["type": "title", "text": "Home"],
                                  ["type": "list", "rows": [["title": titles.0, "action": "present", "sheet": ids.0],
                                                            ["title": titles.0 + " again", "action": "present", "sheet": ids.0]]]]],
            "sheets": [ids.0: a, ids.1: b],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every stack rule exports to every target, type-checks (Swift 6 and at the header's iOS; tsc with the real React
    /// types), wires each present, and the diff names the rule exactly where the target cannot follow it.
    func testEveryStackRuleExportsToEveryTargetAndTypeChecks() throws {
        try requireTools()
        let modules = try stubModules()
        // The rule, and the targets whose diff names `sheets.a.stackBehavior`: SwiftUI and UIKit stack as the system
        // does; FloatingPanel adds panels (push, and replace by removing the one below); gorhom's modals push, switch
        // and replace among themselves, but the first sheet is a BottomSheet outside their stack; vaul only nests.
        let rows: [(UInt, String, Set<String>)] = [
            (#line, "system", ["floatingpanel", "gorhom", "vaul"]),
            (#line, "push", ["swiftui", "uikit", "vaul"]),
            (#line, "switch", ["swiftui", "uikit", "floatingpanel", "gorhom", "vaul"]),
            (#line, "replace", ["swiftui", "uikit", "gorhom", "vaul"]),
            (#line, "nested", ["swiftui", "uikit", "floatingpanel", "gorhom"]),
        ]
        var tsx: [URL] = []
        for (line, behavior, losing) in rows {
            write("\(behavior).json", try Self.stackConfig(behavior: behavior))
            for target in Self.targets {
                let file = "stack-\(behavior).\(target).\(Self.fileExtension(target))"
                let r = run("export", "--to", target, "--config", "\(behavior).json", "--out", file)
                XCTAssertEqual(r.status, 0, r.stderr, line: line)
                let url = dir.appendingPathComponent(file)
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
                let loses = r.stderrLines.contains { $0.hasPrefix("sheetlab: export: \(target): sheets.a.stackBehavior: \(behavior);") }
                XCTAssertEqual(loses, losing.contains(target), "\(file): the stack rule's loss\n\(r.stderr)", line: line)
                // `b` is presented by `a`, a stacked sheet; its rule is gorhom's feel's own (switch).
                let bLoses = r.stderrLines.contains { $0.hasPrefix("sheetlab: export: \(target): sheets.b.stackBehavior: switch (its feel's);") }
                XCTAssertEqual(bLoses, target != "gorhom", "\(file): b's rule\n\(r.stderr)", line: line)
                // A stacked sheet's own losses are under its key path.
                if target == "vaul" { XCTAssertTrue(r.stderr.contains("sheets.a.cornerStyle: continuous;"), r.stderr, line: line) }
                switch target {
                case "swiftui":
                    for needle in ["struct ASheet: View", "struct BSheet: View", "Button(\"Open A\") { isAPresented = true }",
                                   "Button(\"Open A again\") { isAPresented = true }", ".sheet(isPresented: $isAPresented) {",
                                   "ASheet(selectedDetent: $aDetent)", ".presentationDetents([.aCard, .aTall, .large], selection: $aDetent)",
                                   ".sheet(isPresented: $isBPresented) {", "static let aCard = Self.height(", "struct BFitDetent: CustomPresentationDetent"] {
                        XCTAssertTrue(text.contains(needle), "\(file) lacks \(needle)\n\(text)", line: line)
                    }
                    // The first sheet presents a, which presents b: each .sheet is in the view that presents it.
                    let content = text.components(separatedBy: "struct SheetContent: View")[1].components(separatedBy: "struct ASheet: View")
                    XCTAssertTrue(content[0].contains("$isAPresented") && !content[0].contains("$isBPresented"), text, line: line)
                    XCTAssertTrue(content[1].contains("$isBPresented"), text, line: line)
                case "uikit":
                    for needle in ["final class ASheetViewController: UIViewController, UISheetPresentationControllerDelegate",
                                   "final class BSheetViewController: UIViewController", "func presentA() {", "func presentB() {",
                                   "self?.presentA()", "let content = ASheetViewController()", "sheet.delegate = content",
                                   "present(content, animated: true)", ".custom(identifier: .aCard)"] {
                        XCTAssertTrue(text.contains(needle), "\(file) lacks \(needle)\n\(text)", line: line)
                    }
                case "floatingpanel":
                    for needle in ["final class APanelLayout: FloatingPanelLayout", "final class BPanelBehavior: FloatingPanelBehavior",
                                   "stacked.layout = APanelLayout()", "stacked.set(contentViewController: ASheetViewController())",
                                   "stacked.addPanel(toParent: host, animated: true)", "self?.presentA()"] {
                        XCTAssertTrue(text.contains(needle), "\(file) lacks \(needle)\n\(text)", line: line)
                    }
                    XCTAssertEqual(text.contains("        panel.removePanelFromParent(animated: true)"), behavior == "replace", text, line: line)
                case "gorhom":
                    let written = ["system": "switch", "nested": "push"][behavior] ?? behavior
                    for needle in ["<BottomSheetModalProvider>", "const aRef = useRef<BottomSheetModal>(null);", "name=\"a\"",
                                   "stackBehavior=\"\(written)\"", "onPress={() => aRef.current?.present()}", "onPress={() => bRef.current?.present()}",
                                   "onPress={() => bRef.current?.dismiss()}", "onPress={() => aRef.current?.snapToIndex(1)}",
                                   "const aStyles = StyleSheet.create({"] {
                        XCTAssertTrue(text.contains(needle), "\(file) lacks \(needle)\n\(text)", line: line)
                    }
                default:
                    for needle in ["<Drawer.NestedRoot", "<Drawer.Trigger>Open A</Drawer.Trigger>", "<Drawer.Trigger>Open A again</Drawer.Trigger>",
                                   "<Drawer.Trigger>Open B</Drawer.Trigger>", "snapPoints={aSnapPoints}", "setActiveSnapPoint={setASnap}",
                                   "className=\"sheetlab-a-sheet\"", "const aContentStyle: CSSProperties", "<style>{bSettingsCss}</style>"] {
                        XCTAssertTrue(text.contains(needle), "\(file) lacks \(needle)\n\(text)", line: line)
                    }
                    // b nests inside a's content, which nests inside the first drawer's.
                    XCTAssertEqual(text.components(separatedBy: "<Drawer.NestedRoot").count, 3, text, line: line)
                }
                if Self.fileExtension(target) == "tsx" {
                    tsx.append(url)
                } else {
                    let checked = typecheckSwift(url, modules: modules)
                    XCTAssertEqual(checked.status, 0, "\(file) does not type-check:\n\(checked.output)\n\(text)", line: line)
                    let available = try typecheckAvailability(text, name: file)
                    XCTAssertEqual(available.status, 0, "\(file) needs more than its header's iOS:\n\(available.output)", line: line)
                }
            }
        }
        let checked = typecheckTSXEach(tsx)
        for file in tsx { XCTAssertNil(checked.errors[file.lastPathComponent], "\(file.lastPathComponent) does not type-check") }
        XCTAssertEqual(checked.status, 0, "the stack exports do not type-check:\n\(checked.output)")
    }

    /// Sheet ids that the config accepts (no spaces or controls) but that would end a comment, a string or a JSX
    /// attribute, or are no identifier: the exports type-check and have the code of a twin whose ids are plain.
    /// Each pair sorts as its plain twin does (the config is written with sorted keys, and the map's order is the
    /// names' order).
    static let hostileSheetIDs = [("x*/alert(1);/*", "\"q'`${b}`\\\\(x)"), ("--><!--</script>", "z\u{301}\""), ("2nd", "sheet"),
                                  ("Place", "place!"), ("é\u{301}", "é\u{302}x")]

    func testHostileSheetIdsStayInert() throws {
        var cases: [SameCodeCase] = []
        for (line, (a, b)) in zip([#line, #line, #line, #line, #line] as [UInt], Self.hostileSheetIDs) {
            let evil = try Self.stackConfig(behavior: "push", ids: (a, b), titles: ("Open */ A", "Open \"B\" {x} </script>"))
            let clean = try Self.stackConfig(behavior: "push", ids: (Self.cleaned(a), Self.cleaned(b)),
                                             titles: (Self.cleaned("Open */ A"), Self.cleaned("Open \"B\" {x} </script>")))
            cases.append(SameCodeCase(evil: evil, clean: clean, evilFile: "hostile-\(line)", said: nil, line: line))
        }
        try assertSameCode(cases)
    }

    /// Names made from ids are identifiers, unique, and keep off the first sheet's own types: `sheet` is `Sheet2`
    /// (`SheetPanelLayout` is the first sheet's), `Place` and `place!` are `Place` and `Place2`, `2nd` is `Sheet2nd`.
    func testNamesMadeFromSheetIdsAreUniqueIdentifiers() throws {
        write("names.json", try Self.stackConfig(behavior: "push", ids: ("2nd", "sheet")))
        let fp = run("export", "--to", "floatingpanel", "--config", "names.json")
        XCTAssertEqual(fp.status, 0, fp.stderr)
        for needle in ["final class Sheet2ndPanelLayout", "final class Sheet2PanelLayout", "final class SheetPanelLayout",
                       "func presentSheet2nd()", "func presentSheet2()"] {
            XCTAssertTrue(fp.stdout.contains(needle), "lacks \(needle)\n\(fp.stdout)")
        }
        write("twins.json", try Self.stackConfig(behavior: "push", ids: ("Place", "place!")))
        let ui = run("export", "--to", "swiftui", "--config", "twins.json")
        XCTAssertEqual(ui.status, 0, ui.stderr)
        for needle in ["struct PlaceSheet: View", "struct Place2Sheet: View", "static let placeCard = Self.height("] {
            XCTAssertTrue(ui.stdout.contains(needle), "lacks \(needle)\n\(ui.stdout)")
        }
    }
}
