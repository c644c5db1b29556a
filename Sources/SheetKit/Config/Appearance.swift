/// The iOS appearance a config is drawn in: every scene, system colour, named material and default resolves in it.
public enum Appearance: String, Sendable, CaseIterable, Codable {
    case light, dark

    /// The other appearance.
    public var toggled: Appearance { self == .light ? .dark : .light }

    /// The key under which a config's decode carries its appearance to the colours and materials inside it
    /// (see `Decoder.setContext`).
    static let contextKey = "appearance"
}

extension Decoder {
    /// The appearance the document being decoded set with its top-level `appearance` key; light when none.
    var appearance: Appearance { context(Appearance.contextKey, as: Appearance.self) ?? .light }
}
