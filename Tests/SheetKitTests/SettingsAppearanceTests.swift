import XCTest
@testable import SheetKit

/// Reduce Transparency, Increase Contrast, tinted Liquid Glass and Reduce Motion, decided as data: the material the
/// sheet is drawn with, the system colours, and the engine's presentation.
final class SettingsAppearanceTests: XCTestCase {
    func setup(_ json: String) -> SheetSetup { SheetSetup(config: config(json)) }

    // MARK: Reduce Transparency

    func testReduceTransparencyMakesEveryMaterialOpaqueWithoutBlur() {
        for appearance in ["light", "dark"] {
            for style in ["glass", "classic"] {
                for material in MaterialName.allCases.map(\.rawValue) + [##"{"blur": 12, "tint": "#33669980"}"##] {
                    let m = material.hasPrefix("{") ? material : "\"\(material)\""
                    let s = setup(#"{"appearance": "\#(appearance)", "settings": {"reduceTransparency": true}, "sheet": {"style": "\#(style)", "material": \#(m)}}"#)
                    XCTAssertEqual(s.sheet.material.tint.alpha, 255, "\(appearance) \(style) \(material)")
                    XCTAssertEqual(s.sheet.material.blur, 0, "\(appearance) \(style) \(material)")
                    XCTAssertEqual(s.sheet.material.saturation, 1, "\(appearance) \(style) \(material)")
                    // The design is untouched: exports read it.
                    XCTAssertEqual(s.config.sheet.material.blur > 0, true, "\(appearance) \(style) \(material)")
                }
            }
        }
    }

    func testReduceTransparencyGlassTakesTheOpaqueColourOfLarge() {
        let rows: [(line: UInt, json: String, hex: String)] = [
            (#line, #"{"settings": {"reduceTransparency": true}}"#, "#F2F2F7"),  // the default has a list: grouped
            (#line, #"{"settings": {"reduceTransparency": true}, "sheet": {"content": []}}"#, "#FFFFFF"),
            (#line, #"{"appearance": "dark", "settings": {"reduceTransparency": true}}"#, "#1C1C1E"),
            (#line, #"{"appearance": "dark", "settings": {"reduceTransparency": true, "increaseContrast": true}}"#, "#242426"),
            (#line, #"{"settings": {"reduceTransparency": true, "increaseContrast": true}}"#, "#EBEBF0"),
        ]
        for r in rows {
            XCTAssertEqual(setup(r.json).sheet.material.tint.hex, r.hex, line: r.line)
        }
    }

    func testReduceTransparencyClassicFallsBackToTheTintOverTheSheetBackground() {
        let rows: [(line: UInt, material: String, appearance: String, hex: String)] = [
            (#line, "regular", "light", "#FBFBFB"),
            (#line, "thick", "light", "#F4F4F4"),
            (#line, "ultraThin", "light", "#FFFFFF"),
            (#line, "regular", "dark", "#1C1C1E"),
        ]
        for r in rows {
            let s = setup(#"{"appearance": "\#(r.appearance)", "settings": {"reduceTransparency": true}, "sheet": {"style": "classic", "material": "\#(r.material)"}}"#)
            XCTAssertEqual(s.sheet.material.tint.hex, r.hex, line: r.line)
        }
    }

    func testReduceTransparencyLeavesFillDimmingAndShadowAsTheyAre() {
        let json = ##"{"sheet": {"fill": "#FF000080", "shadow": {"color": "#00000040", "radius": 12, "y": -2}, "dimming": {"opacity": 0.3}}}"##
        let plain = setup(json)
        var on = config(json)
        on.settings.reduceTransparency = true
        let s = SheetSetup(config: on)
        XCTAssertEqual(s.sheet.fill, plain.sheet.fill)
        XCTAssertEqual(s.sheet.shadow, plain.sheet.shadow)
        XCTAssertEqual(s.sheet.dimming, plain.sheet.dimming)
        XCTAssertEqual(s.dimmingOpacity, plain.dimmingOpacity)
    }

    func testStandardSettingsDrawTheConfigsOwnSheet() {
        let c = config(#"{"sheet": {"material": "thin"}}"#)
        XCTAssertEqual(c.drawnSheet, c.sheet)
        var withText = c
        withText.settings.textSize = .ax3
        XCTAssertEqual(withText.drawnSheet.material, c.sheet.material, "text settings leave the material alone")
    }

    // MARK: Tinted Liquid Glass

    func testTintedGlassIsMoreOpaqueThanClear() {
        for appearance in ["light", "dark"] {
            for material in MaterialName.allCases {
                let clear = setup(#"{"appearance": "\#(appearance)", "sheet": {"material": "\#(material.rawValue)"}}"#)
                let tinted = setup(#"{"appearance": "\#(appearance)", "settings": {"liquidGlass": "tinted"}, "sheet": {"material": "\#(material.rawValue)"}}"#)
                let a = Double(clear.sheet.material.tint.alpha), b = Double(tinted.sheet.material.tint.alpha)
                XCTAssertGreaterThan(b, a, "\(appearance) \(material)")
                XCTAssertEqual(255 - b, (255 - a) / 2, accuracy: 1, "half the transparency: \(appearance) \(material)")
                XCTAssertEqual(tinted.sheet.material.blur, clear.sheet.material.blur)
                XCTAssertEqual(tinted.sheet.material.tint.red, clear.sheet.material.tint.red)
            }
        }
        // The regular material, light: 0xBF → 0xDF.
        XCTAssertEqual(setup(#"{"settings": {"liquidGlass": "tinted"}}"#).sheet.material.tint.hex, "#F9F9F9DF")
    }

    func testTintedGlassLeavesClassicAlone() {
        let c = setup(#"{"settings": {"liquidGlass": "tinted"}, "sheet": {"style": "classic"}}"#)
        XCTAssertEqual(c.sheet.material, c.config.sheet.material)
    }

    // MARK: Increase Contrast

    func testIncreaseContrastTakesTheHighContrastSystemColours() {
        let rows: [(line: UInt, name: String, light: String, dark: String)] = [
            (#line, "separator", "#3C3C435E", "#545458AD"),
            (#line, "secondaryLabel", "#3C3C43AD", "#EBEBF5AD"),
            (#line, "tertiaryLabel", "#3C3C4360", "#EBEBF560"),
            (#line, "systemFill", "#78788047", "#78788070"),
            (#line, "systemBlue", "#0040DD", "#409CFF"),
            (#line, "systemGray", "#6C6C70", "#AEAEB2"),
            (#line, "opaqueSeparator", "#C6C6C8", "#38383A"),  // has no high-contrast variant
            (#line, "label", "#000000", "#FFFFFF"),
        ]
        for r in rows {
            XCTAssertEqual(SystemColors.color(named: r.name, in: .light, increasedContrast: true)?.hex, r.light, line: r.line)
            XCTAssertEqual(SystemColors.color(named: r.name, in: .dark, increasedContrast: true)?.hex, r.dark, line: r.line)
        }
        // Off, the normal values.
        XCTAssertEqual(SystemColors.color(named: "separator", in: .light, increasedContrast: false)?.hex, "#3C3C4349")
    }

    func testEveryHighContrastNameIsASystemColourAndDiffersFromItsNormalValue() {
        for e in SystemColors.highContrastTable {
            XCTAssertTrue(SystemColors.names.contains(e.name), e.name)
            let normal = (SystemColors.color(named: e.name, in: .light)!, SystemColors.color(named: e.name, in: .dark)!)
            XCTAssertTrue(normal.0 != e.light || normal.1 != e.dark, e.name)
        }
    }

    func testIncreaseContrastGrabberIsStronger() {
        for appearance in ["light", "dark"] {
            let plain = config(#"{"appearance": "\#(appearance)"}"#)
            var contrast = plain
            contrast.settings.increaseContrast = true
            XCTAssertGreaterThan(contrast.grabberColor.alpha, plain.grabberColor.alpha, appearance)
            let surface = plain.surface.color
            XCTAssertGreaterThan(SRGBColor.contrast(contrast.grabberColor.over(surface), surface),
                                 SRGBColor.contrast(plain.grabberColor.over(surface), surface), appearance)
        }
    }

    // MARK: Reduce Motion

    func testReduceMotionPresentsByCrossFadingInPlace() {
        var e = engine(#"{"settings": {"reduceMotion": true}, "sheet": {"presented": false}}"#)
        _ = e.handle(.present, at: 0)
        // It stands at its detent at once, invisible, and fades in with its dimming.
        XCTAssertEqual(e.top, 392)
        XCTAssertEqual(e.alpha, 0, accuracy: 1e-9)
        XCTAssertEqual(e.dim, 0, accuracy: 1e-9)
        _ = e.advance(to: 175)
        XCTAssertEqual(e.top, 392)
        XCTAssertEqual(e.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(e.dim, 0.1, accuracy: 1e-9, "half of light glass's 0.20")
        XCTAssertFalse(e.isAtRest)
        let events = e.advance(to: 400)
        XCTAssertEqual(events.map(\.event), [.presented, .detent("medium")])
        XCTAssertEqual(events.first?.time, 350)
        XCTAssertEqual(e.alpha, 1)
        XCTAssertTrue(e.isAtRest)
    }

    func testWithoutReduceMotionThePresentationSlides() {
        var e = engine(#"{"sheet": {"presented": false}}"#)
        _ = e.handle(.present, at: 0)
        _ = e.advance(to: 100)
        XCTAssertGreaterThan(e.top, 392, "still rising")
        XCTAssertEqual(e.alpha, 1)
    }

    func testReduceMotionDismissFadesOutWhereItIs() {
        var e = engine(#"{"settings": {"reduceMotion": true}}"#)
        _ = e.handle(.dismiss, at: 0)
        _ = e.advance(to: 175)
        XCTAssertEqual(e.top, 392)
        XCTAssertEqual(e.alpha, 0.5, accuracy: 1e-9)
        let events = e.advance(to: 350)
        XCTAssertEqual(events.map(\.event), [.dismissed])
        XCTAssertEqual(e.phase, .dismissed)
        XCTAssertEqual(e.height, 0)
    }

    func testReduceMotionKeepsDragsReleasesAndDetentChanges() {
        let json = #"{"settings": {"reduceMotion": true}}"#
        var a = engine(json), b = engine()
        for (t, y) in [(0.0, 500.0), (16, 450), (32, 400), (48, 380)] {
            let input: SheetInput = t == 0 ? .pointerDown(Point(196, y)) : .pointerMove(Point(196, y))
            _ = a.handle(input, at: t)
            _ = b.handle(input, at: t)
            XCTAssertEqual(a.top, b.top, "1:1 at \(t)")
        }
        _ = a.handle(.pointerUp(Point(196, 380)), at: 64)
        _ = b.handle(.pointerUp(Point(196, 380)), at: 64)
        for t in stride(from: 80.0, through: 1500, by: 50) {
            _ = a.advance(to: t)
            _ = b.advance(to: t)
            XCTAssertEqual(a.height, b.height, "release settle at \(t)")
            XCTAssertEqual(a.alpha, 1)
        }
        _ = a.handle(.select("peek"), at: 2000)
        _ = b.handle(.select("peek"), at: 2000)
        _ = a.advance(to: 2100)
        _ = b.advance(to: 2100)
        XCTAssertEqual(a.height, b.height, "a detent change slides")
    }

    func testAGrabMidFadeCatchesTheSheetFullyShown() {
        var e = engine(#"{"settings": {"reduceMotion": true}, "sheet": {"presented": false}}"#)
        _ = e.handle(.present, at: 0)
        _ = e.advance(to: 100)
        _ = e.handle(.pointerDown(Point(196, 500)), at: 100)
        XCTAssertEqual(e.alpha, 1)
        XCTAssertEqual(e.phase, .dragging)
    }
}

extension SettingsAppearanceTests {
    func testIncreaseContrastResolvesColourNamesInTheConfig() {
        let c = config(#"{"settings": {"increaseContrast": true}, "sheet": {"fill": "systemGroupedBackground", "grabber": {"color": "systemBlue"}}}"#)
        XCTAssertEqual(c.sheet.fill?.hex, "#EBEBF0")
        XCTAssertEqual(c.sheet.grabber.color?.hex, "#0040DD")
        // The settings key may come after the colours in the file.
        let late = config(#"{"appearance": "dark", "sheet": {"fill": "separator"}, "settings": {"increaseContrast": true}}"#)
        XCTAssertEqual(late.sheet.fill?.hex, "#545458AD")
        XCTAssertEqual(config(#"{"sheet": {"fill": "systemGroupedBackground"}}"#).sheet.fill?.hex, "#F2F2F7")
    }
}

extension SettingsAppearanceTests {
    func testPresentingDuringAFadeOutFadesBackFromWhereItWas() {
        var e = engine(#"{"settings": {"reduceMotion": true}}"#)
        _ = e.handle(.dismiss, at: 0)
        _ = e.advance(to: 175)
        _ = e.handle(.present, at: 175)
        XCTAssertEqual(e.alpha, 0.5, accuracy: 1e-9, "no jump")
        XCTAssertEqual(e.top, 392)
        let events = e.advance(to: 175 + 175)
        XCTAssertEqual(e.alpha, 1, accuracy: 1e-9, "half a fade back, half the time")
        XCTAssertEqual(events.map(\.event), [.presented])
    }

    func testPresentingDuringAThrownDismissalSlidesBack() {
        var e = engine(#"{"settings": {"reduceMotion": true}}"#)
        // A fast flick down from medium: a dismissal the finger throws, which slides.
        _ = e.handle(.pointerDown(Point(196, 420)), at: 0)
        _ = e.handle(.pointerMove(Point(196, 500)), at: 16)
        _ = e.handle(.pointerMove(Point(196, 620)), at: 32)
        _ = e.handle(.pointerUp(Point(196, 620)), at: 33)
        XCTAssertEqual(e.settleTarget, .dismiss)
        _ = e.advance(to: 80)
        let sliding = e.height
        XCTAssertEqual(e.alpha, 1)
        _ = e.handle(.present, at: 80)
        _ = e.advance(to: 96)
        XCTAssertEqual(e.alpha, 1, "no fade")
        XCTAssertNotEqual(e.height, sliding)
        XCTAssertLessThan(e.height, 460, "on its way back up, not jumped to medium")
    }
}
