/// What presenting a sheet over another does to the one below (`sheet.stackBehavior`, docs/stacks.md).
///
/// Each rule is read from its source (docs/stack-reference.md cites file, line and commit):
/// - `system`: UIKit's own sheet-over-sheet, measured on iOS 26.1 (TrueSheet's `resizing.gif`, G-S2 in
///   docs/ios-reference.md). A lower sheet below its largest detent slides down, whole, to the new sheet's top as the
///   new one rises, and is hidden behind it. A lower sheet at large stays (glass) or recedes into the first level's
///   card (classic; unmeasured, the first-level recede repeated).
/// - `push`, `switch`, `replace`: gorhom's `BottomSheetModal` `stackBehavior`. `push` leaves the lower sheet where
///   it is; `switch` (gorhom's default) minimises it off screen and restores it to the detent it had when the top one
///   goes; `replace` dismisses it for good.
/// - `nested`: vaul's `Drawer.NestedRoot`. The parent drawer scales to (W − 16)/W about its centre and moves up 16 pt
///   while the child is open, and follows the child's drag back to full size.
public enum StackBehavior: String, Sendable, CaseIterable, Codable {
    case system, push, `switch`, replace, nested

    /// A feel's own rule, when the presented sheet names none (SPEC §3.3).
    public static func `default`(for feel: Feel) -> StackBehavior {
        switch feel {
        case .uikit, .multiHeight, .blurSheet: return .system
        case .gorhom: return .switch
        case .vaul: return .nested
        // FloatingPanel's panels are independent controllers added one over another; a Material modal bottom sheet
        // shown from another lays its own scrim over it. Neither moves the one below.
        case .floatingpanel, .material: return .push
        }
    }

    /// The name shown in the window.
    public var title: String {
        switch self {
        case .system: return "system (UIKit)"
        case .push: return "push (gorhom)"
        case .switch: return "switch (gorhom)"
        case .replace: return "replace (gorhom)"
        case .nested: return "nested (vaul)"
        }
    }
}

/// One entry of the top-level `sheets` map: a whole sheet object under its id.
public struct StackedSheetConfig: Sendable, Equatable {
    public var id: String
    public var sheet: SheetConfig
    public init(id: String, sheet: SheetConfig) { self.id = id; self.sheet = sheet }
}

/// The limits of the `sheets` map (docs/stacks.md "Limits").
public enum StackLimits {
    /// The deepest stack: the first sheet and three presented over it. One more than the deepest published example
    /// (TrueSheet's Sheet 1 → 2 → 3); Apple's HIG asks for one sheet at a time.
    public static let maxDepth = 4
    /// The most sheets the `sheets` map may hold.
    public static let maxSheets = 32
    /// The longest sheet id, in characters.
    public static let maxIDLength = 64
}

extension SheetConfig {
    /// The sheets this sheet's buttons and rows present, in content order, each with the key path of the element
    /// below `sheet` (`content[3]` or `content[2].rows[1]`).
    public var presentedSheets: [(id: String, element: [KeyPath.Component])] {
        var out: [(String, [KeyPath.Component])] = []
        for (i, element) in content.enumerated() {
            switch element {
            case .button(let b): if case .present(let id) = b.action { out.append((id, [.key("content"), .index(i)])) }
            case .row(let r): if case .present(let id) = r.action { out.append((id, [.key("content"), .index(i)])) }
            case .list(let l):
                for (j, r) in l.rows.enumerated() {
                    if case .present(let id) = r.action { out.append((id, [.key("content"), .index(i), .key("rows"), .index(j)])) }
                }
            default: break
            }
        }
        return out
    }

    /// The stack rule a sheet presented over another follows: `stackBehavior`, else its feel's own.
    public var resolvedStackBehavior: StackBehavior { stackBehavior ?? .default(for: motion.feel) }
}

/// Decodes the `sheets` object in file order, each entry through `SheetConfig`'s own decoder.
struct StackedSheetList: Decodable {
    var sheets: [StackedSheetConfig] = []

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        let keys = c.allKeys
        if keys.count > StackLimits.maxSheets {
            // Ask for every key so that none is reported as unknown on top of this.
            for key in keys { _ = c.contains(key) }
            throw DecodeIssue("has \(keys.count) sheets; a config may have at most \(StackLimits.maxSheets)")
        }
        let appearance = decoder.context(Appearance.contextKey, as: Appearance.self) ?? .light
        for key in keys {
            let id = key.stringValue
            if let problem = Self.problem(with: id) {
                _ = c.contains(key)
                c.report(problem, at: key)
                continue
            }
            guard var sheet = try c.decodeIfPresent(SheetConfig.self, forKey: key) else { continue }
            sheet.material = sheet.material.resolved(in: appearance)
            sheet.resolveDefaults(from: .light, to: appearance)
            sheets.append(StackedSheetConfig(id: id, sheet: sheet))
        }
    }

    /// Why `id` cannot name a sheet: it reaches messages, the window and exported code's comments and identifiers.
    static func problem(with id: String) -> String? {
        if id.isEmpty { return "a sheet id must not be empty" }
        if id.count > StackLimits.maxIDLength { return "a sheet id is at most \(StackLimits.maxIDLength) characters; this one has \(id.count)" }
        if id.unicodeScalars.contains(where: { TerminalText.isUnsafe($0) || $0.properties.isWhitespace }) {
            return "a sheet id holds no spaces, line breaks or control characters"
        }
        return nil
    }
}
