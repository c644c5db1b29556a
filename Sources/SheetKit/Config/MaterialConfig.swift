/// The backdrop material: blur, then saturation, then tint.
public struct MaterialConfig: Sendable, Equatable, Codable {
    /// Gaussian sigma in points. Default 30. 0 turns the blur off.
    public var blur = 30.0
    /// Composited over the blurred backdrop. Default `#1C1C1EB3`.
    public var tint = SRGBColor(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0xB3)
    /// Saturation multiplier; 1 leaves colours as they are. Default 1.8.
    public var saturation = 1.8

    public init() {}
    enum CodingKeys: String, CodingKey { case blur, tint, saturation }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        blur = try c.number(.blur, or: blur, .closed(0, 200))
        tint = try c.value(.tint, or: tint)
        saturation = try c.number(.saturation, or: saturation, .closed(0, 4))
    }
}
