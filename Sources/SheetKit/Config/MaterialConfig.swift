/// The backdrop material: blur, then saturation, then tint. Written as a named material (`"regular"`), which
/// resolves in the config's appearance, or as an object of raw values.
public struct MaterialConfig: Sendable, Equatable, Codable {
    /// Gaussian sigma in points. 0 turns the blur off.
    public var blur: Double
    /// Composited over the blurred backdrop.
    public var tint: SRGBColor
    /// Saturation multiplier; 1 leaves colours as they are.
    public var saturation: Double
    /// The named material these values come from, or `nil` for raw values. A named material follows the
    /// appearance: `SheetLabConfig` resolves it again when its appearance changes.
    public var name: MaterialName?

    /// The default: the `regular` material, light (a dark config resolves it dark).
    public init() { self = .named(.regular, in: .light) }

    public init(blur: Double, tint: SRGBColor, saturation: Double, name: MaterialName? = nil) {
        self.blur = blur; self.tint = tint; self.saturation = saturation; self.name = name
    }

    /// The values of material `name` in `appearance` (`MaterialName.values`).
    public static func named(_ name: MaterialName, in appearance: Appearance) -> MaterialConfig {
        let v = name.values(appearance)
        return MaterialConfig(blur: v.blur, tint: v.tint, saturation: v.saturation, name: name)
    }

    /// The same material in `appearance`: a named one takes that appearance's values, raw values stay.
    public func resolved(in appearance: Appearance) -> MaterialConfig {
        name.map { Self.named($0, in: appearance) } ?? self
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case blur, tint, saturation }

    /// A name, or an object whose missing keys take the appearance's `regular` material values.
    public init(from decoder: any Decoder) throws {
        let appearance = decoder.appearance
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard let name = MaterialName(rawValue: text) else {
                throw DecodeIssue("\"\(text)\" is not a material\(Suggest.didYouMean(text, in: MaterialName.allCases.map(\.rawValue)))")
            }
            self = .named(name, in: appearance)
            return
        }
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else {
            throw DecodeIssue("expected a material name (\(MaterialName.allCases.map(\.rawValue).joined(separator: ", "))) or an object with blur, tint and saturation")
        }
        let base = MaterialConfig.named(.regular, in: appearance)
        blur = try c.number(.blur, or: base.blur, .closed(0, 200))
        tint = try c.value(.tint, or: base.tint)
        saturation = try c.number(.saturation, or: base.saturation, .closed(0, 4))
        name = nil
    }

    /// A named material is written as its name, so that it follows the appearance after a round trip.
    public func encode(to encoder: any Encoder) throws {
        if let name {
            var c = encoder.singleValueContainer()
            try c.encode(name.rawValue)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(blur, forKey: .blur)
        try c.encode(tint, forKey: .tint)
        try c.encode(saturation, forKey: .saturation)
    }
}
