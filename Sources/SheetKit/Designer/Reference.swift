/// A picture dropped on the window and measured (issue 37): the config it measured to is the live one, and the picture
/// is shown with the live sheet so that the two can be compared. C cycles how it is shown.
public struct Reference: Sendable, Equatable {
    public enum View: String, Sendable, CaseIterable {
        /// The picture at `Reference.onionOpacity` over the live render, same place, same scale.
        case onionSkin
        /// The picture left of the live canvas, at the same scale.
        case sideBySide
        /// Not shown (the reference is kept: C shows it again).
        case hidden

        /// The view after this one, as C cycles them.
        public var next: View {
            let all = View.allCases
            return all[(all.firstIndex(of: self)! + 1) % all.count]
        }

        /// How the badge and the toast name it.
        public var title: String {
            switch self {
            case .onionSkin: "onion skin"
            case .sideBySide: "side by side"
            case .hidden: "hidden"
            }
        }
    }

    /// How opaque the picture is over the live render in the onion skin, 0–1.
    public static let onionOpacity = 0.5
    /// The gap between the picture and the live canvas side by side, in points: two phones, not one wide one.
    public static let sideBySideGap = 12.0

    /// The dropped picture's path, as the drop gave it.
    public var path: String
    public var view: View = .onionSkin

    public init(path: String, view: View = .onionSkin) {
        self.path = path; self.view = view
    }
}

/// What measuring a dropped file gave (`DesignerEffect.measure`, handed back as `DesignerInput.measured`).
public enum DropMeasurement: Sendable {
    /// The measured config was written at `configPath` and derived under `overrides`: the designer commits it all or
    /// nothing (as `.derived`), then watches `configPath` and shows `picture` as the reference. `summary` is the
    /// measurement's report, for stdout. `reference`, when given, is the picture shown instead of `picture` (a dropped
    /// recording shows the still its look was read from).
    case measured(picture: String, configPath: String, ConfigEditor, overrides: ConfigOverrides,
                  Result<Workspace.Derived<Void>, InputError>, summary: String, reference: String? = nil)
    /// Nothing was measured: not an image, no sheet in it, a size no device has, a config that could not be written.
    case failed(picture: String, reason: String)
}
