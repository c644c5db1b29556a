// Declarations of the UIKit API that `sheetlab export --to uikit|floatingpanel` writes, with the signatures of
// Apple's documentation (developer.apple.com/documentation/uikit), so that `swiftc -typecheck` checks labels and
// types. Bodies are placeholders; Objective-C optional requirements become protocol extensions.
//
// Every API newer than iOS 12 carries Apple's `@available(iOS N, *)`, as its documentation page states it. Linux
// ignores iOS availability, so ExportTests compiles the stubs once more per file with each `@available(iOS N, *)`
// above the file's stated minimum turned into a disabled availability domain: a use outside `if #available` fails.
@_exported import Foundation

@available(iOS 13.0, *)
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// UIColor is thread-safe and Sendable in Apple's SDK (not main-actor isolated), so a dynamic provider may make one.
open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    /// A colour resolved per trait collection (iOS 13): Increase Contrast's high-contrast variant, dark mode, ….
    @available(iOS 13.0, *)
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) { super.init() }
    public class var black: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
    public class var white: UIColor { UIColor(red: 1, green: 1, blue: 1, alpha: 1) }
    public class var clear: UIColor { UIColor(red: 0, green: 0, blue: 0, alpha: 0) }
}

@MainActor open class UIFont: NSObject {
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "largeTitle")
        public static let title1 = TextStyle(rawValue: "title1")
        public static let title2 = TextStyle(rawValue: "title2")
        public static let title3 = TextStyle(rawValue: "title3")
        public static let headline = TextStyle(rawValue: "headline")
        public static let body = TextStyle(rawValue: "body")
    }
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont { UIFont() }
}

public struct UIEdgeInsets: Sendable, Equatable {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

public struct UIRectEdge: OptionSet, Sendable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1)
    public static let left = UIRectEdge(rawValue: 2)
    public static let bottom = UIRectEdge(rawValue: 4)
    public static let right = UIRectEdge(rawValue: 8)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

@MainActor open class NSLayoutConstraint: NSObject {
    public enum Axis: Int, Sendable { case horizontal, vertical }
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    open var isActive: Bool = false
}

@MainActor open class NSLayoutYAxisAnchor: NSObject {
    open func constraint(equalTo anchor: NSLayoutYAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutYAxisAnchor, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutYAxisAnchor, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutYAxisAnchor, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

@MainActor open class NSLayoutXAxisAnchor: NSObject {
    open func constraint(equalTo anchor: NSLayoutXAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutXAxisAnchor, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

@MainActor open class UILayoutGuide: NSObject {
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
}

@MainActor open class UIResponder: NSObject {
    @discardableResult open func becomeFirstResponder() -> Bool { true }
    @discardableResult open func resignFirstResponder() -> Bool { true }
}

@MainActor open class UIView: UIResponder {
    public struct AutoresizingMask: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 2)
        public static let flexibleHeight = AutoresizingMask(rawValue: 16)
    }
    public override init() { super.init() }
    public init(frame: CGRect) { super.init() }
    open var backgroundColor: UIColor?
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var isHidden: Bool = false
    open var autoresizingMask: UIView.AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    open func addSubview(_ view: UIView) {}
    open func insertSubview(_ view: UIView, at index: Int) {}
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var layoutMarginsGuide: UILayoutGuide { UILayoutGuide() }
    open var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide() }
}

@MainActor open class UIVisualEffect: NSObject {}

@MainActor open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable {
        case extraLight, light, dark, regular, prominent
        @available(iOS 13.0, *)
        case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        @available(iOS 13.0, *)
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        @available(iOS 13.0, *)
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }
    public init(style: UIBlurEffect.Style) { super.init() }
}

@MainActor open class UIVisualEffectView: UIView {
    public init(effect: UIVisualEffect?) { super.init() }
    open var contentView: UIView { UIView() }
}

@MainActor open class UILabel: UIView, UIContentSizeCategoryAdjusting {
    open var text: String?
    open var font: UIFont!
    open var textColor: UIColor!
    open var numberOfLines: Int = 1
    @available(iOS 10.0, *)
    open var adjustsFontForContentSizeCategory: Bool = false
}

/// UIContentSizeCategoryAdjusting (iOS 10): `adjustsFontForContentSizeCategory`.
@MainActor public protocol UIContentSizeCategoryAdjusting: NSObjectProtocol {
    var adjustsFontForContentSizeCategory: Bool { get set }
}

// Traits (developer.apple.com/documentation/uikit/uitraitcollection): the Dynamic Type size, Bold Text and the
// contrast trait, as values an app can override; UIAccessibility's settings, which it can only read.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
}

@available(iOS 13.0, *)
public enum UILegibilityWeight: Int, Sendable { case unspecified = -1, regular = 0, bold = 1 }

@available(iOS 13.0, *)
public enum UIAccessibilityContrast: Int, Sendable { case unspecified = -1, normal = 0, high = 1 }

open class UITraitCollection: NSObject, @unchecked Sendable {
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) { self.init() }
    @available(iOS 10.0, *)
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) { self.init() }
    @available(iOS 13.0, *)
    public convenience init(legibilityWeight: UILegibilityWeight) { self.init() }
    @available(iOS 13.0, *)
    public convenience init(accessibilityContrast: UIAccessibilityContrast) { self.init() }
    @available(iOS 10.0, *)
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }
    @available(iOS 13.0, *)
    open var legibilityWeight: UILegibilityWeight { .unspecified }
    @available(iOS 13.0, *)
    open var accessibilityContrast: UIAccessibilityContrast { .unspecified }
}

/// UIMutableTraits (iOS 17): the traits `traitOverrides` sets.
@available(iOS 17.0, *)
@MainActor public protocol UIMutableTraits {
    var preferredContentSizeCategory: UIContentSizeCategory { get set }
    var legibilityWeight: UILegibilityWeight { get set }
    var accessibilityContrast: UIAccessibilityContrast { get set }
}

/// UITraitOverrides (iOS 17), the type of `traitOverrides` on views, view controllers and presentation controllers.
@available(iOS 17.0, *)
@MainActor public struct UITraitOverrides: UIMutableTraits {
    public var preferredContentSizeCategory: UIContentSizeCategory { get { .large } set {} }
    public var legibilityWeight: UILegibilityWeight { get { .unspecified } set {} }
    public var accessibilityContrast: UIAccessibilityContrast { get { .unspecified } set {} }
}

/// UIAccessibility: the device's settings, which an app reads and is told about, and cannot set.
@MainActor public enum UIAccessibility {
    public static var isReduceTransparencyEnabled: Bool { false }
    public static var isReduceMotionEnabled: Bool { false }
    public static var isDarkerSystemColorsEnabled: Bool { false }
    public static var isBoldTextEnabled: Bool { false }
    @available(iOS 11.0, *)
    public static let reduceTransparencyStatusDidChangeNotification = Notification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
    @available(iOS 11.0, *)
    public static let reduceMotionStatusDidChangeNotification = Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    @available(iOS 11.0, *)
    public static let darkerSystemColorsStatusDidChangeNotification = Notification.Name("UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
}

@MainActor open class UIStackView: UIView {
    public enum Alignment: Int, Sendable { case fill, leading, firstBaseline, center, trailing, lastBaseline }
    public init(arrangedSubviews views: [UIView]) { super.init() }
    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var alignment: UIStackView.Alignment = .fill
    open var spacing: CGFloat = 0
    open func addArrangedSubview(_ view: UIView) {}
}

@available(iOS 14.0, *)
@MainActor open class UIAction: NSObject {
    public init(title: String = "", handler: @escaping @MainActor (UIAction) -> Void) { super.init() }
}

@MainActor open class UIControl: UIView {
    public struct State: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1)
        public static let disabled = State(rawValue: 2)
    }
    public struct Event: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchUpInside = Event(rawValue: 64)
        public static let valueChanged = Event(rawValue: 4096)
    }
    @available(iOS 14.0, *)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

@MainActor open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable { case custom, system }
    public init(type buttonType: UIButton.ButtonType) { super.init() }
    open func setTitle(_ title: String?, for state: UIControl.State) {}
}

/// UITextField (iOS 2), UITextFieldDelegate, UIReturnKeyType; UISearchTextField (iOS 13).
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

@MainActor public protocol UITextFieldDelegate: NSObjectProtocol {}
// `@objc optional` requirements: protocol extensions on Linux (see the FloatingPanel stub's note).
extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

@MainActor open class UITextField: UIControl, UIContentSizeCategoryAdjusting {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    public override init() { super.init() }
    open var text: String?
    open var placeholder: String?
    open var font: UIFont?
    open var textColor: UIColor?
    open var borderStyle: UITextField.BorderStyle = .none
    open var returnKeyType: UIReturnKeyType = .default
    weak open var delegate: (any UITextFieldDelegate)?
    @available(iOS 10.0, *)
    open var adjustsFontForContentSizeCategory: Bool = false
}

@available(iOS 13.0, *)
@MainActor open class UISearchTextField: UITextField {}

/// UIScrollView: `keyboardDismissMode` (iOS 7), `contentLayoutGuide` and `frameLayoutGuide` (iOS 11).
@MainActor open class UIScrollView: UIView {
    public enum KeyboardDismissMode: Int, Sendable { case none, onDrag, interactive }
    public override init() { super.init() }
    open var keyboardDismissMode: UIScrollView.KeyboardDismissMode = .none
    open var alwaysBounceVertical: Bool = false
    open var contentLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var frameLayoutGuide: UILayoutGuide { UILayoutGuide() }
}

@MainActor open class UIGestureRecognizer: NSObject {
    open var isEnabled: Bool = true
}
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {}

@MainActor open class UIViewController: UIResponder {
    public override init() { super.init() }
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    open var view: UIView!
    open var parent: UIViewController? { nil }
    open var presentedViewController: UIViewController? { nil }
    @available(iOS 13.0, *)
    open var isModalInPresentation: Bool { get { false } set {} }
    open var preferredContentSize: CGSize = .zero
    @available(iOS 15.0, *)
    open var sheetPresentationController: UISheetPresentationController? { nil }
    open func viewDidLoad() {}
    @available(iOS 17.0, *)
    open var traitOverrides: UITraitOverrides { get { UITraitOverrides() } set {} }
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use the traitOverrides property on the child view controller instead")
    open func setOverrideTraitCollection(_ collection: UITraitCollection?, forChild childViewController: UIViewController) {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

@MainActor open class UIPresentationController: NSObject {
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use the traitOverrides property instead")
    open var overrideTraitCollection: UITraitCollection?
    @available(iOS 17.0, *)
    open var traitOverrides: UITraitOverrides { get { UITraitOverrides() } set {} }
}

@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    @available(iOS 13.0, *)
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    @available(iOS 13.0, *)
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    @available(iOS 13.0, *)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    @available(iOS 13.0, *)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}
extension UIAdaptivePresentationControllerDelegate {
    @available(iOS 13.0, *)
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    @available(iOS 13.0, *)
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    @available(iOS 13.0, *)
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    @available(iOS 13.0, *)
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

@available(iOS 15.0, *)
@MainActor public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}
@available(iOS 15.0, *)
extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

@available(iOS 16.0, *)
@MainActor public protocol UISheetPresentationControllerDetentResolutionContext: NSObjectProtocol {
    var maximumDetentValue: CGFloat { get }
}

@available(iOS 15.0, *)
@MainActor open class UISheetPresentationController: UIPresentationController {
    @MainActor open class Detent: NSObject {
        public struct Identifier: Hashable, RawRepresentable, Sendable {
            public var rawValue: String
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public init(rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }
        open class func medium() -> UISheetPresentationController.Detent { Detent() }
        open class func large() -> UISheetPresentationController.Detent { Detent() }
        @available(iOS 16.0, *)
        public static func custom(identifier: UISheetPresentationController.Detent.Identifier? = nil,
                                  resolver: @escaping (any UISheetPresentationControllerDetentResolutionContext) -> CGFloat?)
            -> UISheetPresentationController.Detent { Detent() }
        @available(iOS 16.0, *)
        open var identifier: UISheetPresentationController.Detent.Identifier { .large }
    }
    open var detents: [UISheetPresentationController.Detent] = []
    open var selectedDetentIdentifier: UISheetPresentationController.Detent.Identifier?
    open var largestUndimmedDetentIdentifier: UISheetPresentationController.Detent.Identifier?
    open var prefersGrabberVisible: Bool = false
    open var preferredCornerRadius: CGFloat?
    open var prefersScrollingExpandsWhenScrolledToEdge: Bool = true
    open var prefersEdgeAttachedInCompactHeight: Bool = false
    open var widthFollowsPreferredContentSizeWhenEdgeAttached: Bool = false
    open func animateChanges(_ changes: () -> Void) {}
}
