import XCTest
@testable import SheetKit

/// The `appearance` key, system colour names, named materials and the defaults that follow the appearance.
final class AppearanceConfigTests: XCTestCase {
    func testAppearanceDefaultsToLightAndReadsDark() {
        XCTAssertEqual(config("{}").appearance, .light)
        XCTAssertEqual(config(#"{"appearance": "light"}"#).appearance, .light)
        XCTAssertEqual(config(#"{"appearance": "dark"}"#).appearance, .dark)
    }

    /// System colour names resolve to Apple's published values in the config's appearance, wherever a colour goes.
    func testSystemColourNamesResolvePerAppearance() {
        let rows: [(line: UInt, name: String, light: String, dark: String)] = [
            (#line, "systemBackground", "#FFFFFF", "#000000"),
            (#line, "secondarySystemBackground", "#F2F2F7", "#1C1C1E"),
            (#line, "tertiarySystemBackground", "#FFFFFF", "#2C2C2E"),
            (#line, "systemGroupedBackground", "#F2F2F7", "#000000"),
            (#line, "secondarySystemGroupedBackground", "#FFFFFF", "#1C1C1E"),
            (#line, "tertiarySystemGroupedBackground", "#F2F2F7", "#2C2C2E"),
            (#line, "label", "#000000", "#FFFFFF"),
            (#line, "secondaryLabel", "#3C3C4399", "#EBEBF599"),
            (#line, "tertiaryLabel", "#3C3C434D", "#EBEBF54D"),
            (#line, "quaternaryLabel", "#3C3C432E", "#EBEBF52E"),
            (#line, "separator", "#3C3C4349", "#54545899"),
            (#line, "opaqueSeparator", "#C6C6C8", "#38383A"),
            (#line, "systemFill", "#78788033", "#7878805C"),
            (#line, "secondarySystemFill", "#78788029", "#78788052"),
            (#line, "tertiarySystemFill", "#7676801F", "#7676803D"),
            (#line, "quaternarySystemFill", "#74748014", "#7676802E"),
            (#line, "systemBlue", "#007AFF", "#0A84FF"),
            (#line, "systemGreen", "#34C759", "#30D158"),
            (#line, "systemRed", "#FF3B30", "#FF453A"),
            (#line, "systemOrange", "#FF9500", "#FF9F0A"),
            (#line, "systemYellow", "#FFCC00", "#FFD60A"),
            (#line, "systemPink", "#FF2D55", "#FF375F"),
            (#line, "systemPurple", "#AF52DE", "#BF5AF2"),
            (#line, "systemTeal", "#30B0C7", "#40C8E0"),
            (#line, "systemIndigo", "#5856D6", "#5E5CE6"),
            (#line, "systemMint", "#00C7BE", "#63E6E2"),
            (#line, "systemCyan", "#32ADE6", "#64D2FF"),
            (#line, "systemBrown", "#A2845E", "#AC8E68"),
            (#line, "systemGray", "#8E8E93", "#8E8E93"),
            (#line, "systemGray2", "#AEAEB2", "#636366"),
            (#line, "systemGray3", "#C7C7CC", "#48484A"),
            (#line, "systemGray4", "#D1D1D6", "#3A3A3C"),
            (#line, "systemGray5", "#E5E5EA", "#2C2C2E"),
            (#line, "systemGray6", "#F2F2F7", "#1C1C1E"),
            (#line, "white", "#FFFFFF", "#FFFFFF"),
            (#line, "black", "#000000", "#000000"),
            (#line, "clear", "#00000000", "#00000000"),
        ]
        // A presented sheet sits at the elevated interface level: in dark, the background colours named inside it lift.
        let elevatedDark = ["systemBackground": "#1C1C1E", "secondarySystemBackground": "#2C2C2E",
                            "tertiarySystemBackground": "#3A3A3C", "systemGroupedBackground": "#1C1C1E",
                            "secondarySystemGroupedBackground": "#2C2C2E", "tertiarySystemGroupedBackground": "#3A3A3C"]
        for row in rows {
            for (appearance, expected) in [("light", row.light), ("dark", row.dark)] {
                // The fill, a content colour, the background: every colour key takes names.
                let c = config(#"{"appearance": "\#(appearance)", "background": {"color": "\#(row.name)"},"#
                    + #""sheet": {"fill": "\#(row.name)", "content": [{"type": "text", "text": "x", "color": "\#(row.name)"}]}}"#,
                    line: row.line)
                let onSheet = appearance == "dark" ? elevatedDark[row.name] ?? expected : expected
                XCTAssertEqual(c.sheet.fill?.hex, onSheet, "\(row.name) in \(appearance)", line: row.line)
                XCTAssertEqual(c.background, .color(SRGBColor(hex: expected)!), "the background stays at base", line: row.line)
                guard case .text(let t) = c.sheet.content.first else { XCTFail("no text", line: row.line); continue }
                XCTAssertEqual(t.color?.hex, onSheet, line: row.line)
            }
        }
        XCTAssertEqual(Set(rows.map(\.name)).subtracting(SystemColors.names), [], "every name in the table is known")
    }

    /// Colour names inside `sheet` and `sheets` resolve at the elevated interface level (a dark sheet's backgrounds
    /// lift, at Increase Contrast too); the background, decoded at base, stays black. Light is the same at both levels.
    func testASheetsBackgroundColoursResolveAtTheElevatedLevel() {
        let rows: [(line: UInt, settings: String, appearance: String, fill: String, card: String, background: String)] = [
            (#line, "{}", "dark", "#1C1C1E", "#2C2C2E", "#000000"),
            (#line, #"{"increaseContrast": true}"#, "dark", "#242426", "#363638", "#000000"),
            (#line, "{}", "light", "#F2F2F7", "#FFFFFF", "#F2F2F7"),
            (#line, #"{"increaseContrast": true}"#, "light", "#EBEBF0", "#FFFFFF", "#EBEBF0"),
        ]
        for row in rows {
            let c = config(#"{"appearance": "\#(row.appearance)", "settings": \#(row.settings), "#
                + #""background": {"color": "systemGroupedBackground"}, "sheet": {"fill": "systemGroupedBackground", "#
                + #""content": [{"type": "button", "title": "x", "action": "dismiss", "color": "secondarySystemGroupedBackground"}]}, "#
                + #""sheets": {"next": {"fill": "systemGroupedBackground"}}}"#, line: row.line)
            XCTAssertEqual(c.sheet.fill?.hex, row.fill, line: row.line)
            XCTAssertEqual(c.stackedSheet("next")?.fill?.hex, row.fill, line: row.line)
            guard case .button(let b) = c.sheet.content.first else { XCTFail("no button", line: row.line); continue }
            XCTAssertEqual(b.color?.hex, row.card, line: row.line)
            XCTAssertEqual(c.background, .color(SRGBColor(hex: row.background)!), line: row.line)
            // The grouped cards a `list` draws on the dark sheet: UIKit's elevated secondarySystemGroupedBackground.
            if row.appearance == "dark" { XCTAssertEqual(c.surface.card.hex, row.card, line: row.line) }
        }
        // Glass keeps its veil of a card, opaque with Reduce Transparency as at large, so that both read alike.
        XCTAssertEqual(config(#"{"appearance": "dark", "settings": {"reduceTransparency": true}}"#).surface.card.hex, "#FFFFFF1C")
        XCTAssertEqual(config(#"{"appearance": "dark"}"#).surface.card.hex, "#FFFFFF1C")
        // Not the background family: the same at both levels.
        for name in ["label", "separator", "systemGray5", "systemBlue", "tertiarySystemFill"] {
            XCTAssertEqual(SystemColors.color(named: name, in: .dark, level: .elevated), SystemColors.color(named: name, in: .dark))
        }
    }

    /// The appearance applies to the whole document, wherever its key stands in the file.
    func testAppearanceAppliesWhereverItsKeyStands() {
        let c = config(#"{"sheet": {"fill": "label", "dimming": {"color": "systemGray5"}}, "appearance": "dark"}"#)
        XCTAssertEqual(c.sheet.fill, .white)
        XCTAssertEqual(c.sheet.dimming.color.hex, "#2C2C2E")
    }

    func testHexColoursStillWork() {
        let c = config(##"{"appearance": "dark", "sheet": {"fill": "#12345678", "grabber": {"color": "#ABCDEF"}}}"##)
        XCTAssertEqual(c.sheet.fill, SRGBColor(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78))
        XCTAssertEqual(c.sheet.grabber.color, SRGBColor(red: 0xAB, green: 0xCD, blue: 0xEF))
    }

    /// Bad appearances, unknown colour names and unknown materials: positioned errors, with a did-you-mean.
    func testBadValuesTable() {
        let rows: [(line: UInt, json: String, path: String, message: String)] = [
            (#line, #"{"appearance": "drak"}"#, "appearance", "did you mean dark?"),
            (#line, #"{"appearance": "dim"}"#, "appearance", "expected one of: dark, light"),
            (#line, #"{"appearance": true}"#, "appearance", "expected a string"),
            (#line, #"{"sheet": {"fill": "systemBlu"}}"#, "sheet.fill", "did you mean systemBlue?"),
            (#line, #"{"sheet": {"fill": "SystemGray5"}}"#, "sheet.fill", "did you mean systemGray5?"),
            (#line, #"{"sheet": {"grabber": {"color": "labl"}}}"#, "sheet.grabber.color", "did you mean label?"),
            (#line, #"{"background": {"color": "chartreuse"}}"#, "background.color", "system colour name"),
            (#line, #"{"sheet": {"content": [{"type": "text", "text": "x", "color": "secondaryLable"}]}}"#,
             "sheet.content[0].color", "did you mean secondaryLabel?"),
            (#line, #"{"sheet": {"material": "reguler"}}"#, "sheet.material", "did you mean regular?"),
            (#line, #"{"sheet": {"material": "frosted"}}"#, "sheet.material", "expected one of: chrome, regular, thick, thin, ultraThin"),
            (#line, #"{"sheet": {"material": 3}}"#, "sheet.material", "a material name"),
            (#line, #"{"sheet": {"material": {"tint": "systemBluee"}}}"#, "sheet.material.tint", "did you mean systemBlue?"),
            (#line, #"{"sheet": {"material": {"blurr": 3}}}"#, "sheet.material.blurr", "did you mean blur?"),
        ]
        for row in rows {
            let found = errors(row.json)
            XCTAssertEqual(found.count, 1, "\(found)", line: row.line)
            guard let d = found.first else { continue }
            XCTAssertEqual(d.path?.description, row.path, line: row.line)
            XCTAssertTrue(d.message.contains(row.message), d.message, line: row.line)
            XCTAssertNotNil(d.position, "positioned", line: row.line)
        }
    }

    /// Each named material has a light and a dark version; the object form stays, and its missing keys take the
    /// appearance's regular material.
    func testNamedMaterials() {
        for name in MaterialName.allCases {
            let light = config(#"{"sheet": {"material": "\#(name.rawValue)"}}"#).sheet.material
            let dark = config(#"{"appearance": "dark", "sheet": {"material": "\#(name.rawValue)"}}"#).sheet.material
            XCTAssertEqual(light, .named(name, in: .light))
            XCTAssertEqual(dark, .named(name, in: .dark))
            XCTAssertGreaterThan(light.tint.relativeLuminance, 0.8, "\(name) light is a light tint")
            XCTAssertLessThan(dark.tint.relativeLuminance, 0.02, "\(name) dark is a dark tint")
            XCTAssertGreaterThan(light.blur, 0)
        }
        // Thicker materials are more opaque, in both appearances.
        for appearance in Appearance.allCases {
            let alphas = [MaterialName.ultraThin, .thin, .regular, .thick].map { MaterialConfig.named($0, in: appearance).tint.alpha }
            XCTAssertEqual(alphas, alphas.sorted(), "\(appearance)")
            XCTAssertEqual(Set(alphas).count, alphas.count)
        }
        let raw = config(##"{"appearance": "dark", "sheet": {"material": {"blur": 12, "tint": "#11223344", "saturation": 1}}}"##).sheet.material
        XCTAssertEqual(raw, MaterialConfig(blur: 12, tint: SRGBColor(hex: "#11223344")!, saturation: 1))
        let partial = config(#"{"appearance": "dark", "sheet": {"material": {"blur": 12}}}"#).sheet.material
        XCTAssertEqual(partial.blur, 12)
        XCTAssertEqual(partial.tint, MaterialConfig.named(.regular, in: .dark).tint)
        XCTAssertNil(partial.name)
    }

    /// The built-in default is coherent: a light material in light, a dark one in dark.
    func testTheDefaultMaterialFollowsTheAppearance() {
        XCTAssertEqual(config("{}").sheet.material, .named(.regular, in: .light))
        XCTAssertEqual(config(#"{"appearance": "dark"}"#).sheet.material, .named(.regular, in: .dark))
        var c = SheetLabConfig()
        c.appearance = .dark
        XCTAssertEqual(c.sheet.material, .named(.regular, in: .dark), "setting the appearance resolves a named material again")
        c.sheet.material = MaterialConfig(blur: 3, tint: .white, saturation: 1)
        c.appearance = .light
        XCTAssertEqual(c.sheet.material.tint, .white, "raw values stay")
    }

    /// A named material and an automatic grabber survive the encoder (the window's editable default document).
    func testNamedMaterialAndAutomaticGrabberRoundTrip() throws {
        let node = try JSONNodeEncoder.encode(SheetLabConfig())
        XCTAssertEqual(node.value(at: KeyPath.root / "sheet" / "material")?.value, .string("regular"))
        XCTAssertNil(node.value(at: KeyPath.root / "sheet" / "grabber" / "color"))
        XCTAssertEqual(node.value(at: KeyPath.root / "appearance")?.value, .string("light"))
        guard case .success(let back) = ConfigLoader.load(root: node, file: "t") else { return XCTFail("did not load") }
        XCTAssertEqual(back.config, SheetLabConfig())
    }

    /// The grabber's default reads on every surface: at least 1.3:1 against the sheet's surface in every
    /// combination of appearance, white or black fill (or none) and named material.
    func testGrabberDefaultContrastTable() {
        for appearance in Appearance.allCases {
            for fill in ["#FFFFFF", "#000000", nil] {
                for material in MaterialName.allCases {
                    let fillJSON = fill.map { #", "fill": "\#($0)""# } ?? ""
                    let c = config(#"{"appearance": "\#(appearance.rawValue)", "sheet": {"material": "\#(material.rawValue)"\#(fillJSON)}}"#)
                    let surface = c.surface.color
                    let grabber = c.grabberColor
                    let ratio = SRGBColor.contrast(grabber.over(surface), surface)
                    XCTAssertGreaterThanOrEqual(ratio, 1.3, "\(appearance) fill \(fill ?? "none") \(material): \(grabber) on \(surface)")
                    // Dark ink on light surfaces, light ink on dark ones.
                    XCTAssertEqual(grabber.relativeLuminance > 0.5, c.surface.isDark, "\(appearance) \(fill ?? "none") \(material)")
                    if fill == "#FFFFFF" { XCTAssertFalse(c.surface.isDark) }
                    if fill == "#000000" { XCTAssertTrue(c.surface.isDark) }
                }
            }
        }
    }

    func testAnExplicitGrabberColourWins() {
        let c = config(##"{"appearance": "dark", "sheet": {"grabber": {"color": "systemRed"}}}"##)
        XCTAssertEqual(c.grabberColor.hex, "#FF453A")
    }

    /// Grouped cards stand out from the surface they sit on, light or dark, filled or material.
    func testCardFollowsTheSurface() {
        let rows: [(line: UInt, json: String, darkCard: Bool)] = [
            (#line, ##"{"sheet": {"fill": "#FFFFFF"}}"##, false),
            (#line, ##"{"appearance": "dark", "sheet": {"fill": "#FFFFFF"}}"##, false),
            (#line, ##"{"sheet": {"fill": "#000000"}}"##, true),
            (#line, #"{"appearance": "dark"}"#, true),
            (#line, "{}", false),
            (#line, #"{"sheet": {"fill": "systemGray5"}}"#, false),
            (#line, #"{"appearance": "dark", "sheet": {"fill": "systemGray5"}}"#, true),
        ]
        for row in rows {
            let c = config(row.json, line: row.line)
            let surface = c.surface
            XCTAssertEqual(surface.isDark, row.darkCard, line: row.line)
            let ratio = SRGBColor.contrast(surface.card.over(surface.color), surface.color)
            XCTAssertGreaterThanOrEqual(ratio, 1.07, "\(surface.card) on \(surface.color)", line: row.line)
        }
    }
}
