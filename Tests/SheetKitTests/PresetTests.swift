import XCTest
@testable import SheetKit

/// The four sheets reproduced from their articles (docs/presets.md), as shipped in Assets/Examples, look and behave as described.
final class PresetTests: XCTestCase {
    func testEveryExampleLoadsWithoutWarnings() throws {
        let folder = assets.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") && !$0.contains(".script.") }
        XCTAssertEqual(Set(names), ["default.json", "dynamic-sheet.json", "multi-height.json", "half-screen-cover.json", "blur-sheet.json",
                                    "glass-maps.json", "classic-page-sheet.json", "search-sheet.json", "place-card.json"])
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            switch ConfigLoader.load(text: text, file: name) {
            case .success(let d):
                XCTAssertEqual(d.warnings, [], name)
                // Every example has a golden scenario.
                let scenario = assets.appendingPathComponent("Scenarios/preset-\(name.dropLast(5)).scenario.json")
                XCTAssertTrue(FileManager.default.fileExists(atPath: scenario.path), "\(name) has no \(scenario.lastPathComponent)")
            case .failure(let e): XCTFail("\(name): \(e)")
            }
        }
    }

    /// The place card: a tap on a row of the search sheet presents the card over it (iOS's own rule: the search sheet
    /// slides down behind it); the card's Close dismisses only the card, and the search sheet is back on medium.
    func testPlaceCard() {
        var e = SheetEngine(setup: SheetSetup(config: example("place-card")))
        XCTAssertEqual(e.restingDetent, "medium")
        let row = e.setup.layout.targets.first { $0.action == .present("place") }!
        let shape = e.setup.shape(atHeight: e.height)
        let p = Point(e.setup.contentX(in: shape) + row.frame.x + row.frame.width / 2, e.top + e.setup.bandHeight + row.frame.y + row.frame.height / 2)
        let events = e.play(steps((0, .tap(p))))
        XCTAssertTrue(events.contains { $0.event == .presented && $0.sheet == "place" }, "\(events)")
        XCTAssertEqual(e.stack.map(\.id), ["place"])
        XCTAssertEqual(e.stack[0].behavior, .system)
        XCTAssertEqual(e.stack[0].engine.restingDetent, "card")
        XCTAssertTrue(StackLayout.poses(e)[0].hidden, "the search sheet is behind the card")
        // Close, on the card.
        let card = e.stack[0].engine
        let close = card.setup.layout.targets.first { $0.action == .dismiss }!
        let cardShape = card.setup.shape(atHeight: card.height)
        let q = Point(card.setup.contentX(in: cardShape) + close.frame.x + close.frame.width / 2,
                      card.top + card.setup.bandHeight + close.frame.y + close.frame.height / 2)
        let after = e.play(steps((0, .tap(q))))
        XCTAssertTrue(after.contains { $0.event == .dismissed && $0.sheet == "place" }, "\(after)")
        XCTAssertTrue(e.stack.isEmpty)
        XCTAssertEqual(e.restingDetent, "medium")
    }

    /// The search sheet: a tap on the field at peek focuses it, the keyboard rises and the sheet goes to large with it,
    /// as UIKit's sheet does (FB17890661); typing fills the field; a drag hides the keyboard (`dismissOnDrag`).
    func testSearchSheet() {
        var e = SheetEngine(setup: SheetSetup(config: example("search-sheet")))
        XCTAssertEqual(e.restingDetent, "peek")
        let field = e.setup.layout.targets.first { $0.kind == .field }!
        let y = e.top + e.setup.bandHeight + field.frame.y + field.frame.height / 2
        _ = e.play([Step(at: 0, action: .tap(Point(196, y))), Step(at: 800, action: .type("Café"))])
        XCTAssertEqual(e.focusedField, 0)
        XCTAssertEqual(e.restingDetent, "large")
        XCTAssertEqual(e.keyboard.visible, 353)
        XCTAssertEqual(e.text(ofField: 0), "Café")
        _ = e.play([Step(at: 0, action: .drag(from: Point(196, 120), to: Point(196, 520), duration: 250))])
        XCTAssertFalse(e.keyboard.shown)
        XCTAssertEqual(e.keyboard.visible, 0)
        XCTAssertNotEqual(e.restingDetent, "large")
    }

    func testDynamicSheet() {
        let c = example("dynamic-sheet")
        XCTAssertEqual(c.sheet.detents, [.fit(id: "fit")])
        XCTAssertEqual(c.sheet.fill, SRGBColor(hex: "#34C759"), "a solid green fill")
        XCTAssertGreaterThan(c.sheet.cornerRadius, 0)
        var e = SheetEngine(setup: SheetSetup(config: c))
        let fit = e.setup.detents[0].height
        XCTAssertEqual(fit, e.setup.naturalHeight, "the only detent is the content's height")
        XCTAssertLessThan(fit, 783)

        // The article's sheet is UIKit's, modal, with the system's dimming (no opacity of its own), closed by a swipe
        // and presented again.
        XCTAssertNil(e.setup.largestUndimmed)
        XCTAssertEqual(e.setup.dimmingOpacity, 0.11, "UIKit's own dimming (classic, measured): the article sets none")
        XCTAssertEqual(e.play(steps((0, .drag(from: Point(196, e.top + 10), to: Point(196, 852), duration: 150)))).kinds.last, .dismissed)
        XCTAssertEqual(e.play(steps((0, .present))).kinds, [.presented, .detent("fit")])
        XCTAssertEqual(e.height, fit)

        // Content taller than the screen is capped at the large height and scrolls.
        var tall = c
        tall.sheet.content += Array(repeating: .text(TextElement(text: "More content to read, line after line.")), count: 40)
        let t = SheetEngine(setup: SheetSetup(config: tall))
        XCTAssertEqual(t.setup.detents[0].height, 783)
        XCTAssertGreaterThan(t.maxContentOffset, 0)
    }

    func testMultiHeight() {
        let c = example("multi-height")
        let setup = SheetSetup(config: c)
        XCTAssertEqual(setup.detents.map(\.height), [120, 320, 640])
        XCTAssertEqual(c.sheet.cornerRadius, 20)
        XCTAssertEqual(c.sheet.transition, .slideAndFade)
        XCTAssertEqual(c.sheet.motion.curve, .easeInOut)

        for detent in setup.detents {
            // The background stays interactive at every height.
            var e = SheetEngine(setup: setup)
            _ = e.play(steps((0, .select(detent.id))))
            XCTAssertEqual(e.dim, 0, detent.id)
            // slideAndFade fades the sheet as it appears and leaves; at rest on any detent it is opaque
            // (it was 0.5 at middle and 0.19 at low: the fade ran up to the initial detent, 640 pt).
            XCTAssertEqual(e.alpha, 1, "opaque at rest on \(detent.id)")
            XCTAssertEqual(e.play(steps((0, .tap(Point(200, 60))))).kinds, [.backgroundTap(Point(200, 60))], detent.id)

            // A hard downward fling never closes it: it settles at the smallest height.
            let grab = e.top + 40
            let events = e.play(steps((0, .drag(from: Point(196, grab), to: Point(196, 845), duration: 80))))
            XCTAssertFalse(events.kinds.contains(.dismissed), detent.id)
            XCTAssertEqual(e.restingDetent, "low", detent.id)
            XCTAssertEqual(e.height, 120, detent.id)
        }
    }

    func testMultiHeightAppearsRisingAndFadingWithEaseInOut() {
        var c = example("multi-height")
        c.sheet.presented = false
        var e = SheetEngine(setup: SheetSetup(config: c))
        _ = e.handle(.present, at: 0)
        _ = e.advance(to: 100)
        XCTAssertLessThan(e.height, 640 * 100 / 350, "ease-in-out starts slower than linear")
        _ = e.advance(to: 175)
        // Half the time of an ease-in-out curve is half the way, and the sheet is half faded in.
        XCTAssertEqual(e.height, 320, accuracy: 1e-6)
        XCTAssertEqual(e.alpha, 0.5, accuracy: 1e-6)
        // The article's sheet starts at its highest height (offsetY = 0).
        XCTAssertEqual(e.advance(to: 400).kinds, [.presented, .detent("high")])
    }

    func testHalfScreenCover() {
        let c = example("half-screen-cover")
        let setup = SheetSetup(config: c)
        XCTAssertEqual(setup.detents.map(\.id), ["medium"])
        XCTAssertFalse(c.sheet.grabber.visible)
        XCTAssertEqual(c.sheet.cornerRadius, 20)
        var e = SheetEngine(setup: setup)
        XCTAssertEqual(e.dim, 0, "the background is not dimmed")
        // A swipe down dismisses it and reports the dismissal.
        let events = e.play(steps((0, .drag(from: Point(196, 500), to: Point(196, 650), duration: 150))))
        XCTAssertEqual(events.kinds, [.dismissed])
        XCTAssertEqual(e.phase, .dismissed)
    }

    func testBlurSheet() {
        let c = example("blur-sheet")
        XCTAssertNil(c.sheet.fill)
        XCTAssertGreaterThan(c.sheet.material.blur, 0)
        XCTAssertLessThan(Int(c.sheet.material.tint.red) + Int(c.sheet.material.tint.green) + Int(c.sheet.material.tint.blue), 120, "a dark tint")
        XCTAssertLessThan(c.sheet.material.tint.alpha, 200, "a thin material lets the blur through")
        XCTAssertEqual(c.sheet.cornerRadius, 30)
        XCTAssertEqual([c.sheet.grabber.width, c.sheet.grabber.height, c.sheet.grabber.top], [60, 4, 16])
        XCTAssertEqual(c.sheet.grabber.color, .white)
        let setup = SheetSetup(config: c)
        XCTAssertEqual(setup.detents.map(\.id), ["peek", "half", "top"])
        XCTAssertEqual(c.sheet.dimming.color, .black)

        var e = SheetEngine(setup: setup)
        for id in ["peek", "half", "top"] {
            _ = e.play(steps((0, .select(id))))
            XCTAssertEqual(e.dim, 0.5, accuracy: 1e-12, "dimmed black at 50 % at \(id)")
        }
        // Dragging past the top stretches the sheet; its bottom stays on the canvas's bottom edge.
        _ = e.handle(.pointerDown(Point(196, 200)), at: 100_000)
        _ = e.handle(.pointerMove(Point(196, 40)), at: 100_016)
        XCTAssertGreaterThan(e.height, 783)
        XCTAssertLessThan(e.height - 783, 160, "it resists")
        _ = e.handle(.pointerUp(Point(196, 40)), at: 100_500)

        // Releasing low in the peek zone closes the sheet.
        var low = SheetEngine(setup: setup)
        _ = low.play(steps((0, .select("peek"))))
        let events = low.play(steps((0, .drag(from: Point(196, 740), to: Point(196, 830), duration: 1000))))
        XCTAssertEqual(events.kinds, [.dismissed])
        // A nudge up in the peek zone does not: the article's `isOpen = translation < 0` (any release
        // in the zone that did not move up closes it).
        var nudge = SheetEngine(setup: setup)
        _ = nudge.play(steps((0, .select("peek"))))
        XCTAssertEqual(nudge.play(steps((0, .drag(from: Point(196, 740), to: Point(196, 730), duration: 1000)))).kinds, [])
        XCTAssertEqual(nudge.restingDetent, "peek")
    }
}

/// The two examples that show each style at its best.
final class StyleExampleTests: XCTestCase {
    func testGlassMaps() {
        let c = example("glass-maps")
        XCTAssertEqual(c.sheet.style, .glass)
        XCTAssertEqual(SheetSetup(config: c).detents.map(\.id), ["peek", "medium", "large"])
        XCTAssertNil(c.sheet.fill, "a material, not a solid fill")
        XCTAssertTrue(c.sheet.grabber.visible)
        XCTAssertEqual(c.background, .scene(.map))
    }

    func testClassicPageSheet() {
        let c = example("classic-page-sheet")
        XCTAssertEqual(c.sheet.style, .classic)
        XCTAssertEqual(SheetSetup(config: c).detents.map(\.id), ["medium", "large"])
        XCTAssertTrue(c.sheet.grabber.visible)
        XCTAssertEqual(c.sheet.cornerRadius, 10)
        XCTAssertEqual(c.sheet.cornerStyle, .continuous)
        XCTAssertTrue(c.sheet.content.contains { if case .list = $0 { return true } else { return false } }, "grouped list content")
    }
}
