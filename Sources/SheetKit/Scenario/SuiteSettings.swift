import Foundation

/// A suite's `sheetlab-test.json`, at the suite root: default tolerances and where goldens live.
public struct SuiteSettings: Sendable, Equatable {
    public static let fileName = "sheetlab-test.json"
    /// The placeholders a `goldenDir` template may hold.
    public static let placeholders = ["{platform}", "{fingerprint}"]
    public static let defaultGoldenDir = "__goldens__"

    /// Tolerances every scenario and snapshot starts from.
    public var tolerances = ToleranceSettings()
    /// The goldens folder beside each scenario, as a template: `__goldens__/{platform}` keeps one set per CI image.
    public var goldenDir = SuiteSettings.defaultGoldenDir

    public init() {}

    /// The template with its placeholders filled.
    public func goldenDirectory(platform: String, fingerprint: String) -> String {
        goldenDir.replacingOccurrences(of: "{platform}", with: platform).replacingOccurrences(of: "{fingerprint}", with: fingerprint)
    }
}

extension SuiteSettings: LoadableDocument {
    public static let shape = "sheetlab-test.json is a JSON object"
    public static var fallback: SuiteSettings? { SuiteSettings() }
}

extension SuiteSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case goldenDir }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tolerances = try ToleranceSettings(from: decoder)
        if let dir = try c.decodeIfPresent(String.self, forKey: .goldenDir) {
            if let problem = Self.problem(withGoldenDir: dir) { c.report(problem, at: .goldenDir) } else { goldenDir = dir }
        }
    }

    /// Why a `goldenDir` template cannot be used, or nil.
    static func problem(withGoldenDir dir: String) -> String? {
        if dir.isEmpty { return "must not be empty" }
        if dir.hasPrefix("/") { return "is relative to each scenario's folder; \"\(dir)\" is absolute" }
        if dir.split(separator: "/").contains("..") { return "must stay beside the scenarios; \"..\" is not allowed" }
        var rest = dir
        for p in placeholders { rest = rest.replacingOccurrences(of: p, with: "") }
        if rest.contains("{") || rest.contains("}") {
            return "knows the placeholders \(placeholders.joined(separator: " and ")); \"\(dir)\" has another"
        }
        return nil
    }
}
