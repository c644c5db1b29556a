import Foundation
import XCTest
@testable import SheetKit

/// Sheets over sheets: each rule as a table written from its source (docs/stack-reference.md), independently of
/// `SheetEngine+Stack` and `StackLayout`. The canvas is the iPhone 15: W = 393, H = 852, T = 59, B = 34.
final class StackEngineTests: XCTestCase {
    static let W = 393.0, H = 852.0, T = 59.0, B = 34.0
    /// medium = H/2 + B.
    static let medium = 460.0

    static func json(style: String = "glass", feel: String? = nil, behavior: String? = nil, initial: String = "medium",
                     placeDetents: String = "[{\"id\": \"card\", \"height\": 300}]", placeExtra: String = "", extraSheets: String = "",
                     placeContent: String = "[{\"type\": \"title\", \"text\": \"Place\"}]") -> String {
        let motion = feel.map { ", \"motion\": {\"feel\": \"\($0)\"}" } ?? ""
        let rule = behavior.map { ", \"stackBehavior\": \"\($0)\"" } ?? ""
        return """
        {"device": "iphone-15",
         "sheet": {"style": "\(style)", "detents": ["medium", "large"], "initialDetent": "\(initial)",
                   "content": [{"type": "button", "title": "Details", "action": "present", "sheet": "place"},
                               {"type": "button", "title": "Close", "action": "dismiss"}]},
         "sheets": {"place": {"style": "\(style)", "detents": \(placeDetents)\(motion)\(rule)\(placeExtra),
                              "content": \(placeContent)}\(extraSheets)}}
        """
    }

    /// Presents `place` at t = 0 and lets everything rest.
    func presented(_ json: String) -> (SheetEngine, [TimedEvent]) {
        var e = engine(json)
        let events = e.play([Step(at: 0, action: .presentSheet("place"))])
        return (e, events)
    }

    // MARK: Config

    func testSheetsKeepTheFileOrderAndResolveAsWholeSheets() {
        let c = config(Self.json(extraSheets: ", \"b\": {\"detents\": [\"large\"]}, \"a\": {\"style\": \"classic\"}"))
        XCTAssertEqual(c.sheets.map(\.id), ["place", "b", "a"])
        XCTAssertEqual(c.stackedSheet("a")?.style, .classic)
        XCTAssertEqual(c.stackedSheet("b")?.detents, [.large])
        guard case .button(let b) = c.sheet.content[0] else { return XCTFail() }
        XCTAssertEqual(b.action, .present("place"))
        let setup = SheetSetup(config: c)
        XCTAssertEqual(Set(setup.stackSetups.keys), ["place", "a", "b"])
        XCTAssertFalse(setup.stackSetups["place"]!.config.sheet.presented, "a stacked sheet starts down")
        XCTAssertEqual(setup.stackSetups["place"]!.detents.map(\.height), [300])
    }

    func testAConfigWithSheetsReadsBackEqual() throws {
        let c = config(Self.json(behavior: "push"))
        let data = try JSONEncoder().encode(c)
        let again = config(String(decoding: data, as: UTF8.self))
        XCTAssertEqual(again, c)
        XCTAssertEqual(again.stackedSheet("place")?.stackBehavior, .push)
    }

    /// SPEC §3.3: the default follows the feel; gorhom's own default is `switch` (`constants.ts:1`
    /// `DEFAULT_STACK_BEHAVIOR = 'switch'`), vaul's is its nested drawers.
    func testTheDefaultRuleFollowsTheFeel() {
        let table: [(String, StackBehavior)] = [("uikit", .system), ("gorhom", .switch), ("vaul", .nested),
                                                 ("floatingpanel", .push), ("material", .push)]
        for (feel, rule) in table {
            XCTAssertEqual(config(Self.json(feel: feel)).stackedSheet("place")?.resolvedStackBehavior, rule, feel)
        }
        XCTAssertEqual(config(Self.json(feel: "gorhom", behavior: "replace")).stackedSheet("place")?.resolvedStackBehavior, .replace)
    }

    // MARK: Bad input

    func testAPresentNamingAMissingSheetIsAnError() {
        let e = errors(Self.json().replacingOccurrences(of: "\"sheet\": \"place\"", with: "\"sheet\": \"plcae\""))
        XCTAssertEqual(e.map(\.path?.description), ["sheet.content[0].sheet"])
        XCTAssertTrue(e[0].message.contains("no sheet \"plcae\"") && e[0].message.contains("did you mean place"), e[0].message)
    }

    func testAPresentWithoutASheetAndASheetWithoutAPresentAreErrors() {
        let noSheet = errors(Self.json().replacingOccurrences(of: ", \"sheet\": \"place\"", with: ""))
        XCTAssertEqual(noSheet.map(\.path?.description), ["sheet.content[0].action"])
        let stray = errors(Self.json().replacingOccurrences(of: "\"action\": \"dismiss\"", with: "\"action\": \"dismiss\", \"sheet\": \"place\""))
        XCTAssertEqual(stray.map(\.path?.description), ["sheet.content[1].sheet"])
    }

    func testACycleIsAnError() {
        let json = Self.json(extraSheets: ", \"more\": {\"content\": [{\"type\": \"button\", \"title\": \"Back\", \"action\": \"present\", \"sheet\": \"place\"}]}",
                             placeContent: "[{\"type\": \"button\", \"title\": \"More\", \"action\": \"present\", \"sheet\": \"more\"}]")
        let e = errors(json)
        XCTAssertEqual(e.count, 1, "\(e)")
        XCTAssertTrue(e.first?.message.contains("makes a cycle: \"place\" → \"more\" → \"place\"") == true, "\(e)")
        XCTAssertEqual(e.first?.path?.description, "sheets.more.content[0].sheet")
        // A sheet that presents itself.
        let selfish = errors(Self.json(placeContent: "[{\"type\": \"button\", \"title\": \"Again\", \"action\": \"present\", \"sheet\": \"place\"}]"))
        XCTAssertEqual(selfish.first?.path?.description, "sheets.place.content[0].sheet")
    }

    func testAStackDeeperThanFourIsAnError() {
        func sheet(_ id: String, presents next: String?) -> String {
            let content = next.map { "[{\"type\": \"button\", \"title\": \"Next\", \"action\": \"present\", \"sheet\": \"\($0)\"}]" } ?? "[]"
            return "\"\(id)\": {\"content\": \(content)}"
        }
        func json(_ chain: [String]) -> String {
            let sheets = chain.enumerated().map { sheet($0.element, presents: $0.offset + 1 < chain.count ? chain[$0.offset + 1] : nil) }
            return "{\"sheet\": {\"content\": [{\"type\": \"button\", \"title\": \"Go\", \"action\": \"present\", \"sheet\": \"\(chain[0])\"}]}, \"sheets\": {\(sheets.joined(separator: ", "))}}"
        }
        XCTAssertEqual(errors(json(["a", "b", "c"])), [], "four sheets are allowed")
        let e = errors(json(["a", "b", "c", "d"]))
        XCTAssertEqual(e.map(\.path?.description), ["sheet.content[0].sheet"])
        XCTAssertTrue(e[0].message.contains("stack deeper than 4") && e[0].message.contains("5 sheets"), e[0].message)
    }

    func testBadSheetIDsAndTooManySheetsAreErrors() {
        let spaced = errors(Self.json(extraSheets: ", \"two words\": {}"))
        XCTAssertEqual(spaced.map(\.path?.description), ["sheets.two words"])
        let many = (0...StackLimits.maxSheets).map { "\"s\($0)\": {}" }.joined(separator: ", ")
        let e = errors("{\"sheets\": {\(many)}}")
        XCTAssertEqual(e.map(\.path?.description), ["sheets"])
        XCTAssertTrue(e[0].message.contains("at most \(StackLimits.maxSheets)"), e[0].message)
        let bad = errors(Self.json(behavior: "pusj"))
        XCTAssertEqual(bad.map(\.path?.description), ["sheets.place.stackBehavior"])
    }

    func testScriptsPresentingAMissingSheetOrTooDeepAreReported() {
        let setup = SheetSetup(config: config(Self.json()))
        let missing = Simulation(setup: setup, script: Script(steps: steps((0, .presentSheet("nope"))))).validate()
        XCTAssertEqual(missing.map(\.path?.description), ["steps[0].present"])
        let twice = Simulation(setup: setup, script: Script(steps: steps((0, .presentSheet("place")), (500, .presentSheet("place"))))).validate()
        XCTAssertEqual(twice.map(\.path?.description), ["steps[1].present"])
        XCTAssertTrue(twice[0].message.contains("already up"), twice[0].message)
    }

    // MARK: iOS's own rule (system)

    /// G-S2 (TrueSheet `resizing.gif`, iOS 26.1): the lower sheet slides down to the new sheet's top in step with it
    /// (frames 57–60: 0.53/0.51, 0.75/0.74, 0.83/0.84, 0.92/0.94 of the way), and is hidden once it is up.
    func testSystemLowerSheetSlidesDownInStepAndHides() {
        var e = engine(Self.json())
        let lowerTop = Self.H - Self.medium, upperTop = Self.H - 300
        _ = e.handle(.presentSheet("place"), at: 0)
        var sawMidway = false
        for t in stride(from: 16.0, through: 2000, by: 16) {
            _ = e.advance(to: t)
            guard let upper = e.stack.first?.engine else { return XCTFail("the stack lost its sheet") }
            let p = min(max(upper.height / 300, 0), 1)
            let pose = StackLayout.poses(e)[0]
            XCTAssertEqual(pose.dy, p * (upperTop - lowerTop), accuracy: 1e-6, "t = \(t)")
            XCTAssertEqual(pose.scale, 1)
            if p > 0.4 && p < 0.9 { sawMidway = true; XCTAssertFalse(pose.hidden) }
        }
        XCTAssertTrue(sawMidway)
        let rest = StackLayout.poses(e)[0]
        XCTAssertTrue(rest.hidden)
        XCTAssertEqual(rest.dy, upperTop - lowerTop, accuracy: 1e-6)
        XCTAssertEqual(e.height, Self.medium, accuracy: 1e-9, "the lower sheet itself does not move")
        XCTAssertEqual(e.restingDetent, "medium")
    }

    /// Glass at large: "when expanded, the new sheet simply presents on top" (TrueSheet `stacking.mdx:37-39`).
    func testSystemGlassAtLargeStays() {
        let (e, _) = presented(Self.json(initial: "large"))
        XCTAssertEqual(StackLayout.poses(e)[0], .identity)
    }

    /// Classic at large: the lower sheet becomes the first level's card, (W − 32)/W about its top centre, its top at
    /// the safe area (unmeasured; docs/stack-reference.md §1b).
    func testSystemClassicAtLargeRecedesIntoTheCard() {
        let (e, _) = presented(Self.json(style: "classic", initial: "large"))
        let pose = StackLayout.poses(e)[0]
        XCTAssertFalse(pose.hidden)
        XCTAssertEqual(pose.scale, (Self.W - 32) / Self.W, accuracy: 1e-9)
        let topCentre = pose.apply(Point(Self.W / 2, e.top))
        XCTAssertEqual(topCentre.y, Self.T, accuracy: 1e-9)
        XCTAssertEqual(topCentre.x, Self.W / 2, accuracy: 1e-9)
        XCTAssertEqual(pose.apply(Point(0, e.top)).x, 16, accuracy: 1e-9, "16 pt in at each side")
    }

    /// Only the top sheet takes input: a tap on its dimming over the (hidden) lower sheet dismisses the top one, and the
    /// lower one is back as it was.
    func testATapOnTheDimmingDismissesOnlyTheTopAndTheLowerComesBackAsItWas() {
        var (e, events) = presented(Self.json())
        XCTAssertTrue(events.contains(TimedEvent(time: events.first { $0.event == .presented }!.time, event: .presented, sheet: "place")))
        let after = e.play(steps((0, .tap(Point(200, 450)))))
        XCTAssertTrue(after.contains { $0.event == .dimmingTap(Point(200, 450)) && $0.sheet == "place" }, "\(after)")
        XCTAssertTrue(after.contains { $0.event == .dismissed && $0.sheet == "place" })
        XCTAssertFalse(after.contains { $0.event == .dismissed && $0.sheet == nil })
        XCTAssertTrue(e.stack.isEmpty)
        XCTAssertEqual(e.phase, .idle)
        XCTAssertEqual(e.restingDetent, "medium")
        XCTAssertEqual(StackLayout.poses(e), [.identity])
    }

    func testTheButtonPresentsAndDragsGoToTheTop() {
        var e = engine(Self.json())
        let target = e.setup.layout.targets.first { $0.kind == .button }!
        let shape = e.setup.shape(atHeight: e.height)
        let p = Point(e.setup.contentX(in: shape) + target.frame.x + target.frame.width / 2,
                      e.top + e.setup.bandHeight + target.frame.y + target.frame.height / 2)
        _ = e.play(steps((0, .tap(p))))
        XCTAssertEqual(e.stack.map(\.id), ["place"])
        XCTAssertEqual(e.stack[0].engine.restingDetent, "card")
        // A drag down on the top sheet dismisses it; the first sheet stays.
        let top = e.stack[0].engine.top
        let events = e.play(steps((0, .drag(from: Point(200, top + 10), to: Point(200, top + 280), duration: 150))))
        XCTAssertTrue(events.contains { $0.event == .dismissed && $0.sheet == "place" })
        XCTAssertTrue(e.stack.isEmpty)
        XCTAssertEqual(e.restingDetent, "medium")
    }

    // MARK: gorhom

    /// `push`: the sheet below is left alone, and stays touchable where the top one does not cover it.
    func testPushLeavesTheLowerSheetAndItStaysTouchable() {
        let json = Self.json(feel: "gorhom", behavior: "push", placeExtra: ", \"dimming\": {\"largestUndimmedDetent\": \"card\"}")
        var (e, _) = presented(json)
        XCTAssertEqual(StackLayout.poses(e), [.identity, .identity])
        XCTAssertEqual(e.restingDetent, "medium")
        // The grabber of the first sheet shows above the top one: a tap there steps the first sheet on to large.
        let events = e.play(steps((0, .tap(Point(Self.W / 2, e.top + 5)))))
        XCTAssertTrue(events.contains { $0.event == .detent("large") && $0.sheet == nil }, "\(events)")
        XCTAssertEqual(e.stack[0].engine.restingDetent, "card")
    }

    /// `switch`: `minimize()` closes the lower sheet and remembers its index; dismissing the top restores it there
    /// (`BottomSheetModal.tsx:297-360`, Provider 139-154).
    func testSwitchMinimisesAndRestoresToTheRememberedDetent() {
        var e = engine(Self.json(feel: "gorhom"))
        _ = e.play(steps((0, .select("large"))))
        let events = e.play(steps((0, .presentSheet("place"))))
        XCTAssertEqual(e.phase, .dismissed, "minimised off screen")
        XCTAssertTrue(events.contains { $0.event == .minimized && $0.sheet == nil })
        XCTAssertFalse(events.contains { $0.event == .dismissed && $0.sheet == nil }, "minimised is not dismissed")
        let back = e.play(steps((0, .dismiss)))
        XCTAssertTrue(back.contains { $0.event == .restored("large") && $0.sheet == nil }, "\(back)")
        XCTAssertTrue(e.stack.isEmpty)
        XCTAssertEqual(e.restingDetent, "large")
    }

    /// `replace`: the lower sheet is dismissed and does not come back.
    func testReplaceDismissesTheLowerForGood() {
        var (e, events) = presented(Self.json(feel: "gorhom", behavior: "replace"))
        XCTAssertTrue(events.contains { $0.event == .dismissed && $0.sheet == nil })
        XCTAssertEqual(e.stack.map(\.id), ["place"])
        _ = e.play(steps((0, .dismiss)))
        XCTAssertTrue(e.stack.isEmpty)
        XCTAssertEqual(e.phase, .dismissed)
    }

    // MARK: vaul

    /// `onNestedOpenChange(true)`: scale((W − 16)/W) translateY(−16) about the drawer's centre; `onNestedDrag`:
    /// s = s0 + p(1 − s0), t = −16 + 16p for the child dragged a fraction p of its height.
    func testNestedScalesTheParentAndFollowsTheChildsDrag() {
        var (e, _) = presented(Self.json(feel: "vaul"))
        let s0 = (Self.W - 16) / Self.W
        var pose = StackLayout.poses(e)[0]
        XCTAssertEqual(pose.scale, s0, accuracy: 1e-9)
        XCTAssertEqual(pose.dy, -16, accuracy: 1e-9)
        let frame = e.setup.shape(atHeight: e.height).frame
        XCTAssertEqual(pose.originY, frame.y + frame.height / 2, accuracy: 1e-9, "about the drawer's centre")
        XCTAssertEqual(frame.y, Self.H - Self.medium, accuracy: 1e-9)
        // Hold the child dragged down by half its height.
        let top = e.stack[0].engine.top
        _ = e.play([Step(at: 0, action: .down(Point(200, top + 10)), index: 0),
                    Step(at: 50, action: .move(Point(200, top + 60)), index: 1),
                    Step(at: 100, action: .move(Point(200, top + 160)), index: 2)], until: 120)
        pose = StackLayout.poses(e)[0]
        XCTAssertEqual(e.stack[0].engine.height, 150, accuracy: 1e-6)
        XCTAssertEqual(pose.scale, s0 + 0.5 * (1 - s0), accuracy: 1e-9)
        XCTAssertEqual(pose.dy, -8, accuracy: 1e-9)
    }

    // MARK: The stack as a whole

    /// A sheet dismissed by itself takes every sheet over it with it (UIKit's cascade).
    func testDismissingALowerSheetDismissesEverythingAboveIt() {
        var (e, _) = presented(Self.json(feel: "gorhom", behavior: "push"))
        _ = e.route(.dismiss, to: nil, at: e.time)
        _ = e.tidyStack(at: e.time)
        _ = e.play(steps((0, .wait(10))))
        XCTAssertTrue(e.stack.isEmpty)
        XCTAssertEqual(e.phase, .dismissed)
    }

    func testNoMoreThanFourSheetsAreUp() {
        let extra = (1...4).map { ", \"s\($0)\": {}" }.joined()
        var e = engine(Self.json(extraSheets: extra))
        _ = e.play(steps((0, .presentSheet("place")), (500, .presentSheet("s1")), (1000, .presentSheet("s2")), (1500, .presentSheet("s3"))))
        XCTAssertEqual(e.stack.map(\.id), ["place", "s1", "s2"])
        XCTAssertEqual(e.depth, StackLimits.maxDepth)
    }

    /// A reload keeps the stacked sheets the new config still has, bottom up, and says which it dropped.
    func testAReloadKeepsTheSheetsThatStillExistAndSaysWhichItDropped() {
        let extra = ", \"photos\": {\"detents\": [\"large\"]}"
        var e = engine(Self.json(extraSheets: extra))
        _ = e.play(steps((0, .presentSheet("place")), (600, .presentSheet("photos"))))
        XCTAssertEqual(e.stack.map(\.id), ["place", "photos"])
        let newSetup = SheetSetup(config: config(Self.json(placeDetents: "[{\"id\": \"card\", \"height\": 320}]")))
        let events = e.play([Step(at: 0, action: .wait(1), index: 0)], until: 0) + {
            var out: [TimedEvent] = []
            out += e.handle(.reload(newSetup), at: e.time)
            out += e.play(steps((0, .wait(10))))
            return out
        }()
        XCTAssertTrue(events.contains { $0.event == .stack(kept: ["place"], dropped: ["photos"]) }, "\(events)")
        XCTAssertEqual(e.stack.map(\.id), ["place"])
        XCTAssertEqual(e.stack[0].engine.height, 320, accuracy: 1e-6, "kept, on its detent's new height")
    }

    func testSimulateFramesListTheStackAndEventsNameTheirSheet() {
        let setup = SheetSetup(config: config(Self.json()))
        var lines: [String] = []
        Simulation(setup: setup, script: Script(steps: steps((100, .presentSheet("place"))))).run { lines.append(JSONLines.line($0)) }
        XCTAssertTrue(lines.contains { $0.contains("\"type\": \"presented\"") && $0.hasSuffix(", \"sheet\": \"place\"}") }, lines.joined(separator: "\n"))
        let last = lines.last { $0.hasPrefix("{\"type\": \"frame\"") }!
        XCTAssertTrue(last.hasSuffix(", \"stack\": [{\"sheet\": \"place\", \"top\": 552.0, \"height\": 300.0, \"detent\": \"card\", \"phase\": \"idle\"}]}"), last)
        XCTAssertFalse(lines.first!.contains("stack"), "no stack key while nothing is stacked")
    }
}
