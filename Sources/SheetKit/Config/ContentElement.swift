/// One element of the sheet's content, laid out top to bottom below the grabber band.
public enum ContentElement: Sendable, Equatable {
    case title(TextElement)
    case text(TextElement)
    case button(ButtonElement)
    /// Empty space, in points.
    case spacer(height: Double)
    case image(ImageElement)
    case row(RowElement)
    case list(ListElement)
    /// A one-line text field: a tap focuses it and brings up the keyboard.
    case textField(TextFieldElement)

    public var typeName: String {
        switch self {
        case .title: return "title"
        case .text: return "text"
        case .button: return "button"
        case .spacer: return "spacer"
        case .image: return "image"
        case .row: return "row"
        case .list: return "list"
        case .textField: return "textField"
        }
    }

    static let typeNames = ["title", "text", "button", "spacer", "image", "row", "list", "textField"]
}

public struct TextElement: Sendable, Equatable {
    public var text: String
    /// Text colour; default: white on dark sheets, black on light ones.
    public var color: SRGBColor?
    /// An iOS text style (`largeTitle` … `caption2`); default: the element's own (title 22 pt bold, text 17 pt).
    public var font: FontStyle?
    /// Overrides the font's weight.
    public var weight: TextWeight?
    /// `leading` (default), `center` or `trailing`.
    public var align: TextAlignment = .leading
    /// Points between this element and the one above it; default `ContentLayout.spacing` (12).
    public var spaceAbove: Double?
    /// When set, the element grows to fill the height the largest detent leaves (SwiftUI's
    /// `.frame(maxHeight: .infinity)`), and its text is centred vertically in the sheet.
    public var fillHeight: FillHeight?

    public init(text: String, color: SRGBColor? = nil) { self.text = text; self.color = color }
}

/// What a height-filling element centres its text in, at the sheet's largest detent.
public enum FillHeight: String, Sendable, CaseIterable, Equatable {
    /// The sheet above the bottom safe area (a UIKit sheet's content, or SwiftUI respecting the safe area).
    case safeArea
    /// The whole sheet down to the canvas's bottom edge (SwiftUI's `.ignoresSafeArea()`).
    case sheet
}

/// What activating a button or row does.
public enum ElementAction: Sendable, Equatable, CustomStringConvertible {
    case dismiss
    case select(String)
    /// Presents the sheet of the top-level `sheets` map with this id over the one that holds the element.
    case present(String)
    case none

    public init?(_ text: String) {
        if text == "dismiss" { self = .dismiss } else if text == "none" { self = .none } else if text.hasPrefix("select:"), text.count > 7 {
            self = .select(String(text.dropFirst(7)))
        } else if text.hasPrefix("present:"), text.count > 8 {
            self = .present(String(text.dropFirst(8)))
        } else { return nil }
    }

    /// The action as one word, as messages and the window name it: `present:place` for a present.
    public var description: String {
        switch self {
        case .dismiss: return "dismiss"
        case .select(let id): return "select:\(id)"
        case .present(let id): return "present:\(id)"
        case .none: return "none"
        }
    }

    /// The `action` key's value as a config writes it: `present`, with the sheet under its own `sheet` key.
    var configWord: String { if case .present = self { "present" } else { description } }

    /// The sheet a `present` names.
    public var presentedSheet: String? { if case .present(let id) = self { id } else { nil } }
}

public struct ButtonElement: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable { case filled, tinted, plain }
    /// `full`: as wide as the content, 50 pt tall; `compact`: sized to its title plus `padding`.
    public enum Size: String, Sendable, CaseIterable { case full, compact }
    public var title: String
    public var action: ElementAction
    /// `filled` (default), `tinted` or `plain`.
    public var style: Style = .filled
    /// The button's accent colour. Default iOS blue `#0A84FF`.
    public var color: SRGBColor?
    /// `full` (default) or `compact`.
    public var size: Size = .full
    /// Where a compact button sits across the content: `center` (default), `leading` or `trailing`.
    public var align: TextAlignment = .center
    /// An iOS text style for the title; default 17 pt semibold.
    public var font: FontStyle?
    /// Overrides the title font's weight.
    public var weight: TextWeight?
    /// Points around a compact button's title on every side. Default 16 (SwiftUI's `.padding()`).
    public var padding: Double = 16
    /// Corner radius of a filled or tinted button in points. Default 12.
    public var cornerRadius: Double = 12
    /// Points between this element and the one above it; default `ContentLayout.spacing` (12).
    public var spaceAbove: Double?
    public init(title: String, action: ElementAction, style: Style = .filled, color: SRGBColor? = nil) {
        self.title = title; self.action = action; self.style = style; self.color = color
    }
}

public struct ImageElement: Sendable, Equatable {
    /// A PNG or JPEG, relative to the config file.
    public var path: String
    /// Height in points. Default 160.
    public var height: Double = 160
    /// Corner radius in points. Default 12.
    public var cornerRadius: Double = 12
}

public struct RowElement: Sendable, Equatable, Codable {
    /// One or two characters drawn in a coloured circle at the leading edge.
    public var icon: String?
    public var iconColor: SRGBColor?
    public var title: String
    public var detail: String?
    /// Default `none`.
    public var action: ElementAction = .none

    public init(icon: String? = nil, iconColor: SRGBColor? = nil, title: String, detail: String? = nil, action: ElementAction = .none) {
        self.icon = icon; self.iconColor = iconColor; self.title = title; self.detail = detail; self.action = action
    }

    enum CodingKeys: String, CodingKey { case icon, iconColor, title, detail, action, sheet }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: ContentElement.CodingKeys.self))
    }

    init(from c: KeyedDecodingContainer<ContentElement.CodingKeys>) throws {
        title = try c.decode(String.self, forKey: .title)
        icon = try c.decodeIfPresent(String.self, forKey: .icon)
        if let icon, icon.count > 2 { c.report("an icon is one or two characters, found \"\(icon)\"", at: .icon); self.icon = nil }
        iconColor = try c.decodeIfPresent(SRGBColor.self, forKey: .iconColor)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        action = try c.action(.action, sheet: .sheet) ?? .none
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(icon, forKey: .icon)
        try c.encodeIfPresent(iconColor, forKey: .iconColor)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(detail, forKey: .detail)
        if action != .none { try c.encode(action.configWord, forKey: .action) }
        try c.encodeIfPresent(action.presentedSheet, forKey: .sheet)
    }
}

/// A one-line text field, drawn as iOS draws a search field (`search`, a magnifying glass before the text) or a
/// rounded text field (`rounded`).
public struct TextFieldElement: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable { case search, rounded }
    /// Shown in the placeholder colour while the text is empty.
    public var placeholder: String = ""
    /// The text the field starts with; typing appends to it.
    public var text: String = ""
    /// Whether the field is focused, with the keyboard up, when the sheet is presented. At most one field may say so.
    public var focus = false
    /// `search` (default) or `rounded`.
    public var style = Style.search
    /// Points between this element and the one above it; default `ContentLayout.spacing` (12).
    public var spaceAbove: Double?

    public init(placeholder: String = "", text: String = "", focus: Bool = false, style: Style = .search) {
        self.placeholder = placeholder; self.text = text; self.focus = focus; self.style = style
    }

    /// The longest text a field holds, in characters: a search query, not a document.
    public static let maxLength = 1000
}

public struct ListElement: Sendable, Equatable {
    /// A section header above the rows.
    public var title: String?
    public var rows: [RowElement]
}

extension ContentElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, text, color, title, action, style, height, path, cornerRadius, icon, iconColor, detail, rows
        case font, weight, align, spaceAbove, fillHeight, size, padding, placeholder, focus, sheet
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "title", "text":
            var element = TextElement(text: try c.decode(String.self, forKey: .text),
                                      color: try c.decodeIfPresent(SRGBColor.self, forKey: .color))
            element.font = try c.optionalChoice(.font, of: FontStyle.self)
            element.weight = try c.optionalChoice(.weight, of: TextWeight.self)
            element.align = try c.choice(.align, or: element.align)
            element.spaceAbove = try c.spaceAbove()
            element.fillHeight = try c.optionalChoice(.fillHeight, of: FillHeight.self)
            self = type == "title" ? .title(element) : .text(element)
        case "button":
            var button = ButtonElement(title: try c.decode(String.self, forKey: .title), action: try c.action(.action, sheet: .sheet) ?? .none)
            button.style = try c.choice(.style, or: ButtonElement.Style.filled)
            button.color = try c.decodeIfPresent(SRGBColor.self, forKey: .color)
            button.size = try c.choice(.size, or: button.size)
            button.align = try c.choice(.align, or: button.align)
            button.font = try c.optionalChoice(.font, of: FontStyle.self)
            button.weight = try c.optionalChoice(.weight, of: TextWeight.self)
            button.padding = try c.number(.padding, or: button.padding, .closed(0, 200))
            button.cornerRadius = try c.number(.cornerRadius, or: button.cornerRadius, .closed(0, 200))
            button.spaceAbove = try c.spaceAbove()
            self = .button(button)
        case "spacer":
            self = .spacer(height: try c.number(.height, or: 16, .closed(0, 10_000)))
        case "image":
            var image = ImageElement(path: try c.decode(String.self, forKey: .path))
            image.height = try c.number(.height, or: image.height, .halfOpenAbove(0, 10_000))
            image.cornerRadius = try c.number(.cornerRadius, or: image.cornerRadius, .length)
            self = .image(image)
        case "row":
            self = .row(try RowElement(from: c))
        case "list":
            let rows = try c.elements(.rows, of: RowElement.self, atMost: ListLimit.rows, "rows") ?? []
            self = .list(ListElement(title: try c.decodeIfPresent(String.self, forKey: .title), rows: rows))
        case "textField":
            var field = TextFieldElement()
            field.placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder) ?? ""
            field.text = try c.decodeIfPresent(String.self, forKey: .text) ?? ""
            for (key, value) in [(CodingKeys.placeholder, field.placeholder), (.text, field.text)] {
                if value.count > TextFieldElement.maxLength {
                    c.report("is \(value.count) characters long; a text field holds at most \(TextFieldElement.maxLength)", at: key)
                } else if value.contains(where: { $0.isNewline }) {
                    c.report("a text field holds one line; remove the line break", at: key)
                }
            }
            field.focus = try c.value(.focus, or: false)
            field.style = try c.choice(.style, or: field.style)
            field.spaceAbove = try c.spaceAbove()
            self = .textField(field)
        default:
            c.acceptAll()
            throw DecodeIssue("\"\(type)\" is not an element type\(Suggest.didYouMean(type, in: ContentElement.typeNames))", subkey: "type")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(typeName, forKey: .type)
        switch self {
        case .title(let t), .text(let t):
            try c.encode(t.text, forKey: .text); try c.encodeIfPresent(t.color, forKey: .color)
            try c.encodeIfPresent(t.font?.rawValue, forKey: .font); try c.encodeIfPresent(t.weight?.rawValue, forKey: .weight)
            if t.align != .leading { try c.encode(t.align.rawValue, forKey: .align) }
            try c.encodeIfPresent(t.spaceAbove, forKey: .spaceAbove)
            try c.encodeIfPresent(t.fillHeight?.rawValue, forKey: .fillHeight)
        case .button(let b):
            try c.encode(b.title, forKey: .title); try c.encode(b.action.configWord, forKey: .action)
            try c.encodeIfPresent(b.action.presentedSheet, forKey: .sheet)
            try c.encode(b.style.rawValue, forKey: .style); try c.encodeIfPresent(b.color, forKey: .color)
            if b.size != .full { try c.encode(b.size.rawValue, forKey: .size) }
            if b.align != .center { try c.encode(b.align.rawValue, forKey: .align) }
            try c.encodeIfPresent(b.font?.rawValue, forKey: .font); try c.encodeIfPresent(b.weight?.rawValue, forKey: .weight)
            if b.padding != 16 { try c.encode(b.padding, forKey: .padding) }
            if b.cornerRadius != 12 { try c.encode(b.cornerRadius, forKey: .cornerRadius) }
            try c.encodeIfPresent(b.spaceAbove, forKey: .spaceAbove)
        case .spacer(let h):
            try c.encode(h, forKey: .height)
        case .image(let i):
            try c.encode(i.path, forKey: .path); try c.encode(i.height, forKey: .height)
            try c.encode(i.cornerRadius, forKey: .cornerRadius)
        case .row(let r):
            try c.encodeIfPresent(r.icon, forKey: .icon); try c.encodeIfPresent(r.iconColor, forKey: .iconColor)
            try c.encode(r.title, forKey: .title); try c.encodeIfPresent(r.detail, forKey: .detail)
            if r.action != .none { try c.encode(r.action.configWord, forKey: .action) }
            try c.encodeIfPresent(r.action.presentedSheet, forKey: .sheet)
        case .list(let l):
            try c.encodeIfPresent(l.title, forKey: .title); try c.encode(l.rows, forKey: .rows)
        case .textField(let f):
            try c.encode(f.placeholder, forKey: .placeholder)
            if !f.text.isEmpty { try c.encode(f.text, forKey: .text) }
            if f.focus { try c.encode(true, forKey: .focus) }
            if f.style != .search { try c.encode(f.style.rawValue, forKey: .style) }
            try c.encodeIfPresent(f.spaceAbove, forKey: .spaceAbove)
        }
    }
}

extension KeyedDecodingContainer {
    /// A string at `key` naming one of `T`'s cases, or nil when absent (or wrong, which is reported).
    func optionalChoice<T: RawRepresentable & CaseIterable>(_ key: Key, of type: T.Type) throws -> T? where T.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        if let v = T(rawValue: raw) { return v }
        report("\"\(raw)\" is not valid\(Suggest.didYouMean(raw, in: T.allCases.map(\.rawValue)))", at: key)
        return nil
    }

    /// The space above an element in points, when given.
    func spaceAbove() throws -> Double? where Key == ContentElement.CodingKeys {
        contains(.spaceAbove) ? try number(.spaceAbove, or: ContentLayout.spacing, .closed(0, 2048)) : nil
    }

    /// The element's action: `dismiss`, `select:<detent id>`, `none`, or `present` with the sheet's id under `sheet`
    /// (SPEC §3.3; `present:<id>` is read as well).
    func action(_ key: Key, sheet sheetKey: Key) throws -> ElementAction? {
        let text = try decodeIfPresent(String.self, forKey: key)
        let sheet = try decodeIfPresent(String.self, forKey: sheetKey)
        if text == "present" {
            guard let sheet else {
                report("a present names its sheet: add \"sheet\": \"<id>\", an id of the top-level \"sheets\"", at: key)
                return nil
            }
            if sheet.isEmpty { report("names a sheet of the top-level \"sheets\"; it must not be empty", at: sheetKey); return nil }
            return .present(sheet)
        }
        if sheet != nil {
            report("\"sheet\" goes with \"action\": \"present\"", at: sheetKey)
        }
        guard let text else { return nil }
        if let action = ElementAction(text) { return action }
        report("\"\(text)\" is not an action; write dismiss, select:<detent id>, present (with \"sheet\") or none", at: key)
        return nil
    }
}
