import Foundation

/// How the sheet answers the software keyboard (`sheet.keyboard.behavior`, docs/keyboard.md).
///
/// Each rule is read from its source (docs/keyboard-reference.md cites file and line):
/// - `system`: UIKit's sheet. The detents are measured above the keyboard: a detent's content keeps its height and
///   rises with the keyboard, capped at the large height; at large the sheet stays and the keyboard covers its bottom.
/// - `interactive`, `extend`, `fillParent`: gorhom's `keyboardBehavior`.
/// - `none`: the keyboard covers the sheet (FloatingPanel with no keyboard layout).
/// - `reposition`: vaul's `repositionInputs`, its default.
/// - `adjustResize`: Android's `windowSoftInputMode="adjustResize"` under a Material bottom sheet.
public enum KeyboardBehavior: String, Sendable, CaseIterable, Codable {
    case system, interactive, extend, fillParent, none, reposition, adjustResize

    /// A feel's own answer to the keyboard, when the config names none (SPEC §3.3).
    public static func `default`(for feel: Feel) -> KeyboardBehavior {
        switch feel {
        case .uikit, .multiHeight, .blurSheet: return .system
        case .gorhom: return .interactive
        case .vaul: return .reposition
        case .floatingpanel: return .none
        case .material: return .adjustResize
        }
    }

    /// gorhom's three `keyboardBehavior` values: the sheet goes to one keyboard position whatever detent it was on,
    /// a drag cannot lift it above where it started, and a drag that ends lower dismisses the keyboard.
    public var isGorhom: Bool { self == .interactive || self == .extend || self == .fillParent }

    /// Whether focusing a field takes the sheet to its largest detent: UIKit's sheet does (FB17890661,
    /// benedom/AutoResizingSheet#1), and gorhom's three go to their keyboard position above the highest snap point.
    public var expandsToLargest: Bool { self == .system || isGorhom }

    /// The name shown in the window.
    public var title: String {
        switch self {
        case .system: return "system (UIKit)"
        case .interactive: return "interactive (gorhom)"
        case .extend: return "extend (gorhom)"
        case .fillParent: return "fillParent (gorhom)"
        case .none: return "none (covers the sheet)"
        case .reposition: return "reposition (vaul)"
        case .adjustResize: return "adjustResize (Android)"
        }
    }
}

/// The `sheet.keyboard` object.
public struct KeyboardConfig: Sendable, Equatable, Codable {
    /// `nil` (default): the feel's own (`KeyboardBehavior.default(for:)`).
    public var behavior: KeyboardBehavior?
    /// A drag of the sheet or its content hides the keyboard (UIKit's `keyboardDismissMode = .onDrag`, SwiftUI's
    /// `.scrollDismissesKeyboard(.immediately)`, gorhom's `enableBlurKeyboardOnGesture`). Default `false`: the
    /// keyboard stays up while the sheet is dragged.
    public var dismissOnDrag = false
    /// The keyboard's height in points for the canvas as it is turned, QuickType bar and home indicator included;
    /// `nil` (default): the device's measured height (`KeyboardMetrics`).
    public var height: Double?
    /// gorhom's `keyboardBlurBehavior`, for its three behaviours: `none` (default, gorhom's): when the keyboard hides
    /// without a gesture the sheet stays where the keyboard put it until the next gesture; `restore`: it goes to its
    /// highest detent (`detents[currentIndex]`, which the keyboard made the highest).
    public var blurBehavior = BlurBehavior.none

    public enum BlurBehavior: String, Sendable, CaseIterable, Codable { case none, restore }

    public init(behavior: KeyboardBehavior? = nil, dismissOnDrag: Bool = false, height: Double? = nil, blurBehavior: BlurBehavior = .none) {
        self.behavior = behavior; self.dismissOnDrag = dismissOnDrag; self.height = height; self.blurBehavior = blurBehavior
    }

    /// The behaviour in force under `feel`.
    public func resolvedBehavior(feel: Feel) -> KeyboardBehavior { behavior ?? .default(for: feel) }

    enum CodingKeys: String, CodingKey { case behavior, dismissOnDrag, height, blurBehavior }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        behavior = try c.optionalKeyboardBehavior(.behavior)
        dismissOnDrag = try c.value(.dismissOnDrag, or: dismissOnDrag)
        if c.contains(.height) { height = try c.number(.height, or: .nan, .halfOpenAbove(0, 2048)).nonNaN }
        blurBehavior = try c.choice(.blurBehavior, or: blurBehavior, listingAll: true)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(behavior?.rawValue, forKey: .behavior)
        if dismissOnDrag { try c.encode(dismissOnDrag, forKey: .dismissOnDrag) }
        try c.encodeIfPresent(height, forKey: .height)
        if blurBehavior != .none { try c.encode(blurBehavior.rawValue, forKey: .blurBehavior) }
    }
}

extension KeyedDecodingContainer where Key == KeyboardConfig.CodingKeys {
    func optionalKeyboardBehavior(_ key: Key) throws -> KeyboardBehavior? {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        if let v = KeyboardBehavior(rawValue: raw) { return v }
        report("\"\(raw)\" is not a keyboard behavior\(Suggest.didYouMean(raw, in: KeyboardBehavior.allCases.map(\.rawValue)))"
               + " (behaviors: \(KeyboardBehavior.allCases.map(\.rawValue).joined(separator: ", ")))", at: key)
        return nil
    }
}

/// The iOS keyboard's measured heights and motion (docs/keyboard-reference.md gives every number's source).
public enum KeyboardMetrics {
    /// The keyboard's frame height in points (`UIKeyboardFrameEndUserInfoKey`), the QuickType bar and the home
    /// indicator's area included, portrait and landscape, by device preset.
    public struct Heights: Sendable, Equatable {
        public var portrait: Double
        public var landscape: Double
        public init(portrait: Double, landscape: Double) { self.portrait = portrait; self.landscape = landscape }
    }

    /// By device preset name. Sources: docs/keyboard-reference.md, "Heights".
    public static let heights: [String: Heights] = [
        "iphone-se": Heights(portrait: 260, landscape: 200),
        "iphone-13-mini": Heights(portrait: 336, landscape: 209),
        "iphone-15": Heights(portrait: 336, landscape: 209),
        "iphone-15-pro": Heights(portrait: 336, landscape: 209),
        "iphone-15-pro-max": Heights(portrait: 346, landscape: 209),
        "ipad-mini": Heights(portrait: 320, landscape: 398),
    ]

    /// The QuickType (predictive) bar at the keyboard's top, in points: part of every height above (336 − 291 on
    /// the iPhone 15 class, both cited in react-native-keyboard-controller's tests).
    public static let quickTypeBar = 45.0

    /// How much taller iOS 26's Liquid Glass keyboard is than the classic one on an iPhone in portrait: ≈308 against
    /// 291 pt without QuickType (measured on react-native-keyboard-controller's iPhone 16e iOS 26.1 baseline; one
    /// device, so the other iPhones' glass heights are that measurement carried over).
    public static let glassExtra = 17.0

    /// The keyboard's height on `canvas` of device `device` as it is turned, for the sheet's style (`glass`: the
    /// iOS 26 keyboard). A device without measured heights takes its kind's: an iPad the iPad mini's, anything else
    /// the default device's (docs/keyboard.md).
    public static func height(device: String, canvas: Canvas, style: SheetConfig.Style = .classic) -> Double {
        let iPad = device.hasPrefix("ipad")
        let h = heights[device] ?? heights[iPad ? "ipad-mini" : DevicePreset.defaultName]!
        let landscape = canvas.width > canvas.height
        let iPhone = !iPad
        return (landscape ? h.landscape : h.portrait) + (style == .glass && iPhone && !landscape ? glassExtra : 0)
    }

    /// The keyboard's height for `config` on `canvas`: `sheet.keyboard.height`, else the device's.
    public static func height(config: SheetLabConfig, canvas: Canvas) -> Double {
        config.sheet.keyboard.height ?? height(device: config.device, canvas: canvas, style: config.sheet.style)
    }

    /// The least room a keyboard leaves between its top and the top safe area, in points: a line of content (44 pt,
    /// the HIG's smallest tap target). A taller keyboard is refused (`ConfigValidator`).
    public static let minimumRoomAbove = 44.0

    /// UIKit's keyboard animation (`UIKeyboardAnimationCurveUserInfoKey` 7, `UIKeyboardAnimationDurationUserInfoKey`
    /// 0.25 s): the spring gorhom imitates it with (`getKeyboardAnimationConfigs`, "keyboard": damping 500, stiffness
    /// 1000, mass 3, overshoot clamped, rest 10 / 10) as Reanimated runs it: critically damped at ω0 = √(k/m) =
    /// 18.26 rad/s, 94 % of the way at 0.25 s.
    public static var spring: ReanimatedSpring {
        ReanimatedSpring(stiffness: 1000, damping: 500, mass: 3, overshootClamping: true, restDisplacement: 10, restSpeed: 10)
    }

    /// How the keyboard, and the sheet that moves with it, animate.
    public static var motion: MotionCurve { .reanimatedSpring(spring) }
}
