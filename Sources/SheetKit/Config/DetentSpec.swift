/// One detent as the config writes it, before it is resolved to a height in points.
public enum DetentSpec: Sendable, Equatable {
    /// The maximum height M = H − T − g (g: 10 classic, 3.8 glass).
    case large
    /// UIKit's medium: H/2 + B, capped at M.
    case medium
    /// The content's natural height plus the bottom safe area, capped at M.
    case fit(id: String)
    /// A fixed height in points, capped at M.
    case height(id: String, points: Double)
    /// A fraction f in (0, 1] of the height inside the safe area: f·(M − B) + B, as SwiftUI's `.fraction(f)`.
    case fraction(id: String, value: Double)

    public var id: String {
        switch self {
        case .large: return "large"
        case .medium: return "medium"
        case .fit(let id), .height(let id, _), .fraction(let id, _): return id
        }
    }
}

extension DetentSpec: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case id, height, fraction, fit }
    static let names = ["large", "medium", "fit"]

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            switch name {
            case "large": self = .large
            case "medium": self = .medium
            case "fit": self = .fit(id: "fit")
            default:
                throw DecodeIssue("\"\(name)\" is not a detent\(Suggest.didYouMean(name, in: Self.names)); "
                                  + "or write {\"id\": \"\(name)\", \"height\": 200}")
            }
            return
        }
        let c: KeyedDecodingContainer<CodingKeys>
        do { c = try decoder.container(keyedBy: CodingKeys.self) } catch {
            throw DecodeIssue("a detent is \"large\", \"medium\", \"fit\" or an object such as {\"id\": \"peek\", \"height\": 120}")
        }
        c.acceptAll()
        let id = try c.decode(String.self, forKey: .id)
        if id.isEmpty { throw DecodeIssue("must not be empty", subkey: "id") }
        let height = try c.decodeIfPresent(Double.self, forKey: .height)
        let fraction = try c.decodeIfPresent(Double.self, forKey: .fraction)
        let fit = try c.decodeIfPresent(Bool.self, forKey: .fit)
        let given = [height != nil, fraction != nil, fit != nil].filter { $0 }.count
        if given == 0 && c.hasUnknownKeys { throw DecodeIssue.alreadyReported }
        if given != 1 {
            throw DecodeIssue(given == 0 ? "detent \"\(id)\" needs one of height, fraction or fit"
                                         : "detent \"\(id)\" takes only one of height, fraction or fit")
        }
        if let height {
            if let p = NumberRule.positive.problem(with: height) { throw DecodeIssue(p, subkey: "height") }
            self = .height(id: id, points: height)
        } else if let fraction {
            if let p = NumberRule.fraction.problem(with: fraction) { throw DecodeIssue(p, subkey: "fraction") }
            self = .fraction(id: id, value: fraction)
        } else {
            if fit != true { throw DecodeIssue("must be true; leave it out otherwise", subkey: "fit") }
            self = .fit(id: id)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .large, .medium:
            var c = encoder.singleValueContainer(); try c.encode(id)
        case .fit(let id) where id == "fit":
            var c = encoder.singleValueContainer(); try c.encode("fit")
        case .fit(let id):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(true, forKey: .fit)
        case .height(let id, let points):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(points, forKey: .height)
        case .fraction(let id, let value):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id); try c.encode(value, forKey: .fraction)
        }
    }
}
