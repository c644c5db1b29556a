import Foundation

/// The JSON Schemas of the documents SheetLab reads, printed by `sheetlab schema KIND` and installed beside the
/// examples. Each is built from the declarations the loader decodes with (`JSONSchema`); the loader stays the final
/// word on what a file means (references between keys, files that exist), and a schema never rejects a file it accepts.
public enum DocumentSchema: String, CaseIterable, Sendable {
    case config, script, scenario
    /// A suite's `sheetlab-test.json`.
    case suite

    /// The key a document may give for editors, naming its schema: accepted at the root of every document and ignored.
    public static let schemaKey = "$schema"

    /// The file it is installed and committed as: `config.schema.json`.
    public var fileName: String { "\(rawValue).schema.json" }

    /// The schema as JSON text.
    public var text: String { JSONWriter.write(schema.node) }

    public var schema: JSONSchema {
        switch self {
        case .config:
            return .document(title: "SheetLab config", root: Self.configRoot, defs: Self.configDefs)
        case .script:
            return .document(title: "SheetLab script", root: Self.scriptRoot, defs: Self.scriptDefs)
        case .scenario:
            return .document(title: "SheetLab scenario", root: Self.scenarioRoot,
                             defs: Self.scenarioDefs + [("Config", Self.configRoot), ("Script", Self.scriptRoot)]
                                + Self.configDefs + Self.scriptDefs)
        case .suite:
            return .document(title: "SheetLab suite settings (sheetlab-test.json)", root: Self.suiteRoot, defs: [])
        }
    }

    // MARK: Config

    static var configRoot: JSONSchema {
        typealias K = SheetLabConfig.CodingKeys
        return .object(K.self, [
            (.appearance, .choice(Appearance.self).described("What every scene, system colour and material resolves in. Default light.")),
            (.device, .oneOfStrings(DevicePreset.all.map(\.name)).described("The device preset. Default \(DevicePreset.defaultName).")),
            (.canvas, .ref("Canvas")),
            (.background, .ref("Background")),
            (.sheet, .ref("Sheet")),
            (.sheets, .map(names: .sheetID, values: .ref("Sheet"), maxProperties: StackLimits.maxSheets)
                .described("Further sheets a `present` puts over the first one, by id.")),
            (.settings, .ref("Settings")),
        ])
    }

    static var configDefs: [(String, JSONSchema)] {
        [("Color", color), ("Canvas", canvas), ("Background", background), ("Sheet", sheet), ("Detent", detent),
         ("Grabber", grabber), ("Material", material), ("Shadow", shadow), ("Dimming", dimming), ("Motion", motion),
         ("Keyboard", keyboard), ("Element", element), ("Row", row), ("Action", action), ("Settings", settings)]
    }

    static var color: JSONSchema {
        JSONSchema.anyOf([
            JSONSchema.pattern("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$").with("examples", .array([.string("#1C1C1E"), .string("#00000066")])),
            .oneOfStrings(SystemColors.names),
        ]).described("#RRGGBB, #RRGGBBAA or a system colour name (label, systemBlue, systemGray5, …).")
    }

    static var canvas: JSONSchema {
        typealias K = CanvasOverrides.CodingKeys
        typealias S = SafeAreaOverrides.CodingKeys
        let inset = JSONSchema.number(.closed(0, 500))
        return .object(K.self, [
            (.width, .number(.canvasSide)), (.height, .number(.canvasSide)),
            (.scale, .integer(oneOf: Array(Canvas.scales)).described("Pixels per point.")),
            (.safeArea, .object(S.self, [(.top, inset), (.bottom, inset), (.left, inset), (.right, inset)])),
            (.displayCorners, .boolean), (.displayCornerRadius, .number(.closed(0, 200))),
        ]).described("Overrides of the device preset's canvas, in points.")
    }

    static var background: JSONSchema {
        typealias K = Background.CodingKeys
        return .oneOf([
            .object(K.self, [(.scene, .choice(Background.Scene.self))], required: [.scene]),
            .object(K.self, [(.image, JSONSchema.name.described("A PNG or JPEG, relative to the config."))], required: [.image]),
            .object(K.self, [(.color, .ref("Color"))], required: [.color]),
        ]).described("What is behind the sheet: one of scene, image or color.")
    }

    static var sheet: JSONSchema {
        typealias K = SheetConfig.CodingKeys
        return .object(K.self, [
            (.detents, .array(.ref("Detent"), maxItems: ListLimit.detents)),
            (.initialDetent, JSONSchema.string.described("The id of the detent it opens at.")),
            (.presented, .boolean), (.transition, .choice(SheetConfig.Transition.self)),
            (.dismissible, .boolean), (.tapOutsideToDismiss, .boolean), (.scrollingExpandsSheet, .boolean),
            (.edgeAttachedInCompactHeight, .boolean), (.widthFollowsPreferredContentSize, .boolean),
            (.style, JSONSchema.choice(SheetConfig.Style.self).described("glass (iOS 26) or classic (iOS 15–18).")),
            (.cornerRadiusOverride, .number(.length)), (.cornerStyle, .choice(SheetConfig.CornerStyle.self)),
            (.backgroundRecedes, .boolean), (.grabber, .ref("Grabber")), (.material, .ref("Material")),
            (.fill, .ref("Color")),
            (.shadow, JSONSchema.anyOf([.ref("Shadow"), .null]).described("null draws none; absent, the style's own.").strict()),
            (.dimming, .ref("Dimming")), (.motion, .ref("Motion")), (.keyboard, .ref("Keyboard")),
            (.stackBehavior, .choice(StackBehavior.self)),
            (.content, .array(.ref("Element"), maxItems: ListLimit.content)),
        ])
    }

    static var detent: JSONSchema {
        typealias K = DetentSpec.CodingKeys
        let id = JSONSchema.name
        return .oneOf([
            .oneOfStrings(DetentSpec.names),
            .object(K.self, [(.id, id), (.height, JSONSchema.number(.positive).described("Points above the bottom safe area."))],
                    required: [.id, .height]),
            .object(K.self, [(.id, id), (.fraction, JSONSchema.number(.fraction).described("Of the large detent's height."))],
                    required: [.id, .fraction]),
            .object(K.self, [(.id, id), (.fit, JSONSchema.justTrue.described("Fits the content."))], required: [.id, .fit]),
        ])
    }

    static var grabber: JSONSchema {
        typealias K = GrabberConfig.CodingKeys
        return .object(K.self, [
            (.visible, .boolean), (.width, .number(.halfOpenAbove(0, 2048))), (.height, .number(.halfOpenAbove(0, 2048))),
            (.top, .number(.length)), (.color, .ref("Color")),
        ])
    }

    static var material: JSONSchema {
        typealias K = MaterialConfig.CodingKeys
        return .oneOf([
            .choice(MaterialName.self),
            .object(K.self, [(.blur, .number(.closed(0, 200))), (.tint, .ref("Color")), (.saturation, .number(.closed(0, 4)))]),
        ])
    }

    static var shadow: JSONSchema {
        typealias K = ShadowConfig.CodingKeys
        return .object(K.self, [(.color, .ref("Color")), (.radius, .number(.closed(0, 200))), (.y, .number(.closed(-200, 200)))])
    }

    static var dimming: JSONSchema {
        typealias K = DimmingConfig.CodingKeys
        return .object(K.self, [
            (.color, .ref("Color")), (.opacity, .number(.unit)),
            (.largestUndimmedDetent, JSONSchema.anyOf([.string, .null]).described("A detent id; null dims at every detent.").strict()),
        ])
    }

    static var motion: JSONSchema {
        typealias K = MotionConfig.CodingKeys
        let x = JSONSchema.number(.unit), y = JSONSchema.number(.closed(-10, 10))
        let bezier = JSONSchema.array(.number(.any), minItems: 4, maxItems: 4)
            .with("prefixItems", .array([x.node, y.node, x.node, y.node])).described("[x1, y1, x2, y2]")
        return .object(K.self, [
            (.curve, .choice(MotionConfig.Curve.self)),
            (.response, JSONSchema.number(.closed(0.05, 5)).described("Spring period in seconds.")),
            (.dampingRatio, .number(.closed(0.1, 10))), (.duration, .number(.closed(0.001, 10))), (.bezier, bezier),
            (.decelerationRate, .number(.halfOpen(0, 1))), (.rubberBand, .number(.closed(0.01, 10))),
            (.feel, JSONSchema.choice(Feel.self).described("Whose release rule and settle the sheet follows.")),
        ])
    }

    static var keyboard: JSONSchema {
        typealias K = KeyboardConfig.CodingKeys
        return .object(K.self, [
            (.behavior, .choice(KeyboardBehavior.self)), (.dismissOnDrag, .boolean),
            (.height, .number(.halfOpenAbove(0, 2048))), (.blurBehavior, .choice(KeyboardConfig.BlurBehavior.self)),
        ])
    }

    static var settings: JSONSchema {
        typealias K = AccessibilitySettings.CodingKeys
        return .object(K.self, [
            (.textSize, .choice(TextSizeCategory.self)), (.boldText, .boolean), (.reduceTransparency, .boolean),
            (.increaseContrast, .boolean), (.reduceMotion, .boolean), (.liquidGlass, .choice(LiquidGlassChoice.self)),
        ])
    }

    static var action: JSONSchema {
        JSONSchema.pattern("^(dismiss|none|present|select:.+|present:.+)$")
            .with("examples", .array([.string("present"), .string("dismiss"), .string("select:large")]))
            .described("dismiss, select:<detent id>, present (with \"sheet\") or none.")
    }

    static var element: JSONSchema {
        typealias K = ContentElement.CodingKeys
        let spaceAbove = JSONSchema.number(.closed(0, 2048))
        func kind(_ names: [String]) -> JSONSchema { .oneOfStrings(names) }
        let text: [(K, JSONSchema)] = [
            (.type, kind(["title", "text"])), (.text, .string), (.color, .ref("Color")), (.font, .choice(FontStyle.self)),
            (.weight, .choice(TextWeight.self)), (.align, .choice(TextAlignment.self)), (.spaceAbove, spaceAbove),
            (.fillHeight, .choice(FillHeight.self)),
        ]
        let button: [(K, JSONSchema)] = [
            (.type, kind(["button"])), (.title, .string), (.action, .ref("Action")),
            (.sheet, JSONSchema.name.described("The id of a sheet of the top-level \"sheets\", with \"action\": \"present\".")),
            (.style, .choice(ButtonElement.Style.self)), (.color, .ref("Color")), (.size, .choice(ButtonElement.Size.self)),
            (.align, .choice(TextAlignment.self)), (.font, .choice(FontStyle.self)), (.weight, .choice(TextWeight.self)),
            (.padding, .number(.closed(0, 200))), (.cornerRadius, .number(.closed(0, 200))), (.spaceAbove, spaceAbove),
        ]
        let line = JSONSchema.pattern("^[^\\n\\r]*$").with("maxLength", .number(Double(TextFieldElement.maxLength)))
            .with("examples", .array([.string("Search")]))
        return .oneOf([
            .object(K.self, text, required: [.type, .text]),
            JSONSchema.object(K.self, button, required: [.type, .title]).presentNamesSheet,
            .object(K.self, [(.type, kind(["spacer"])), (.height, .number(.closed(0, 10_000)))], required: [.type]),
            .object(K.self, [(.type, kind(["image"])), (.path, JSONSchema.string.described("A PNG or JPEG, relative to the config.")),
                             (.height, .number(.halfOpenAbove(0, 10_000))), (.cornerRadius, .number(.length))],
                    required: [.type, .path]),
            JSONSchema.object(K.self, [(.type, kind(["row"]))] + rowProperties, required: [.type, .title]).presentNamesSheet,
            .object(K.self, [(.type, kind(["list"])), (.title, .string), (.rows, .array(.ref("Row"), maxItems: ListLimit.rows))],
                    required: [.type]),
            .object(K.self, [(.type, kind(["textField"])), (.placeholder, line), (.text, line), (.focus, .boolean),
                             (.style, .choice(TextFieldElement.Style.self)), (.spaceAbove, spaceAbove)],
                    required: [.type]),
        ]).described("A content element, by its \"type\".")
    }

    static var rowProperties: [(ContentElement.CodingKeys, JSONSchema)] {
        [(.icon, JSONSchema.string.described("One or two characters.")), (.iconColor, .ref("Color")), (.title, .string),
         (.detail, .string), (.action, .ref("Action")), (.sheet, .name)]
    }

    static var row: JSONSchema { JSONSchema.object(ContentElement.CodingKeys.self, rowProperties, required: [.title]).presentNamesSheet }

    // MARK: Script

    static var scriptRoot: JSONSchema {
        .object(Script.CodingKeys.self, [(.steps, .array(.ref("Step"), maxItems: Script.maxSteps))], required: [.steps])
    }

    static var scriptDefs: [(String, JSONSchema)] { [("Step", step), ("Point", point)] }

    static var point: JSONSchema {
        JSONSchema.array(.number(.closed(-Script.maxCoordinate, Script.maxCoordinate)), minItems: 2, maxItems: 2)
            .described("[x, y] in canvas points.")
    }

    static var step: JSONSchema {
        typealias K = Step.CodingKeys
        typealias D = Step.DragKeys
        let at = JSONSchema.number(.closed(0, Script.maxTime)).described("Milliseconds on the virtual clock.")
        let finger = JSONSchema.integer(0...Step.maxFinger)
        func action(_ key: K, _ value: JSONSchema, finger fingered: Bool = false) -> JSONSchema {
            var properties: [(K, JSONSchema)] = [(.at, at), (key, value)]
            if fingered { properties.append((.finger, finger.strict())) }
            return .object(K.self, properties, required: [.at, key])
        }
        let drag = JSONSchema.object(D.self, [(.from, .ref("Point")), (.to, .ref("Point")),
                                              (.duration, .number(.halfOpenAbove(0, Script.maxTime)))], required: [.from, .to])
        let typed = JSONSchema.name.with("maxLength", .number(Double(TextFieldElement.maxLength)))
        return .oneOf([
            action(.down, .ref("Point"), finger: true), action(.move, .ref("Point"), finger: true),
            action(.up, .ref("Point"), finger: true), action(.tap, .ref("Point")), action(.drag, drag),
            action(.select, JSONSchema.name.described("A detent id.")), action(.dismiss, .justTrue),
            action(.present, JSONSchema.anyOf([.justTrue, JSONSchema.name.described("The id of a sheet of the config's \"sheets\".")])),
            action(.reload, JSONSchema.name.described("A config file, relative to the script.")),
            action(.wait, .number(.closed(0, Script.maxTime))), action(.keyboard, .oneOfStrings(["show", "hide"])),
            action(.type, typed),
        ]).described("One action at a time on the virtual clock.")
    }

    // MARK: Scenario and suite

    static var toleranceProperties: [(String, JSONSchema)] {
        typealias K = ToleranceSettings.CodingKeys
        let list: [(K, JSONSchema)] = [
            (.maxChannelDelta, .integer(0...255)), (.threshold, .number(.unit)),
            (.maxDiffPixels, .integer(atLeast: 0)), (.maxDiffRatio, .number(.unit)),
        ]
        return list.map { ($0.0.stringValue, $0.1) }
    }

    /// A snapshot's `matches`: a reference image's path, or the path with the feature tolerances.
    static var matchSchema: JSONSchema {
        typealias R = ReferenceMatch.CodingKeys
        let image = JSONSchema.name.described("A reference screenshot (PNG or JPEG), relative to the scenario, of the frame's pixel size.")
        let tolerance = JSONSchema.object(MatchTolerance.Key.self, MatchTolerance.Key.allCases.map { ($0, JSONSchema.number($0.rule).described($0.meaning)) })
        return JSONSchema.anyOf([image, .object(R.self, [(.image, image), (.tolerance, tolerance)], required: [.image])])
            .described("The frame must match this reference feature by feature, as `sheetlab measure IMAGE --against CONFIG` compares.")
    }

    static var scenarioRoot: JSONSchema {
        typealias K = Scenario.CodingKeys
        let properties: [(K, JSONSchema)] = [
            (.config, JSONSchema.anyOf([JSONSchema.name.described("A config file, relative to the scenario."), .ref("Config")])),
            (.script, JSONSchema.anyOf([JSONSchema.name.described("A script file, relative to the scenario."), .ref("Script")])),
            (.snapshots, .array(.ref("Snapshot"), minItems: 1, maxItems: ListLimit.snapshots)),
            (.scale, .integer(oneOf: Array(Scenario.scales))), (.settings, .ref("SettingsMatrix")),
        ]
        return .object(properties.map { ($0.0.stringValue, $0.1) } + toleranceProperties, required: [K.snapshots.stringValue])
    }

    static var scenarioDefs: [(String, JSONSchema)] {
        typealias K = Scenario.Snapshot.CodingKeys
        func rect(corner: NumberRule, side: NumberRule) -> JSONSchema {
            let c = JSONSchema.number(corner).node, s = JSONSchema.number(side).node
            return JSONSchema.array(.number(.any), minItems: 4, maxItems: 4).with("prefixItems", .array([c, c, s, s]))
                .described("[x, y, width, height] in points.")
        }
        let snapshot: [(K, JSONSchema)] = [
            (.at, .number(.closed(0, Simulation.maxScriptLength))),
            (.name, JSONSchema.pattern("^[^.]").with("examples", .array([.string("medium")])).described("The golden's file name: letters, digits, - _ and .")),
            (.scale, .integer(oneOf: Array(Scenario.scales))),
            (.mask, JSONSchema.array(rect(corner: Scenario.maskCorner, side: Scenario.maskSide), maxItems: ListLimit.masks).strict()),
            (.crop, rect(corner: Scenario.cropCorner, side: Scenario.cropSide).strict()),
            (.matches, matchSchema),
        ]
        func both(_ a: K, _ b: K) -> JSONNode { .object([("required", .array([.string(a.stringValue), .string(b.stringValue)]))]) }
        let snapshotSchema = JSONSchema.object(snapshot.map { ($0.0.stringValue, $0.1) } + toleranceProperties,
                                               required: [K.at.stringValue, K.name.stringValue])
            .with("not", .object([("anyOf", .array([both(.crop, .mask), both(.crop, .matches)]))]))
        typealias M = SettingsMatrix.Key
        func values(_ item: JSONSchema) -> JSONSchema { JSONSchema.array(item, minItems: 1).with("uniqueItems", .bool(true)).strict() }
        let matrix = JSONSchema.object(M.self, [
            (.textSize, values(.choice(TextSizeCategory.self))), (.boldText, values(.boolean)),
            (.reduceTransparency, values(.boolean)), (.increaseContrast, values(.boolean)), (.reduceMotion, values(.boolean)),
            (.liquidGlass, values(.choice(LiquidGlassChoice.self))), (.appearance, values(.choice(Appearance.self))),
        ]).with("minProperties", .number(1))
        return [("Snapshot", snapshotSchema),
                ("SettingsMatrix", JSONSchema.anyOf([matrix, .array(matrix, minItems: 1)])
                    .described("Every combination of these settings is rendered and compared."))]
    }

    static var suiteRoot: JSONSchema {
        .object([(SuiteSettings.CodingKeys.goldenDir.stringValue,
                  JSONSchema.string.described("The goldens folder beside each scenario; may hold {platform} and {fingerprint}."))]
                + toleranceProperties)
    }
}

extension JSONSchema {
    /// An element with `"action": "present"` names its sheet (`"sheet"`), and only then.
    var presentNamesSheet: JSONSchema {
        let isPresent = JSONNode.object([("properties", .object([("action", .object([("const", .string("present"))]))])),
                                         ("required", .array([.string("action")]))])
        return with("if", isPresent)
            .with("then", .object([("required", .array([.string("sheet")])), ("properties", .object([("sheet", JSONSchema.name.node)]))]))
            .with("else", .object([("properties", .object([("sheet", .object([("type", .string("null"))]))]))]))
    }

    public static let null = JSONSchema([("type", .string("null"))])

    /// A sheet id of the `sheets` map: 1–64 characters, no spaces or control characters.
    static var sheetID: JSONSchema {
        JSONSchema([("type", .string("string")), ("minLength", .number(1)), ("maxLength", .number(Double(StackLimits.maxIDLength))),
                    ("pattern", .string("^[^\\s\\u0000-\\u001f\\u007f-\\u009f]+$"))])
    }
}
