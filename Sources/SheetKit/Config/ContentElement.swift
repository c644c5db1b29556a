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

    public var typeName: String {
        switch self {
        case .title: return "title"
        case .text: return "text"
        case .button: return "button"
        case .spacer: return "spacer"
        case .image: return "image"
        case .row: return "row"
        case .list: return "list"
        }
    }

    static let typeNames = ["title", "text", "button", "spacer", "image", "row", "list"]
}

public struct TextElement: Sendable, Equatable {
    public var text: String
    /// Text colour; default: white on dark sheets, black on light ones.
    public var color: SRGBColor?
    public init(text: String, color: SRGBColor? = nil) { self.text = text; self.color = color }
}

/// What activating a button or row does.
public enum ElementAction: Sendable, Equatable, CustomStringConvertible {
    case dismiss
    case select(String)
    case none

    public init?(_ text: String) {
        if text == "dismiss" { self = .dismiss } else if text == "none" { self = .none } else if text.hasPrefix("select:"), text.count > 7 {
            self = .select(String(text.dropFirst(7)))
        } else { return nil }
    }

    public var description: String {
        switch self {
        case .dismiss: return "dismiss"
        case .select(let id): return "select:\(id)"
        case .none: return "none"
        }
    }
}

public struct ButtonElement: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable { case filled, tinted, plain }
    public var title: String
    public var action: ElementAction
    /// `filled` (default), `tinted` or `plain`.
    public var style: Style = .filled
    /// The button's accent colour. Default iOS blue `#0A84FF`.
    public var color: SRGBColor?
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

    enum CodingKeys: String, CodingKey { case icon, iconColor, title, detail, action }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: ContentElement.CodingKeys.self))
    }

    init(from c: KeyedDecodingContainer<ContentElement.CodingKeys>) throws {
        title = try c.decode(String.self, forKey: .title)
        icon = try c.decodeIfPresent(String.self, forKey: .icon)
        if let icon, icon.count > 2 { c.report("an icon is one or two characters, found \"\(icon)\"", at: .icon); self.icon = nil }
        iconColor = try c.decodeIfPresent(SRGBColor.self, forKey: .iconColor)
        detail = try c.decodeIfPresent(String.self, forKey: .detail)
        action = try c.action(.action) ?? .none
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(icon, forKey: .icon)
        try c.encodeIfPresent(iconColor, forKey: .iconColor)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(detail, forKey: .detail)
        if action != .none { try c.encode(action.description, forKey: .action) }
    }
}

public struct ListElement: Sendable, Equatable {
    /// A section header above the rows.
    public var title: String?
    public var rows: [RowElement]
}

extension ContentElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, text, color, title, action, style, height, path, cornerRadius, icon, iconColor, detail, rows
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "title", "text":
            let element = TextElement(text: try c.decode(String.self, forKey: .text),
                                      color: try c.decodeIfPresent(SRGBColor.self, forKey: .color))
            self = type == "title" ? .title(element) : .text(element)
        case "button":
            var button = ButtonElement(title: try c.decode(String.self, forKey: .title), action: try c.action(.action) ?? .none)
            button.style = try c.choice(.style, or: ButtonElement.Style.filled)
            button.color = try c.decodeIfPresent(SRGBColor.self, forKey: .color)
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
            let rows = try c.elements(.rows, of: RowElement.self) ?? []
            self = .list(ListElement(title: try c.decodeIfPresent(String.self, forKey: .title), rows: rows))
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
        case .button(let b):
            try c.encode(b.title, forKey: .title); try c.encode(b.action.description, forKey: .action)
            try c.encode(b.style.rawValue, forKey: .style); try c.encodeIfPresent(b.color, forKey: .color)
        case .spacer(let h):
            try c.encode(h, forKey: .height)
        case .image(let i):
            try c.encode(i.path, forKey: .path); try c.encode(i.height, forKey: .height)
            try c.encode(i.cornerRadius, forKey: .cornerRadius)
        case .row(let r):
            try c.encodeIfPresent(r.icon, forKey: .icon); try c.encodeIfPresent(r.iconColor, forKey: .iconColor)
            try c.encode(r.title, forKey: .title); try c.encodeIfPresent(r.detail, forKey: .detail)
            if r.action != .none { try c.encode(r.action.description, forKey: .action) }
        case .list(let l):
            try c.encodeIfPresent(l.title, forKey: .title); try c.encode(l.rows, forKey: .rows)
        }
    }
}

extension KeyedDecodingContainer {
    func action(_ key: Key) throws -> ElementAction? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        if let action = ElementAction(text) { return action }
        report("\"\(text)\" is not an action; write dismiss, select:<detent id> or none", at: key)
        return nil
    }
}
