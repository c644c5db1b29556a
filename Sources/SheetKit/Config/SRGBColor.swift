/// A colour as designers write it: 8-bit sRGB channels with straight (not premultiplied) alpha.
public struct SRGBColor: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA`; `nil` for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        guard let v = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(red: UInt8(v >> 16 & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v & 0xFF))
        } else {
            self.init(red: UInt8(v >> 24 & 0xFF), green: UInt8(v >> 16 & 0xFF), blue: UInt8(v >> 8 & 0xFF), alpha: UInt8(v & 0xFF))
        }
    }

    public var hex: String {
        func h(_ c: UInt8) -> String { let s = String(c, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
    }

    public var description: String { hex }

    public static let black = SRGBColor(red: 0, green: 0, blue: 0)
    public static let white = SRGBColor(red: 255, green: 255, blue: 255)
}

extension SRGBColor: Codable {
    /// `#RRGGBB`, `#RRGGBBAA`, or an iOS system colour name (`SystemColors`) resolved in the appearance the
    /// document set with its top-level `appearance` key, at high contrast when its `settings` turn on Increase Contrast,
    /// and at the elevated interface level inside a sheet (`InterfaceLevel`: a dark sheet's backgrounds lift).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.hasPrefix("#") {
            guard let color = SRGBColor(hex: text) else {
                throw DecodeIssue("\"\(text)\" is not a colour; write #RRGGBB or #RRGGBBAA")
            }
            self = color
        } else if let color = SystemColors.color(named: text, in: decoder.appearance, increasedContrast: decoder.increasedContrast,
                                                          level: decoder.interfaceLevel) {
            self = color
        } else if let near = Suggest.nearest(to: text, in: SystemColors.names) {
            throw DecodeIssue("\"\(text)\" is not a colour; did you mean \(near)?")
        } else {
            throw DecodeIssue("\"\(text)\" is not a colour; write #RRGGBB, #RRGGBBAA or a system colour name such as label, systemBlue or systemGray5")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }
}
