import Foundation
import XCTest
@testable import SheetKit

/// The capability diff as tables: one config change, one target, and whether a loss at that key path is reported.
final class ExportDiffTests: XCTestCase {
    /// A sheet that every target expresses as well as it can: a fill, undimmed at every detent, edge-attached in compact
    /// height, with each target's own feel; glass with the system shadow for Apple's sheets, classic without a shadow
    /// for the libraries.
    static let base = """
    {"sheet": {"detents": [{"id": "peek", "height": 120}, "medium", "large"],
     "fill": "#2C2C2E", "edgeAttachedInCompactHeight": true, "backgroundRecedes": false,
     "dimming": {"largestUndimmedDetent": "large"}, "motion": {"feel": "FEEL"}, "cornerStyle": "CORNER"STYLE}}
    """

    func diff(_ target: ExportTarget, _ sheetEdits: String = "", feel: Feel? = nil, line: UInt = #line) -> CapabilityDiff {
        let ownFeel: Feel = feel ?? [.floatingpanel: .floatingpanel, .gorhom: .gorhom, .vaul: .vaul][target] ?? .uikit
        let json = Self.base.replacingOccurrences(of: "FEEL", with: ownFeel.rawValue)
            .replacingOccurrences(of: "CORNER", with: target == .vaul ? "circular" : "continuous")
            .replacingOccurrences(of: "STYLE", with: [.swiftui, .uikit].contains(target) ? "" : #", "style": "classic", "shadow": null"#)
        // The edit's keys replace the base's (the loader refuses duplicate keys, so they are merged here).
        var root = try! JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        var sheet = root["sheet"] as! [String: Any]
        let edits = try! JSONSerialization.jsonObject(with: Data("{\(sheetEdits)}".utf8)) as! [String: Any]
        for (key, value) in edits { sheet[key] = value }
        root["sheet"] = sheet
        let text = String(decoding: try! JSONSerialization.data(withJSONObject: root), as: UTF8.self)
        let setup = SheetSetup(config: config(text, line: line))
        return Exporter.export(setup, to: target, configName: "test.json").diff
    }

    func testTheBaseConfigLosesNothingOnAnyTarget() {
        for target in ExportTarget.allCases {
            XCTAssertEqual(diff(target).losses, [], "\(target)")
        }
    }

    func testEachLossIsReportedAtItsKeyPath() {
        let rows: [(UInt, ExportTarget, String, String, Bool)] = [
            // A custom spring: the system sheets and vaul cannot take it; FloatingPanel and gorhom can.
            (#line, .uikit, #""motion": {"response": 0.6, "dampingRatio": 0.7}"#, "sheet.motion", true),
            (#line, .swiftui, #""motion": {"response": 0.6, "dampingRatio": 0.7}"#, "sheet.motion", true),
            (#line, .vaul, #""motion": {"feel": "vaul", "response": 0.6}"#, "sheet.motion", true),
            (#line, .gorhom, #""motion": {"feel": "gorhom", "response": 0.6, "dampingRatio": 0.7}"#, "sheet.motion", false),
            (#line, .floatingpanel, #""motion": {"feel": "floatingpanel", "response": 0.6}"#, "sheet.motion.curve", false),
            // With the floatingpanel feel, dampingRatio is FloatingPanel's own knob (the fast release's ζ, as the engine
            // runs it: docs/feel.md); from another feel, FloatingPanel takes ζ only for fast releases.
            (#line, .floatingpanel, #""motion": {"feel": "floatingpanel", "dampingRatio": 0.7}"#, "sheet.motion.dampingRatio", false),
            (#line, .floatingpanel, #""motion": {"feel": "uikit", "dampingRatio": 0.7}"#, "sheet.motion.dampingRatio", true),
            // FloatingPanel settles every curve with a spring.
            (#line, .floatingpanel, #""motion": {"feel": "floatingpanel", "curve": "easeInOut"}"#, "sheet.motion.curve", true),
            // The release rule is the target's own unless the config's feel is that library's.
            (#line, .gorhom, "", "sheet.motion.feel", false),
            (#line, .gorhom, #""motion": {"feel": "uikit"}"#, "sheet.motion.feel", true),
            (#line, .floatingpanel, #""motion": {"feel": "vaul"}"#, "sheet.motion.feel", true),
            // A grabber colour and size: only the system grabbers are fixed.
            (#line, .uikit, ##""grabber": {"color": "#FF0000"}"##, "sheet.grabber.color", true),
            (#line, .swiftui, #""grabber": {"width": 60}"#, "sheet.grabber", true),
            (#line, .floatingpanel, ##""grabber": {"color": "#FF0000", "width": 60}"##, "sheet.grabber.color", false),
            (#line, .gorhom, ##""grabber": {"color": "#FF0000"}"##, "sheet.grabber.color", false),
            (#line, .vaul, ##""grabber": {"color": "#FF0000"}"##, "sheet.grabber.color", false),
            // A dimming opacity: the system sheets dim their own way.
            (#line, .uikit, #""dimming": {"opacity": 0.6, "largestUndimmedDetent": "peek"}"#, "sheet.dimming", true),
            (#line, .swiftui, #""dimming": {"opacity": 0.6, "largestUndimmedDetent": null}"#, "sheet.dimming", true),
            (#line, .floatingpanel, #""dimming": {"opacity": 0.6, "largestUndimmedDetent": "peek"}"#, "sheet.dimming", false),
            (#line, .gorhom, #""dimming": {"opacity": 0.6, "largestUndimmedDetent": "peek"}"#, "sheet.dimming", false),
            // Background interaction up to a detent: vaul's modal is all or nothing.
            (#line, .vaul, #""dimming": {"largestUndimmedDetent": "peek"}"#, "sheet.dimming.largestUndimmedDetent", true),
            (#line, .vaul, #""dimming": {"largestUndimmedDetent": "large"}"#, "sheet.dimming.largestUndimmedDetent", false),
            (#line, .uikit, #""dimming": {"largestUndimmedDetent": "peek"}"#, "sheet.dimming.largestUndimmedDetent", false),
            // A fit detent: FloatingPanel's intrinsic anchor is not capped; the Apple targets freeze the measured height.
            (#line, .floatingpanel, #""detents": ["fit", "large"]"#, "sheet.detents[0]", true),
            (#line, .uikit, #""detents": ["large", "fit"]"#, "sheet.detents[1]", true),
            (#line, .gorhom, #""detents": ["fit", "large"]"#, "sheet.detents[0]", false),
            // A material: only CSS has a real backdrop blur with saturation.
            (#line, .swiftui, #""fill": null, "material": {"blur": 12}"#, "sheet.material", true),
            (#line, .gorhom, #""fill": null"#, "sheet.material", true),
            // A named material is the system's own: the Apple targets take it as it is.
            (#line, .swiftui, #""fill": null, "material": "thin""#, "sheet.material", false),
            (#line, .uikit, #""fill": null, "material": "chrome""#, "sheet.material", false),
            (#line, .floatingpanel, #""fill": null, "material": "thin""#, "sheet.material", false),
            (#line, .vaul, #""fill": null"#, "sheet.material", false),
            // Corners: CSS has no continuous curve; system sheets have no circular one.
            (#line, .uikit, #""cornerStyle": "circular""#, "sheet.cornerStyle", true),
            (#line, .vaul, #""cornerStyle": "continuous""#, "sheet.cornerStyle", true),
            (#line, .gorhom, #""cornerStyle": "circular""#, "sheet.cornerStyle", false),
            // Tap outside: only a separate switch where the backdrop has its own.
            (#line, .uikit, #""tapOutsideToDismiss": false, "dimming": {"largestUndimmedDetent": null}"#, "sheet.tapOutsideToDismiss", true),
            (#line, .gorhom, #""tapOutsideToDismiss": false, "dimming": {"largestUndimmedDetent": null}"#, "sheet.tapOutsideToDismiss", false),
            // Compact height: UIKit has both keys; SwiftUI no preferred width; the libraries no full-screen mode.
            (#line, .swiftui, #""widthFollowsPreferredContentSize": true"#, "sheet.widthFollowsPreferredContentSize", true),
            (#line, .uikit, #""widthFollowsPreferredContentSize": true"#, "sheet.widthFollowsPreferredContentSize", false),
            (#line, .gorhom, #""edgeAttachedInCompactHeight": false"#, "sheet.edgeAttachedInCompactHeight", true),
            // A glass sheet floats only on the system targets.
            (#line, .uikit, #""style": "glass""#, "sheet.style", false),
            (#line, .floatingpanel, #""style": "glass""#, "sheet.style", true),
            // vaul scales the page while the drawer is open (at every snap point): exact for a single detent only.
            (#line, .vaul, #""backgroundRecedes": true"#, "sheet.backgroundRecedes", true),
            (#line, .vaul, #""backgroundRecedes": true, "detents": ["large"]"#, "sheet.backgroundRecedes", false),
            // A click outside that must not close the drawer: Radix's onPointerDownOutside with preventDefault.
            (#line, .vaul, #""tapOutsideToDismiss": false, "dimming": {"largestUndimmedDetent": null}"#, "sheet.tapOutsideToDismiss", false),
            (#line, .gorhom, #""backgroundRecedes": true"#, "sheet.backgroundRecedes", true),
            (#line, .uikit, #""transition": "slideAndFade""#, "sheet.transition", true),
        ]
        for (line, target, edit, keyPath, lost) in rows {
            let d = diff(target, edit, feel: nil, line: line)
            XCTAssertEqual(d.losses.contains { $0.keyPath == keyPath }, lost,
                           "\(target) with \(edit): \(keyPath) \(lost ? "should be" : "should not be") lost; diff: \(d.losses)", line: line)
        }
    }

    func testTheDiffIsInTheFileAndOnStderrAlike() {
        let setup = SheetSetup(config: example("blur-sheet"))
        let result = Exporter.export(setup, to: .uikit, configName: "blur-sheet.json")
        XCTAssertFalse(result.diff.isEmpty)
        for loss in result.diff.losses {
            XCTAssertTrue(result.code.contains("//   - \(loss)"), "\(loss) is not in the file's header")
        }
        XCTAssertEqual(result.diff.stderrLines.first, "sheetlab: export: uikit: \(result.diff.losses[0])")
        XCTAssertTrue(result.code.hasPrefix("// Generated by `sheetlab export --to uikit` from blur-sheet.json"))
        XCTAssertTrue(result.code.contains("// Requires: iOS 16.0"))
    }
}

/// The numbers each target gets, against the config they come from.
final class ExportModelTests: XCTestCase {
    func export(_ json: String, _ target: ExportTarget) -> String {
        Exporter.export(SheetSetup(config: config(json)), to: target, configName: "test.json").code
    }

    func testHeightsFollowEachTargetsReference() {
        let json = #"{"sheet": {"detents": [{"id": "peek", "height": 120}, {"id": "half", "fraction": 0.5}, "large"]}}"#
        let rows: [(UInt, ExportTarget, String)] = [
            // UIKit and SwiftUI take a floating glass sheet's own height: 120 − its 8 pt inset (an edge-attached
            // sheet's is within the safe area, 120 − 34: ExportDetentValueTests).
            (#line, .uikit, ".custom(identifier: .peek) { _ in 112 }"),
            (#line, .swiftui, "static let peek = Self.height(112)"),
            (#line, .swiftui, "static let half = Self.fraction(0.5)"),
            (#line, .uikit, "context.maximumDetentValue * 0.5"),
            // FloatingPanel and gorhom measure from the screen's bottom edge: 120, and f·(M_f − B) + B = 411.6 (glass M_f = H − T − 3.8 = 789.2).
            (#line, .floatingpanel, "FloatingPanelLayoutAnchor(absoluteInset: 120, edge: .bottom, referenceGuide: .superview)"),
            // The large top sits at the top safe area for glass, iOS 26 (10 pt below it for classic).
            (#line, .floatingpanel, ".full: FloatingPanelLayoutAnchor(absoluteInset: 0, edge: .top, referenceGuide: .safeArea)"),
            (#line, .gorhom, "[120 /* peek */, 411.6 /* half */, 793 /* large */]"),
            // vaul: px for fixed heights, fractions of the viewport for the rest (793 / 852), each named by its detent.
            (#line, .vaul, "['120px' /* peek */, 0.4831 /* half */, 0.9308 /* large */]"),
        ]
        for (line, target, expected) in rows {
            XCTAssertTrue(export(json, target).contains(expected), "\(target) lacks \(expected)", line: line)
        }
    }

    func testASpringBecomesEachLibrarysParameters() {
        let json = #"{"sheet": {"motion": {"response": 0.5, "dampingRatio": 0.8}}}"#
        // gorhom: k = (2π/0.5)² = 157.9137, c = 4π·0.8/0.5 = 20.1062, mass 1.
        let gorhom = export(json, .gorhom)
        XCTAssertTrue(gorhom.contains("stiffness: 157.9137,"), gorhom)
        XCTAssertTrue(gorhom.contains("damping: 20.1062,"), gorhom)
        // FloatingPanel: springDecelerationRate = exp(−2π·0.8·0.001/0.5) = 0.99000, response 0.5.
        let fp = export(json, .floatingpanel)
        XCTAssertTrue(fp.contains("let springDecelerationRate: CGFloat = 0.99"), fp)
        XCTAssertTrue(fp.contains("let springResponseTime: CGFloat = 0.5"), fp)
        let ease = export(#"{"sheet": {"motion": {"curve": "easeOut", "duration": 0.3}}}"#, .gorhom)
        XCTAssertTrue(ease.contains("duration: 300,") && ease.contains("easing: Easing.bezier(0, 0, 0.58, 1),"), ease)
    }

    func testDimmingAndInteractionMapToEachTarget() {
        let json = #"{"sheet": {"detents": [{"id": "peek", "height": 120}, "medium", "large"], "dimming": {"opacity": 0.5, "largestUndimmedDetent": "peek"}}}"#
        let rows: [(UInt, ExportTarget, String)] = [
            (#line, .swiftui, ".presentationBackgroundInteraction(.enabled(upThrough: .peek))"),
            (#line, .uikit, "sheet.largestUndimmedDetentIdentifier = .peek"),
            (#line, .floatingpanel, "case .half, .full: return 0.5"),
            (#line, .gorhom, "appearsOnIndex={1}"),
            (#line, .gorhom, "disappearsOnIndex={0}"),
            (#line, .vaul, "fadeFromIndex={1}"),
        ]
        for (line, target, expected) in rows {
            XCTAssertTrue(export(json, target).contains(expected), "\(target) lacks \(expected)", line: line)
        }
    }

    func testCompactHeightFollowsUIKitsDefault() {
        // A sheet becomes a full-screen cover in compact height unless told not to adapt (`.none`).
        XCTAssertFalse(export("{}", .swiftui).contains(".presentationCompactAdaptation("))
        XCTAssertTrue(export(#"{"sheet": {"edgeAttachedInCompactHeight": true}}"#, .swiftui).contains(".presentationCompactAdaptation(.none)"))
        XCTAssertTrue(export(#"{"sheet": {"edgeAttachedInCompactHeight": true}}"#, .uikit).contains("sheet.prefersEdgeAttachedInCompactHeight = true"))
    }

    func testIdentifiersAreValidNames() {
        let rows: [(UInt, String, String)] = [
            (#line, "peek", "peek"), (#line, "half-open", "halfOpen"), (#line, "Top Sheet", "topSheet"),
            (#line, "2x", "d2x"), (#line, "default", "defaultDetent"), (#line, "height", "heightDetent"), (#line, "--", "detent"),
        ]
        for (line, id, expected) in rows {
            XCTAssertEqual(ExportModel.identifier(id), expected, line: line)
        }
    }
}

/// Bugs where an exporter decided again what the setup had decided, each with the figure SheetLab draws.
final class ExportResolvedDecisionTests: XCTestCase {
    func code(_ json: String, _ target: ExportTarget) -> String {
        Exporter.export(SheetSetup(config: config(json)), to: target, configName: "test.json").code
    }

    /// An iPhone SE has square display corners: SheetLab draws a glass sheet's top corners at 28 pt there, not at
    /// the nominal 35 pt of a phone with rounded corners.
    func testTheRadiusIsTheDrawnOne() {
        let setup = SheetSetup(config: config(#"{"device": "iphone-se"}"#))
        XCTAssertEqual(setup.cornerRadius, 28)
        for target in [ExportTarget.vaul, .gorhom] {
            let text = code(#"{"device": "iphone-se"}"#, target)
            XCTAssertTrue(text.contains("borderTopLeftRadius: 28,"), "\(target): \(text)")
            XCTAssertFalse(text.contains("Radius: 35,"), "\(target)")
        }
        XCTAssertTrue(code(#"{"device": "iphone-se"}"#, .floatingpanel).contains("appearance.cornerRadius = 28"))
    }

    /// A modal sheet whose only detent is 300 pt never fills the screen, so SheetLab never recedes the page behind it.
    func testASheetThatNeverFillsTheScreenDoesNotRecede() {
        let json = #"{"sheet": {"detents": [{"id": "a", "height": 300}]}}"#
        XCTAssertFalse(SheetSetup(config: config(json)).recedes)
        let vaul = code(json, .vaul)
        XCTAssertFalse(vaul.contains("shouldScaleBackground={true}"), vaul)
        for target in [ExportTarget.floatingpanel, .gorhom] {
            XCTAssertFalse(Exporter.export(SheetSetup(config: config(json)), to: target, configName: "t").diff.losses
                .contains { $0.keyPath == "sheet.backgroundRecedes" }, "\(target) claims a recede SheetLab does not draw")
        }
    }
}

/// What the code does on a device, where SheetLab's sheet and the library's differ unless the code says so.
final class ExportDeviceTests: XCTestCase {
    func code(_ json: String, _ target: ExportTarget) -> String {
        Exporter.export(SheetSetup(config: config(json)), to: target, configName: "test.json").code
    }

    /// vaul scales only an element carrying `data-vaul-drawer-wrapper`; the export wraps the page in one exactly when
    /// SheetLab recedes.
    func testVaulWrapsThePageWhenTheBackgroundRecedes() {
        let recedes = code(#"{"sheet": {"style": "classic", "detents": ["large"]}}"#, .vaul)
        XCTAssertTrue(recedes.contains("shouldScaleBackground={true}"), recedes)
        XCTAssertTrue(recedes.contains("<div data-vaul-drawer-wrapper=\"\" style={pageStyle}>"), recedes)
        XCTAssertTrue(recedes.contains("{children}"), recedes)
        let stays = code(#"{"sheet": {"detents": [{"id": "a", "height": 300}]}}"#, .vaul)
        XCTAssertTrue(stays.contains("shouldScaleBackground={false}"), stays)
        XCTAssertFalse(stays.contains("<div data-vaul-drawer-wrapper"), stays)
    }

    func testVaulKeepsTheDrawerOpenOnAnOutsideClick() {
        let json = #"{"sheet": {"tapOutsideToDismiss": false, "dimming": {"largestUndimmedDetent": null}}}"#
        XCTAssertTrue(code(json, .vaul).contains("onPointerDownOutside={(e) => e.preventDefault()}"))
        XCTAssertFalse(code("{}", .vaul).contains("onPointerDownOutside"))
    }

    /// FloatingPanelIntrinsicLayoutAnchor measures the content view with systemLayoutSizeFitting: the stack needs a
    /// bottom edge, or a fit panel is 0 pt tall.
    func testAFitPanelsContentHasABottomEdge() {
        let fp = code(#"{"sheet": {"detents": ["fit"]}}"#, .floatingpanel)
        XCTAssertTrue(fp.contains("FloatingPanelIntrinsicLayoutAnchor("), fp)
        XCTAssertTrue(fp.contains("stack.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor, constant: -16)"), fp)
        XCTAssertTrue(fp.contains("stack.topAnchor.constraint(equalTo: view.topAnchor, constant: 24)"), fp)
    }

    func testUIKitsEdgeAttachedWidthIsThePreferredWidth() {
        let uikit = code(#"{"sheet": {"edgeAttachedInCompactHeight": true, "widthFollowsPreferredContentSize": true}}"#, .uikit)
        XCTAssertTrue(uikit.contains("content.preferredContentSize = CGSize(width: \(Fmt.n(SheetFrame.preferredWidth)), height: 0)"), uikit)
        XCTAssertTrue(uikit.contains("sheet.widthFollowsPreferredContentSizeWhenEdgeAttached = true"), uikit)
        XCTAssertFalse(code("{}", .uikit).contains("preferredContentSize"))
    }

    /// Glass floats 8 pt in from the edges on a phone with rounded display corners: FloatingPanel's container
    /// margins, gorhom's detached sheet, vaul's CSS insets. On a square display it does not float.
    func testAFloatingGlassSheetIsInsetWhereTheTargetCanInsetIt() {
        let glass = #"{"device": "iphone-15", "sheet": {"style": "glass"}}"#
        XCTAssertTrue(SheetSetup(config: config(glass)).floats)
        XCTAssertTrue(code(glass, .floatingpanel).contains("panel.surfaceView.containerMargins = UIEdgeInsets(top: 0, left: 8, bottom: 8, right: 8)"))
        let gorhom = code(glass, .gorhom)
        XCTAssertTrue(gorhom.contains("        detached\n        bottomInset={8}"), gorhom)
        XCTAssertTrue(gorhom.contains("marginHorizontal: 8,"), gorhom)
        let vaul = code(glass, .vaul)
        XCTAssertTrue(vaul.contains("  left: 8,") && vaul.contains("  bottom: 8,"), vaul)
        let se = #"{"device": "iphone-se", "sheet": {"style": "glass"}}"#
        XCTAssertFalse(SheetSetup(config: config(se)).floats)
        XCTAssertFalse(code(se, .floatingpanel).contains("containerMargins"))
        XCTAssertFalse(code(se, .gorhom).contains("detached"))
    }

    /// FloatingPanel supports iOS 12: a panel without buttons states it, and guards the iOS 13 APIs; buttons
    /// (UIAction) make it iOS 14.
    func testFloatingPanelsHeaderNamesTheVersionItNeeds() {
        let plain = code(#"{"sheet": {"content": [{"type": "title", "text": "Hi"}]}}"#, .floatingpanel)
        XCTAssertTrue(plain.contains("// Requires: iOS 12.0"), plain)
        XCTAssertTrue(plain.contains("if #available(iOS 13.0, *) {\n            appearance.cornerCurve = .continuous"), plain)
        XCTAssertTrue(plain.contains("style = .systemMaterial") && plain.contains("style = .light"), plain)
        let buttons = code(#"{"sheet": {"content": [{"type": "button", "title": "Dismiss", "action": "dismiss"}]}}"#, .floatingpanel)
        XCTAssertTrue(buttons.contains("// Requires: iOS 14.0"), buttons)
        XCTAssertFalse(buttons.contains("#available"), buttons)
    }
}

/// The capability table lists every target for every capability.
final class CapabilityTableTests: XCTestCase {
    func testEveryRowNamesEveryTarget() {
        for row in CapabilityTable.rows {
            XCTAssertEqual(Set(row.support.keys), Set(ExportTarget.allCases), row.capability)
        }
    }
}
