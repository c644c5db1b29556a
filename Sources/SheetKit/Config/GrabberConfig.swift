/// The grabber capsule at the top of the sheet.
public struct GrabberConfig: Sendable, Equatable, Codable {
    /// Default `true`.
    public var visible = true
    /// Width in points. Default 36.
    public var width = 36.0
    /// Height in points. Default 5.
    public var height = 5.0
    /// Distance from the sheet's top edge in points. Default 5.
    public var top = 5.0
    /// Default `nil`: a translucent grey that follows the appearance and the sheet's surface (`SheetSurface.grabber`),
    /// so that it reads on light and dark sheets alike.
    public var color: SRGBColor?

    public init() {}
    enum CodingKeys: String, CodingKey { case visible, width, height, top, color }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        visible = try c.value(.visible, or: visible)
        width = try c.number(.width, or: width, .halfOpenAbove(0, 2048))
        height = try c.number(.height, or: height, .halfOpenAbove(0, 2048))
        top = try c.number(.top, or: top, .length)
        color = try c.decodeIfPresent(SRGBColor.self, forKey: .color)
    }

    /// The height of the band above the content: the grabber plus breathing room, at least 20 pt.
    public var bandHeight: Double { visible ? max(20, top + height + 10) : 20 }
}
