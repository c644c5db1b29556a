import Foundation
import XCTest
@testable import SheetKit

/// One table for every example and every target: the detents, radius, recede and dimming read back out of the
/// generated code (by each target's own rules: UIKit's custom heights exclude the bottom safe area, vaul's fractions
/// are of the viewport, FloatingPanel's full anchor is an inset from the top safe area…) equal the ones `SheetSetup`
/// resolves and SheetLab draws, or the capability diff names the key the target cannot express.
final class ExportCrossCheckTests: XCTestCase {
    /// What a device shows when it runs the generated code, as read from the code.
    struct Shown {
        /// Resting heights from the screen's bottom edge, ascending.
        var heights: [Double] = []
        /// The top corners' radius; nil: the system sheet's own.
        var radius: Double?
        var recedes = false
        /// The largest undimmed height; nil: dimmed at every detent.
        var undimmed: Double?
        /// The dimming's opacity; nil: the system's own.
        var opacity: Double?
    }

    static var examples: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: assets.appendingPathComponent("Examples").path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".script.json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Configs beside the examples where a decision once went wrong: a square display's radius, a sheet that never
    /// fills the screen, a larger phone, a fit detent among fixed ones, a classic sheet undimmed at its smallest.
    static let extras: [(String, String)] = [
        ("iphone-se", #"{"device": "iphone-se"}"#),
        ("modal-300", #"{"sheet": {"detents": [{"id": "a", "height": 300}]}}"#),
        ("pro-max-glass", #"{"device": "iphone-15-pro-max", "sheet": {"style": "glass", "detents": ["medium", "large"]}}"#),
        ("fit-and-large", #"{"sheet": {"detents": ["fit", "large"], "content": [{"type": "title", "text": "Hi"}]}}"#),
        ("classic-peek", #"{"sheet": {"style": "classic", "dimming": {"largestUndimmedDetent": "peek", "opacity": 0.6}}}"#),
    ]

    /// The export-only configs that turn the iOS settings on (Tests/ExportGoldens/configs): the settings add previews,
    /// trait overrides and media queries, and must not change a decision the code shows.
    static var settingsConfigs: [(String, SheetLabConfig)] {
        let folder = assets.deletingLastPathComponent().appendingPathComponent("Tests/ExportGoldens/configs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        return names.map { name in
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return (String(name.dropLast(5)), config(text))
        }
    }

    func testEveryExportShowsTheDecisionsTheSetupResolves() throws {
        XCTAssertEqual(Self.settingsConfigs.count, 2)
        XCTAssertGreaterThanOrEqual(Self.examples.count, 5)
        let configs = Self.examples.map { ($0, example($0)) } + Self.extras.map { ($0.0, config($0.1)) } + Self.settingsConfigs
        for (name, config) in configs {
            let setup = SheetSetup(config: config)
            for target in ExportTarget.allCases {
                let result = Exporter.export(setup, to: target, configName: "\(name).json")
                assertShows(result.code, lost: Set(result.diff.losses.map(\.keyPath)), setup: setup, target: target, what: "\(name) → \(target)")
            }
        }
    }

    /// The code shows the setup's detents, radius, recede and dimming, or `lost` names the key it cannot express.
    func assertShows(_ code: String, lost: Set<String>, setup: SheetSetup, target: ExportTarget, what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let shown: Shown
        do { shown = try Self.read(code, target: target, setup: setup) } catch {
            XCTFail("\(what): \(error)", file: file, line: line); return
        }
        // Detents: every height, unless the diff names the detent the target cannot hold.
        let expected = setup.detents.map(\.height)
        if shown.heights.count != expected.count {
            XCTFail("\(what): \(shown.heights.count) detents in the code, \(expected.count) in the setup")
        } else {
            for (i, (a, e)) in zip(shown.heights.sorted(), expected).enumerated() where abs(a - e) > 0.05 {
                let spec = setup.config.sheet.detents.firstIndex { $0.id == setup.detents[i].id } ?? -1
                XCTAssertTrue(lost.contains("sheet.detents[\(spec)]"),
                              "\(what): detent \(setup.detents[i].id) is \(a) pt in the code, \(e) pt in SheetLab, and the diff is silent")
            }
        }
        // Radius: the drawn one; the system's own only where the config sets none (SheetLab draws the style's).
        if let r = shown.radius {
            XCTAssertEqual(r, setup.cornerRadius, accuracy: 0.01, "\(what): corner radius")
        } else {
            XCTAssertNil(setup.config.sheet.cornerRadiusOverride, "\(what): the config's radius is not in the code")
        }
        if shown.recedes != setup.recedes {
            XCTAssertTrue(lost.contains("sheet.backgroundRecedes"),
                          "\(what): the code \(shown.recedes ? "recedes" : "does not recede"), SheetLab \(setup.recedes ? "does" : "does not")")
        }
        let undimmed = setup.largestUndimmed?.height
        if shown.undimmed.map({ u in undimmed.map { abs($0 - u) > 0.05 } ?? true }) ?? (undimmed != nil) {
            XCTAssertTrue(lost.contains("sheet.dimming.largestUndimmedDetent"),
                          "\(what): undimmed up to \(shown.undimmed.map { "\($0)" } ?? "none") in the code, \(undimmed.map { "\($0)" } ?? "none") in SheetLab")
        }
        let dims = undimmed.map { $0 < setup.largest.height - 0.5 } ?? true
        let d = setup.config.sheet.dimming
        if dims {
            if let o = shown.opacity {
                XCTAssertEqual(o, setup.dimmingOpacity * Double(d.color.alpha) / 255, accuracy: 0.005, "\(what): dimming opacity")
            } else if d.opacityOverride != nil || d.color != .black {
                XCTAssertTrue(lost.contains("sheet.dimming"), "\(what): the system's dimming, and the diff is silent")
            }
        }
    }

    /// The check could fail: a vaul export that scales the background without vaul's wrapper does not recede.
    func testTheCrossCheckReadsTheWrapper() throws {
        let setup = SheetSetup(config: example("classic-page-sheet"))
        XCTAssertTrue(setup.recedes)
        let code = Exporter.export(setup, to: .vaul, configName: "x").code
        XCTAssertTrue(try Self.read(code, target: .vaul, setup: setup).recedes)
        let unwrapped = code.replacingOccurrences(of: "data-vaul-drawer-wrapper", with: "data-page")
        XCTAssertFalse(try Self.read(unwrapped, target: .vaul, setup: setup).recedes)
        let radius = code.replacingOccurrences(of: "borderTopLeftRadius: 10,", with: "borderTopLeftRadius: 35,")
        XCTAssertEqual(try Self.read(radius, target: .vaul, setup: setup).radius, 35)
    }

    // MARK: - Reading code

    struct Unreadable: Error, CustomStringConvertible { var description: String }

    static func all(_ pattern: String, in text: String) -> [[String]] {
        let re = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : ns.substring(with: m.range(at: $0)) }
        }
    }

    static func first(_ pattern: String, in text: String) -> [String]? { all(pattern, in: text).first }

    static func number(_ pattern: String, in text: String) -> Double? { first(pattern, in: text).flatMap { Double($0[1]) } }

    static func read(_ code: String, target: ExportTarget, setup: SheetSetup) throws -> Shown {
        let c = setup.canvas
        let B = c.safeBottom, M = c.maxSheetHeight, H = c.height
        // What iOS puts below a custom detent's value: the bottom safe area under an edge-attached sheet; under a
        // floating glass sheet its 8 pt inset (iOS 26.2 draws `.height(100)` 100.67 pt tall, 8 pt up).
        let below = setup.floats ? SheetShape.floatingInset : B
        // The system's medium, as SheetLab resolves UIKit's `.medium()`.
        let medium = DetentResolver(canvas: c, naturalHeight: setup.naturalHeight).height(of: .medium)
        var s = Shown()
        switch target {
        case .swiftui:
            guard let list = first(#"\.presentationDetents\(\[([^\]]*)\]"#, in: code)?[1] else { throw Unreadable(description: "no presentationDetents") }
            for item in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).dropFirst() }) {
                switch item {
                case "large": s.heights.append(M)
                case "medium": s.heights.append(medium)
                default:
                    if let h = number(#"static let \#(item) = Self\.height\(([0-9.]+)\)"#, in: code) { s.heights.append(h + below) }
                    else if let f = number(#"static let \#(item) = Self\.fraction\(([0-9.]+)\)"#, in: code) { s.heights.append(f * (M - B) + B) }
                    else if let type = first(#"static let \#(item) = Self\.custom\((\w+)\.self\)"#, in: code)?[1],
                            let h = number(#"struct \#(type): CustomPresentationDetent \{[^}]*min\(([0-9.]+), context\.maxDetentValue\)"#, in: code) {
                        s.heights.append(min(h + below, M))
                    } else { throw Unreadable(description: "detent .\(item) not found") }
                }
            }
            s.radius = number(#"\.presentationCornerRadius\(([0-9.]+)\)"#, in: code)
            if let upThrough = first(#"\.presentationBackgroundInteraction\(\.enabled\(upThrough: \.(\w+)\)\)"#, in: code)?[1] {
                s.undimmed = heightOf(identifier: upThrough, setup: setup)
            } else if code.contains(".presentationBackgroundInteraction(.enabled)") {
                s.undimmed = s.heights.max()
            }
        case .uikit:
            guard let block = first(#"sheet\.detents = \[\n([\s\S]*?)\n\s*\]"#, in: code)?[1] else { throw Unreadable(description: "no sheet.detents") }
            for line in block.split(separator: "\n").map(String.init) {
                if line.contains(".large()") { s.heights.append(M) }
                else if line.contains(".medium()") { s.heights.append(medium) }
                else if let h = number(#"\{ _ in ([0-9.]+) \}"#, in: line) { s.heights.append(h + below) }
                else if let h = number(#"min\(([0-9.]+), context\.maximumDetentValue\)"#, in: line) { s.heights.append(min(h + below, M)) }
                else if let f = number(#"context\.maximumDetentValue \* ([0-9.]+)"#, in: line) { s.heights.append(f * (M - B) + B) }
                else if line.contains("context.maximumDetentValue }") { s.heights.append(M) }
                else { throw Unreadable(description: "unreadable detent: \(line)") }
            }
            s.radius = number(#"sheet\.preferredCornerRadius = ([0-9.]+)"#, in: code)
            if let id = first(#"largestUndimmedDetentIdentifier = \.(\w+)"#, in: code)?[1] { s.undimmed = heightOf(identifier: id, setup: setup) }
        case .floatingpanel:
            var states: [String: Double] = [:]
            // The first sheet's layout: stacked sheets' layouts follow its content controller.
            let layout = code.components(separatedBy: "final class SheetContentViewController")[0]
            for m in all(#"(\.\w+): FloatingPanel(Intrinsic)?LayoutAnchor\((absoluteInset|absoluteOffset): ([0-9.]+)(, edge: \.(\w+))?"#, in: layout) {
                let v = Double(m[4])!
                let h: Double
                if m[2] == "Intrinsic" { h = setup.naturalHeight - v }
                else if m[6] == "top" { h = H - c.safeTop - v } else { h = v }
                states[m[1]] = h
            }
            if states.isEmpty { throw Unreadable(description: "no anchors") }
            s.heights = states.values.sorted()
            s.radius = number(#"appearance\.cornerRadius = ([0-9.]+)"#, in: code)
            if let m = first(#"case ([.\w, ]+): return ([0-9.]+)"#, in: code) {
                let dimmed = Set(m[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
                s.undimmed = states.filter { !dimmed.contains($0.key) }.map(\.value).max()
                s.opacity = Double(m[2])
            } else {
                s.undimmed = s.heights.max()
            }
        case .gorhom:
            if let list = first(#"const snapPoints = useMemo\(\(\) => \[([^\]]*)\]"#, in: code)?[1] {
                s.heights = all(#"([0-9.]+) /\*"#, in: list).map { Double($0[1])! }
            }
            if code.contains("        enableDynamicSizing\n") {
                let cap = number(#"maxDynamicContentSize=\{([0-9.]+)\}"#, in: code) ?? .infinity
                s.heights.append(min(setup.naturalHeight, cap))
            }
            s.heights.sort()
            s.radius = number(#"borderTopLeftRadius: ([0-9.]+)"#, in: code)
            if let k = number(#"appearsOnIndex=\{([0-9]+)\}"#, in: code) {
                s.undimmed = k == 0 ? nil : s.heights[Int(k) - 1]
                s.opacity = number(#"opacity=\{([0-9.]+)\}"#, in: code)
            } else {
                s.undimmed = s.heights.max()
            }
        case .vaul:
            if let list = first(#"const snapPoints: \(number \| string\)\[\] = \[([^\]]*)\]"#, in: code)?[1] {
                // Each snap point is `value /* id */`: the comment names its detent.
                let values = list.replacingOccurrences(of: #"/\*.*?\*/"#, with: "", options: .regularExpression)
                for item in values.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                    if item.hasSuffix("px'") { s.heights.append(Double(item.dropFirst().dropLast(3))!) } else { s.heights.append(Double(item)! * H) }
                }
            } else {
                // No snap points: the drawer is as tall as its content, up to its maxHeight.
                let cap = (number(#"maxHeight: '([0-9.]+)%'"#, in: code) ?? 100) / 100 * H
                s.heights = [min(setup.naturalHeight, cap)]
            }
            s.heights.sort()
            s.radius = number(#"borderTopLeftRadius: ([0-9.]+)"#, in: code)
            // vaul scales only an element carrying its wrapper attribute (use-scale-background.ts).
            s.recedes = code.contains("shouldScaleBackground={true}") && code.contains("<div data-vaul-drawer-wrapper")
            if code.contains("modal={false}") {
                s.undimmed = s.heights.max()
            } else if let k = number(#"fadeFromIndex=\{([0-9]+)\}"#, in: code), k > 0 {
                s.undimmed = s.heights[Int(k) - 1]
            }
            if let a = number(#"overlayStyle[\s\S]*?backgroundColor: 'rgba\([0-9]+, [0-9]+, [0-9]+, ([0-9.]+)\)'"#, in: code) {
                s.opacity = a
            } else if code.contains("overlayStyle") {
                s.opacity = 1
            }
        }
        if target == .swiftui || target == .uikit {
            // iOS 15–18 scale the presenting view back behind a sheet at the large detent when it is dimmed there; iOS 26's
            // glass sheet keeps it full size. The code is for iOS 26 unless its diff says the classic sheet is iOS 16.4–18's.
            let large = code.contains(".large()") || first(#"\.presentationDetents\(\[[^\]]*\.large[,\]]"#, in: code) != nil
            let classic = code.contains("sheet.style: classic")
            s.recedes = classic && large && (s.undimmed.map { $0 < M - 0.5 } ?? true)
        }
        return s
    }

    /// The height of the detent a Swift identifier names (`.peek`), as the code declares it.
    static func heightOf(identifier: String, setup: SheetSetup) -> Double? {
        setup.detents.first { ExportModel.identifier($0.id) == identifier }?.height
    }
}
