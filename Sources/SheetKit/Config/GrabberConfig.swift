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

    /// The height of the band above the content: the grabber plus breathing room, at least 20 pt; none without a grabber,
    /// whose content starts at the sheet's top edge as a UIKit or SwiftUI sheet's does (issue 34: dynamic-sheet's article,
    /// `Text("Hello").font(.largeTitle).padding()` fitted, is 107 pt with the cap top 24 pt down; the 20 pt band made it 127 and 44.7).
    public var bandHeight: Double { visible ? max(20, top + height + 10) : 0 }

    /// The space above the first element when it sets no `spaceAbove` of its own: none below a grabber's band (the band
    /// is the breathing room); without a grabber, the 20 pt a band would have left. A `spaceAbove` on it is measured from
    /// the sheet's top edge then, as SwiftUI's `.padding()` is.
    public var contentTopSpace: Double { visible ? 0 : 20 }
}
