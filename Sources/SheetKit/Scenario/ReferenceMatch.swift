/// A snapshot's check against a reference image (`"matches"`): the frame the scenario reaches is measured like the
/// image, and every feature must agree within the tolerance.
public struct ReferenceMatch: Sendable, Equatable {
    /// The reference image (PNG or JPEG), relative to the scenario.
    public var image: String
    public var tolerance: MatchTolerance

    public init(image: String, tolerance: MatchTolerance = MatchTolerance()) {
        self.image = image; self.tolerance = tolerance
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case image, tolerance }
}

extension ReferenceMatch: Decodable {
    /// `"ref.png"`, or `{"image": "ref.png", "tolerance": {"pt": 2}}`.
    public init(from decoder: any Decoder) throws {
        let node = try decoder.singleValueContainer().decode(JSONNode.self)
        switch node.value {
        case .string(let path):
            if path.isEmpty { throw DecodeIssue("names a reference image; it must not be empty") }
            self.init(image: path)
        case .object:
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let path = try c.decode(String.self, forKey: .image)
            if path.isEmpty { throw DecodeIssue("names a reference image; it must not be empty", subkey: "image") }
            self.init(image: path, tolerance: try c.decodeIfPresent(MatchTolerance.self, forKey: .tolerance) ?? MatchTolerance())
        default:
            throw DecodeIssue("expected a reference image's path or {\"image\": …, \"tolerance\": {…}}, found \(node.kindName)")
        }
    }
}
